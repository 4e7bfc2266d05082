// GET /manage/{token}/print-kit?format=poster|card: the ceremony print kit (PDF) of the memorial the
// family's link names, in the family's language; 409 when the public cannot see the memorial. An
// unknown link answers 404, an expired or replaced one 410, as the management page does.
import { isPrintKitFormat, printKitFor, printKitResponse } from "@memorial/lib/documents/print-kit";
import { publicOrigin } from "@memorial/lib/links";
import { lookupManage } from "@memorial/lib/memorials/manage-token";
import { visitorKitOffer } from "@memorial/lib/visitors/offer";

const text = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "same-origin",
    },
  });

export async function GET(request: Request, context: { params: Promise<{ token: string }> }) {
  const { token } = await context.params;
  const format = new URL(request.url).searchParams.get("format") ?? "poster";
  if (!isPrintKitFormat(format)) return text("format must be poster or card", 400);
  const found = await lookupManage(token);
  if (found.state === "unknown") return text("Not found", 404);
  if (found.state !== "active") return text("This management link has expired or been replaced", 410);
  return printKitResponse(
    await printKitFor(
      found.memorialId,
      format,
      publicOrigin(request.headers),
      await visitorKitOffer(found.memorialId),
    ),
  );
}
