// The family's rights over its memorial on its management page (issue 31.1): take the memorial down
// at once (its page answers 410 Gone) or restore it. A small form that POSTs to the page itself;
// works without JavaScript. The use cases are in lib/privacy/.
import { html, type SafeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import type { ManageView } from "@memorial/lib/memorials/manage-token";

function form(
  view: ManageView & { token: string },
  language: Language,
  action: string,
  label: string,
): SafeHtml {
  return html`<form method="post" action="${`/manage/${encodeURIComponent(view.token)}?lang=${language}`}">
    <input type="hidden" name="action" value="${action}">
    <button type="submit" class="secondary" data-testid="${`manage-${action}`}">${label}</button>
  </form>`;
}

export function manageRightsSection(view: ManageView & { token: string }, language: Language): SafeHtml {
  const m = translator(language, "page");
  const takedown = view.takenDown
    ? html`<p data-testid="manage-taken-down">${m("manageTakedownDone")}</p>${form(view, language, "restore", m("manageTakedownUndo"))}`
    : html`<p class="note">${m("manageTakedownHelp")}</p>${form(view, language, "takedown", m("manageTakedownButton"))}`;
  return html`<section aria-labelledby="takedown-heading" data-testid="manage-takedown">
    <h2 id="takedown-heading">${m("manageTakedownHeading")}</h2>
    ${takedown}
  </section>`;
}
