// GET /manage/{token}/photos/{key}.jpg: one file of any photo visitors shared of the memorial the
// family's link names, waiting ones included (the management page's thumbnails: a waiting photo
// has no public address). An unknown link, or another memorial's photo, answers 404; an expired
// or replaced link 410, as the management page does. Private: never kept by a shared cache, and
// the address (it holds the link) is not sent on as a referrer.

import { familyPhotoFile } from "@memorial/lib/memorial-photos/queries";
import { photoFileResponse, photoKeyOf, photoNotFound } from "@/web/photo-file";
import { activeManageLink } from "@/web/public-pages/manage-link-file";

export async function GET(request: Request, context: { params: Promise<{ token: string; file: string }> }) {
  const { token, file } = await context.params;
  const key = photoKeyOf(file);
  if (!key) return photoNotFound();
  const found = await activeManageLink(token);
  if (found instanceof Response) return found;
  const response = photoFileResponse(
    request,
    key,
    await familyPhotoFile(found.memorialId, key),
    "private, no-store",
  );
  response.headers.set("referrer-policy", "same-origin");
  return response;
}
