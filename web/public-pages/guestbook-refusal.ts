// The page a refused guestbook message answers (400, 403, 404, 429): what was wrong, in the
// visitor's language, the text they typed (to copy, escaped like every value) and the way back.
import { html } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { publicDocument } from "./confirm-page";

export type GuestbookRefusalKey =
  | "refusedName"
  | "refusedMessage"
  | "refusedControl"
  | "refusedLink"
  | "refusedHoneypot"
  | "refusedRateLimited"
  | "refusedClosed"
  | "refusedOrigin"
  | "refusedInvalid"
  // The author's optional address is malformed.
  | "refusedEmail";

export function guestbookRefusalPage(input: {
  language: Language;
  nonce: string;
  memorialId: number | null;
  reason: GuestbookRefusalKey;
  message?: string;
}): string {
  const t = translator(input.language, "guestbook");
  const back =
    input.memorialId === null ? "/" : `/memorial/${input.memorialId}?lang=${input.language}#guestbook`;
  const typed = input.message?.trim();
  const body = html`<h1>${t("refusedTitle")}</h1>
    <p role="alert" data-testid="guestbook-refused">${t(input.reason)}</p>
    ${typed ? html`<p class="note">${t("yourText")}</p><blockquote data-testid="guestbook-typed">${typed}</blockquote>` : ""}
    <p><a href="${back}">${t("back")}</a></p>`;
  const path = input.memorialId === null ? "/" : `/memorial/${input.memorialId}`;
  return publicDocument(t("refusedTitle"), body, input.language, input.nonce, path);
}
