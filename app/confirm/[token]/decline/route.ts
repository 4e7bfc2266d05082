// POST /confirm/{token}/decline, the confirmation page's "we do not wish this memorial"
// (a form, no JavaScript), guarded as the confirmation's button (confirmationButton). The memorial
// is closed at once as not confirmed (lib/memorials/decline-memorial.ts): a kind page in the
// family's language, and no further e-mail.
import { publicForm } from "@memorial/lib/http/public-form";
import { declineMemorial } from "@memorial/lib/memorials/decline-memorial";
import { confirmationButton, confirmPageAt, languageOfLink } from "@/web/public-pages/confirm-response";

export const POST = publicForm(confirmationButton, async (ctx) => {
  const language = languageOfLink(ctx.loaded);
  const answer = (view: Parameters<typeof confirmPageAt>[0], status: number) =>
    ctx.render(confirmPageAt, view, status, language);
  const result = await declineMemorial(ctx.params.token ?? "");
  switch (result.outcome) {
    case "declined":
      return answer({ state: "declined" }, 200);
    case "closed":
      return answer({ state: "closed", reason: result.reason }, 410);
    case "confirmed":
      return answer({ state: "used", memorialId: result.memorialId }, 410);
    case "expired":
      return answer({ state: "expired" }, 410);
    default:
      return ctx.render(confirmPageAt, { state: "unknown" }, 404);
  }
});
