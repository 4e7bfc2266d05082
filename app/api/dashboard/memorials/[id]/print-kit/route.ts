// GET /api/dashboard/memorials/{id}/print-kit?format=poster|card: the ceremony print kit (PDF) of
// one of the operator's own memorials (another operator's: 404); 409 when the public cannot see it.

import { isPrintKitFormat, printKitFor, printKitResponse } from "@memorial/lib/documents/print-kit";
import { invalid, notFound } from "@memorial/lib/errors";
import { publicOrigin } from "@memorial/lib/links";
import { ownMemorial } from "@memorial/lib/memorials/queries";
import { parseId } from "@memorial/lib/validation";
import { visitorKitOffer } from "@memorial/lib/visitors/offer";
import { dashboardLanguage } from "@/web/dashboard/language";
import { dashboardRoute } from "@/web/dashboard/route";

export async function GET(request: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  return dashboardRoute(async ({ search, session }) => {
    const memorialId = parseId(id);
    const format = search.get("format") ?? "poster";
    if (!isPrintKitFormat(format))
      throw invalid("format must be poster or card", { field: "format", reason: "invalid" });
    const own = memorialId === null ? null : await ownMemorial(session.scope, memorialId);
    if (!own) throw notFound(`memorial ${id} does not exist`, { field: "id", reason: "not-found" });
    const result = await printKitFor(
      own.id,
      format,
      publicOrigin(request.headers),
      await visitorKitOffer(own.id),
    );
    return printKitResponse(result, await dashboardLanguage(session.operatorLanguage));
  })(request);
}
