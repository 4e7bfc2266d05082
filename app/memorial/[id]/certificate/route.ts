import { certificatePdf, PAPER_SIZES, type PaperSize } from "@memorial/lib/documents/certificate";
import { notPublic, publicMemorialRequest } from "@memorial/lib/documents/public-memorial-request";

// GET /memorial/{id}/certificate?size=a4|a5&lang=fr|nl|en|de: the printable certificate (PDF)
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const found = await publicMemorialRequest(request, params);
  if (!found) return notPublic();
  const size = (new URL(request.url).searchParams.get("size") ?? "a4").toLowerCase();
  if (!Object.hasOwn(PAPER_SIZES, size)) {
    return new Response("size must be a4 or a5", {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const pdf = await certificatePdf({ ...found, size: size as PaperSize });
  return new Response(Buffer.from(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="memorial-${found.memorial.id}-${size}.pdf"`,
      // A new tree changes it; a short private lifetime spares a double click.
      "cache-control": "private, max-age=60",
    },
  });
}
