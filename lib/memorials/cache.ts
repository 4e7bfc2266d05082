// Public memorial pages are cached; every change to a memorial (a tree planted, the person
// modified, a confirmation) expires its cache entry at once so the next load shows it.
// "next/cache.js": the explicit file lets plain Node (tests, the CLI) load this module too.
import { revalidateTag } from "next/cache.js";

export const memorialTag = (memorialId: number) => `memorial-${memorialId}`;

export function memorialChanged(memorialId: number): void {
  try {
    revalidateTag(memorialTag(memorialId), { expire: 0 });
  } catch {
    // Outside a Next.js request (command line, tests): there is no cache to expire.
  }
}
