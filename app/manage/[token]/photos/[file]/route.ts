// GET /manage/{token}/photos/{key}.jpg: one file of any photo visitors shared of the memorial the
// family's link names, waiting ones included (the management page's thumbnails: a waiting photo
// has no public address). An unknown link, or another memorial's photo, answers 404; an expired
// or replaced link 410, as the management page does. Private: never kept by a shared cache, and
// the address (it holds the link) is not sent on as a referrer.

import { familyPhotoFile } from "@memorial/lib/memorial-photos/queries";
import { manageLinkOf } from "@memorial/lib/memorials/manage-token";
import { photoFileResponse, photoKeyOf, photoNotFound } from "@/web/photo-file";

export async function GET(request: Request, context: { params: Promise<{ token: string; file: string }> }) {
  const { token, file } = await context.params;
  const key = photoKeyOf(file);
  const found = await manageLinkOf(token);
  if (found.state === "unknown" || !key) return photoNotFound();
  if (found.state !== "active") {
    return new Response("This management link has expired or been replaced\n", {
      status: 410,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  const response = photoFileResponse(
    request,
    key,
    await familyPhotoFile(found.memorialId, key),
    "private, no-store",
  );
  response.headers.set("referrer-policy", "same-origin");
  return response;
}
