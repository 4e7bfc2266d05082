// The family's confirmation link (spec part 3). Opening it (GET, or HEAD as e-mail scanners do)
// only shows what would be confirmed; only the page's button (a POST) confirms. A route handler,
// not a page, so that a used or expired link answers 410 Gone and an unknown one 404.

import { publicForm } from "@memorial/lib/http/public-form";
import { confirmMemorial, lookupConfirmation } from "@memorial/lib/memorials/confirm-memorial";
import type { NextRequest } from "next/server";
import { confirmationButton, confirmPageAt, languageOfLink, page } from "@/web/public-pages/confirm-response";

type Context = { params: Promise<{ token: string }> };

// GET /confirm/{token}: what is being confirmed, and one button. Reads only (HEAD too).
export async function GET(request: NextRequest, context: Context) {
  const { token } = await context.params;
  const found = await lookupConfirmation(token);
  switch (found.state) {
    case "pending":
      return page(
        request,
        {
          state: "pending",
          token,
          title: found.title,
          operatorName: found.operatorName,
          familyName: found.familyName,
          expiresAt: found.expiresAt,
        },
        200,
        found.language,
      );
    case "used":
      return page(request, { state: "used", memorialId: found.memorialId }, 410, found.language);
    case "expired":
      return page(request, { state: "expired" }, 410, found.language);
    case "closed":
      return page(request, { state: "closed", reason: found.reason }, 410, found.language);
    default:
      return page(request, { state: "unknown" }, 404);
  }
}

// POST /confirm/{token}: the family pressed the button. Confirms once, however many presses.
export const POST = publicForm(confirmationButton, async (ctx) => {
  const result = await confirmMemorial(ctx.params.token ?? "");
  if (result.outcome === "confirmed" || result.outcome === "already-confirmed") {
    const lang = ctx.url.searchParams.get("lang");
    // ?confirmed=1: the memorial page says "confirmed, thank you" (read by the page, not cached).
    const query = `?confirmed=1${lang ? `&lang=${encodeURIComponent(lang)}` : ""}`;
    // 303: the browser follows with a GET to the now visible memorial.
    return new Response(null, {
      status: 303,
      headers: { Location: `/memorial/${result.memorialId}${query}`, "Cache-Control": "no-store" },
    });
  }
  if (result.outcome === "expired") return ctx.render(confirmPageAt, { state: "expired" }, 410);
  // Closed before this press (expired, or declined): a kind page, nothing planted.
  if (result.outcome === "closed") {
    return ctx.render(
      confirmPageAt,
      { state: "closed", reason: result.reason },
      410,
      languageOfLink(ctx.loaded),
    );
  }
  return ctx.render(confirmPageAt, { state: "unknown" }, 404);
});
