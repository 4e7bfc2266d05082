// The family's management page: ask for the closing summary now (once; the
// page then says when it was sent) and download the ceremony print kit (only while the public can
// see the memorial: a hidden one's QR code would lead to a missing page).
import { html, type SafeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import type { ManageView } from "@memorial/lib/memorials/manage-token";
import { formatMoment } from "@memorial/lib/memorials/public-page";
import { settings } from "@memorial/lib/settings";

export function manageClosingSection(view: ManageView & { token: string }, language: Language): SafeHtml {
  const c = translator(language, "closing");
  const k = translator(language, "printkit");
  const base = `/manage/${encodeURIComponent(view.token)}`;
  const summary =
    view.status !== "visible"
      ? html`<p>${c("manageAwaiting")}</p>`
      : view.summarySentAt
        ? html`<p data-testid="closing-sent">${c("manageSent", { date: formatMoment(view.summarySentAt, language) })}</p>`
        : !view.hasFamilyEmail
          ? html`<p>${c("manageNoEmail")}</p>`
          : html`<form method="post" action="${`${base}?lang=${language}`}">
    <input type="hidden" name="action" value="closing-summary">
    <button type="submit" class="secondary" data-testid="manage-closing-summary">${c("manageButton")}</button>
  </form>`;
  const visible = view.status === "visible" && !view.hidden && !view.takenDown;
  const kit = visible
    ? html`<ul data-testid="print-kit">
        <li><a href="${`${base}/print-kit?format=poster`}" data-testid="print-kit-poster">${k("poster")}</a></li>
        <li><a href="${`${base}/print-kit?format=card`}" data-testid="print-kit-card">${k("card")}</a></li>
      </ul>`
    : html`<p data-testid="print-kit-refused">${k("notPublic")}</p>`;
  return html`<section data-testid="closing-section">
    <h2>${c("manageHeading")}</h2>
    <p class="note">${c("manageHelp", { weeks: settings().CLOSING_WEEKS })}</p>
    ${summary}
    <h2>${k("heading")}</h2><p class="note">${k("help")}</p>
    ${kit}
  </section>`;
}
