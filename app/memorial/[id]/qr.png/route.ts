import { notPublic, publicMemorialRequest } from "@memorial/lib/documents/public-memorial-request";
import { qrPng } from "@memorial/lib/documents/qr";

// GET /memorial/{id}/qr.png?lang=: a QR code of the memorial's address, for funeral cards
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const found = await publicMemorialRequest(request, params);
  if (!found) return notPublic();
  return new Response(new Uint8Array(await qrPng(found.url)), {
    headers: {
      "content-type": "image/png",
      "content-disposition": `inline; filename="memorial-${found.memorial.id}-qr.png"`,
      // The address depends on the Host (without APP_URL): not for shared caches.
      "cache-control": "private, max-age=3600",
    },
  });
}
