// GET /manage/{token}/print-kit?format=poster|card: the ceremony print kit (PDF) of the memorial the
// family's link names, in the family's language; 409 when the public cannot see the memorial. An
// unknown link answers 404, an expired or replaced one 410, as the management page does.
import { isPrintKitFormat, printKitFor, printKitResponse } from "@memorial/lib/documents/print-kit";
import { publicOrigin } from "@memorial/lib/links";
import { visitorKitOffer } from "@memorial/lib/visitors/offer";
import { activeManageLink, manageFileText } from "@/web/public-pages/manage-link-file";

export async function GET(request: Request, context: { params: Promise<{ token: string }> }) {
  const { token } = await context.params;
  const format = new URL(request.url).searchParams.get("format") ?? "poster";
  if (!isPrintKitFormat(format)) return manageFileText("format must be poster or card", 400);
  const found = await activeManageLink(token);
  if (found instanceof Response) return found;
  return printKitResponse(
    await printKitFor(
      found.memorialId,
      format,
      publicOrigin(request.headers),
      await visitorKitOffer(found.memorialId),
    ),
  );
}
