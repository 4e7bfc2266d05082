// GET /api/dashboard/memorials/{id}/photos/{key}.jpg: one file of any photo visitors shared of one
// of the operator's own memorials, waiting ones included (the dashboard's thumbnails: a waiting
// photo has no public address); another operator's, or an unknown file, answers 404.
import { operatorPhotoFile } from "@memorial/lib/memorial-photos/queries";
import { parseId } from "@memorial/lib/validation";
import { dashboardRoute } from "@/web/dashboard/route";
import { photoFileResponse, photoKeyOf, photoNotFound } from "@/web/photo-file";

export async function GET(request: Request, context: { params: Promise<{ id: string; file: string }> }) {
  const { id, file } = await context.params;
  return dashboardRoute(async ({ session }) => {
    const memorialId = parseId(id);
    const key = photoKeyOf(file);
    if (memorialId === null || !key) return photoNotFound();
    const body = await operatorPhotoFile(session.scope, memorialId, key);
    return photoFileResponse(request, key, body, "private, no-store");
  })(request);
}
