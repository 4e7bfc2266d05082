// Extension `UrlMemorial` (creation response, memorial information): the absolute address of the
// memorial's public page, or null while the memorial is not public. What is public is the memorial
// policy's decision (memorialsVisibleTo(PUBLIC)); the address is the one every link uses
// (lib/links.ts: APP_URL, else the Host the request came to).

import { preparedSql } from "@memorial/lib/db/raw";
import { memorialUrl, publicOrigin } from "@memorial/lib/links";
import { cachedMemorial } from "@memorial/lib/memorials/cache";
import { isPublicMemorial, memorialsVisibleToSql, PUBLIC } from "@memorial/lib/memorials/policy";

export async function publicMemorialUrl(
  request: Request,
  memorialId: number,
  /** The memorial as this request just wrote it: no read (a new memorial is never in the cache). */
  written?: { status: string; isTest: boolean; hiddenAt: Date | null; language: string },
): Promise<string | null> {
  if (written) {
    return isPublicMemorial(written)
      ? memorialUrl(publicOrigin(request.headers), { id: memorialId, language: written.language })
      : null;
  }
  // Kept with the memorial's other reads until one of its events (a confirmation, the family
  // hiding it) changes whether it is public.
  const memorial = await cachedMemorial(memorialId, "public-address", async () => {
    const [row] = await preparedSql.$queryRaw<{ id: number; language: string }[]>`
      SELECT m."id", m."language" FROM "memorial" m WHERE m."id" = ${memorialId} AND ${memorialsVisibleToSql(PUBLIC)}`;
    return row ?? null;
  });
  return memorial ? memorialUrl(publicOrigin(request.headers), memorial) : null;
}
