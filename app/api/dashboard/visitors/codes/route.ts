// POST /api/dashboard/visitors/codes: issues claim codes for a memorial or a context (JSON: target,
// id, count, expires, format) and answers their file at once, as an attachment: the cards' PDF or
// the CSV. The codes are shown only here (only their hash is stored). Admins only.
import { publicOrigin } from "@memorial/lib/links";
import { issueCodesFile, readJsonBody } from "@memorial/lib/visitors/dashboard";
import { dashboardRoute } from "@/web/dashboard/route";

export const POST = dashboardRoute(
  async ({ request, session }) => {
    const file = await issueCodesFile(
      session.operatorId,
      await readJsonBody(request),
      publicOrigin(request.headers),
    );
    return new Response(typeof file.body === "string" ? file.body : Buffer.from(file.body), {
      headers: {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.filename}"`,
        "cache-control": "private, no-store",
        "x-codes-issued": String(file.count),
      },
    });
  },
  { role: "admin" },
);
