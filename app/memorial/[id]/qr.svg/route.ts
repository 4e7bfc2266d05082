import { notPublic, publicMemorialRequest } from "@memorial/lib/documents/public-memorial-request";
import { qrSvg } from "@memorial/lib/documents/qr";

// GET /memorial/{id}/qr.svg?lang=: a QR code of the memorial's address, for funeral cards
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const found = await publicMemorialRequest(request, params);
  if (!found) return notPublic();
  return new Response(await qrSvg(found.url), {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "content-disposition": `inline; filename="memorial-${found.memorial.id}-qr.svg"`,
      // The address depends on the Host (without APP_URL): not for shared caches.
      "cache-control": "private, max-age=3600",
    },
  });
}
