// GET /memorial/{id}/photos/{key}.jpg: one file of a visitor's photo, while it is published on a
// public memorial (lib/memorial-photos/queries.ts publicPhotoFile); otherwise a plain 404: a
// photo waiting for the family, removed, erased, or of a memorial hidden. A memorial taken down
// answers 410 Gone at every address under it before this route (lib/privacy/gone-page.ts); the
// query refuses it too, for a request that reaches Next.js some other way.
import { publicPhotoFile } from "@memorial/lib/memorial-photos/queries";
import { parseId } from "@memorial/lib/validation";
import { photoFileResponse, photoKeyOf, photoNotFound } from "@/web/photo-file";

// A file's bytes never change, but the photo may be removed: browsers keep it ten minutes, then
// ask again (its ETag makes that a 304 while it is still published).
const CACHE = "public, max-age=600";

async function photo(request: Request, params: Promise<{ id: string; file: string }>): Promise<Response> {
  const { id, file } = await params;
  const memorialId = parseId(id);
  const key = photoKeyOf(file);
  if (memorialId === null || !key) return photoNotFound();
  return photoFileResponse(request, key, await publicPhotoFile(memorialId, key), CACHE);
}

// GET /memorial/{id}/photos/{key}.jpg: a published visitor's photo, or a plain 404
export async function GET(request: Request, { params }: { params: Promise<{ id: string; file: string }> }) {
  return photo(request, params);
}

// HEAD /memorial/{id}/photos/{key}.jpg: the same headers, no body
export async function HEAD(request: Request, { params }: { params: Promise<{ id: string; file: string }> }) {
  return photo(request, params);
}
