// POST /confirm/{token}/decline, the confirmation page's "we do not wish this memorial"
// (a form, no JavaScript). Same-origin check as the confirmation's button. The memorial is closed
// at once as not confirmed (lib/memorials/decline-memorial.ts): a kind page in the family's
// language, and no further e-mail.
import { publicForm } from "@memorial/lib/http/public-form";
import { lookupConfirmation } from "@memorial/lib/memorials/confirm-memorial";
import { declineMemorial } from "@memorial/lib/memorials/decline-memorial";
import { confirmPageAt, familyOfLink, languageOfLink } from "@/web/public-pages/confirm-response";

export const POST = publicForm(
  {
    // Who acts, for the audit log: the family holding the memorial's confirmation link.
    actor: familyOfLink,
    // The confirmation button's rule: a browser's cross-site POST is refused.
    origin: "if-present",
    form: false,
    load: (ctx) => lookupConfirmation(ctx.params.token ?? ""),
    // No form is read, and the use case refuses nothing of its own: a refusal is the origin's.
    refuse: (refusal, ctx) => {
      if (refusal.why !== "origin") throw "error" in refusal ? refusal.error : new Error(refusal.why);
      return ctx.render(confirmPageAt, { state: "refused" }, 403, languageOfLink(ctx.loaded));
    },
  },
  async (ctx) => {
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
  },
);
