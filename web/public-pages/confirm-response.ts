// The confirmation link's answers (app/confirm/[token]/route.ts and its decline route): the page
// in the family's language (or the one asked for).
import type { publicForm } from "@memorial/lib/http/public-form";
import { requestNonce, secretLinkLanguage, secretLinkPage } from "@memorial/lib/http/secret-link-page";
import type { Language } from "@memorial/lib/i18n/languages";
import { type ConfirmationLookup, lookupConfirmation } from "@memorial/lib/memorials/confirm-memorial";
import type { NextRequest } from "next/server";
import { type ConfirmView, confirmPage } from "./confirm-page";

/** The confirmation page at the link's address (the decline route answers on its link's page). */
export const confirmPageAt = (view: ConfirmView, language: Language, nonce: string, path: string) =>
  confirmPage(view, language, nonce, path.replace(/\/decline$/, ""));

export function page(
  request: NextRequest,
  view: ConfirmView,
  status: number,
  memorialLanguage?: string | null,
) {
  const language = secretLinkLanguage(request, memorialLanguage);
  return secretLinkPage(
    confirmPageAt(view, language, requestNonce(request), request.nextUrl.pathname),
    status,
  );
}

/** Who acts on a confirmation link, for the audit log: the family of its memorial (0: none). */
const familyOfLink = (found: ConfirmationLookup) =>
  ({ kind: "family", memorialId: "memorialId" in found ? found.memorialId : 0 }) as const;

/** The family's language of a link, when the link names a memorial. */
export const languageOfLink = (found: ConfirmationLookup) => ("language" in found ? found.language : null);

/**
 * What the confirmation page's two buttons (confirm, decline) are guarded by, for publicForm: the
 * family of the link acts. A browser's cross-site POST is refused; a client sending no Origin is
 * not a browser that could be tricked, and it still needs the secret token. No form is read, and
 * the use cases refuse nothing of their own: a refusal is the origin's.
 */
export const confirmationButton: Parameters<typeof publicForm<ConfirmationLookup>>[0] = {
  actor: familyOfLink,
  origin: "if-present",
  form: false,
  load: (ctx) => lookupConfirmation(ctx.params.token ?? ""),
  refuse: (refusal, ctx) => {
    if (refusal.why !== "origin") throw "error" in refusal ? refusal.error : new Error(refusal.why);
    return ctx.render(confirmPageAt, { state: "refused" }, 403, languageOfLink(ctx.loaded));
  },
};
