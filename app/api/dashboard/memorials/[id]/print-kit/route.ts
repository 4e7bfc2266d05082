// GET /api/dashboard/memorials/{id}/print-kit?format=poster|card: the ceremony print kit (PDF) of
// one of the operator's own memorials (another operator's: 404); 409 when the public cannot see it.
import { dashboardLanguage } from "@/lib/dashboard/language";
import { dashboardRoute } from "@/lib/dashboard/route";
import { db } from "@/lib/db/client";
import { isPrintKitFormat, printKitFor, printKitResponse } from "@/lib/documents/print-kit";
import { invalid, notFound } from "@/lib/errors";
import { publicOrigin } from "@/lib/links";
import { ownMemorialsOf } from "@/lib/memorials/policy";
import { parseId } from "@/lib/validation";

export async function GET(request: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  return dashboardRoute(async ({ search, session }) => {
    const memorialId = parseId(id);
    const format = search.get("format") ?? "poster";
    if (!isPrintKitFormat(format))
      throw invalid("format must be poster or card", { field: "format", reason: "invalid" });
    const own =
      memorialId === null
        ? null
        : await db.memorial.findFirst({
            where: { AND: [{ id: memorialId }, ownMemorialsOf(session.scope)] },
            select: { id: true },
          });
    if (!own) throw notFound(`memorial ${id} does not exist`, { field: "id", reason: "not-found" });
    const result = await printKitFor(own.id, format, publicOrigin(request.headers));
    return printKitResponse(result, await dashboardLanguage(session.operatorLanguage));
  })(request);
}
