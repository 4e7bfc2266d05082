// POST /confirm/{token}/decline, the confirmation page's "we do not wish this memorial"
// (a form, no JavaScript). Same-origin check as the confirmation's button. The memorial is closed
// at once as not confirmed (lib/memorials/decline-memorial.ts): a kind page in the family's
// language, and no further e-mail.
import { actingAs } from "@memorial/lib/audit/actor";
import { lookupConfirmation } from "@memorial/lib/memorials/confirm-memorial";
import { declineMemorial } from "@memorial/lib/memorials/decline-memorial";
import type { NextRequest } from "next/server";
import { fromOurOwnPage, page } from "@/web/public-pages/confirm-response";

type Context = { params: Promise<{ token: string }> };

export async function POST(request: NextRequest, context: Context) {
  const { token } = await context.params;
  const found = await lookupConfirmation(token);
  const language = "language" in found ? found.language : null;
  if (!fromOurOwnPage(request)) return page(request, { state: "refused" }, 403, language);
  // Who acts, for the audit log: the family holding the memorial's confirmation link.
  const memorialId = "memorialId" in found ? found.memorialId : 0;
  const result = await actingAs({ kind: "family", memorialId }, () => declineMemorial(token));
  switch (result.outcome) {
    case "declined":
      return page(request, { state: "declined" }, 200, language);
    case "closed":
      return page(request, { state: "closed", reason: result.reason }, 410, language);
    case "confirmed":
      return page(request, { state: "used", memorialId: result.memorialId }, 410, language);
    case "expired":
      return page(request, { state: "expired" }, 410, language);
    default:
      return page(request, { state: "unknown" }, 404);
  }
}
