// The page of a guestbook author's withdrawal link (/guestbook/withdraw/{token}): the
// message and one button (GET only shows it: mail scanners open links), the page once it is
// withdrawn, and the kind pages of a link expired (410) or unknown or used (404). Every value
// goes through `html`, which escapes it.
import { html, type SafeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { noticeBody, publicDocument } from "./confirm-page";

export type WithdrawPageView =
  | { state: "confirm"; token: string; title: string; authorName: string; message: string }
  | { state: "withdrawn" | "expired" | "unknown" | "refused" };

export function guestbookWithdrawPage(
  view: WithdrawPageView,
  language: Language,
  nonce: string,
  path: string,
): string {
  const t = translator(language, "guestbook");
  let title: string;
  let body: SafeHtml;
  switch (view.state) {
    case "confirm":
      title = t("withdrawTitle");
      body = html`<h1>${title}</h1>
        <p>${t("withdrawIntro", { title: view.title })}</p>
        <blockquote data-testid="withdraw-message">${view.message}</blockquote>
        <p class="note">${view.authorName}</p>
        <p>${t("withdrawConfirm")}</p>
        <form method="post" action="${`/guestbook/withdraw/${encodeURIComponent(view.token)}?lang=${language}`}">
          <button type="submit" data-testid="withdraw-confirm">${t("withdrawButton")}</button>
        </form>`;
      break;
    case "withdrawn":
      title = t("withdrawDoneTitle");
      body = html`<h1>${title}</h1><p role="status" data-testid="withdraw-done">${t("withdrawDoneText")}</p>`;
      break;
    case "expired":
      title = t("withdrawExpiredTitle");
      body = noticeBody(title, t("withdrawExpiredText"), "withdraw-expired");
      break;
    case "refused":
      title = t("refusedTitle");
      body = html`<h1>${t("withdrawTitle")}</h1><p role="alert">${t("withdrawOrigin")}</p>`;
      break;
    default:
      title = t("withdrawUnknownTitle");
      body = noticeBody(title, t("withdrawUnknownText"), "withdraw-unknown");
  }
  return publicDocument(title, body, language, nonce, path);
}
