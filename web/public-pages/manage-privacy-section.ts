// The family's choice of privacy level on its management page: public (found by the
// home page's search), link only (not searched, noindex) or hidden (the family's hide). One form of
// radio buttons that POSTs action=privacy to the page itself; works without JavaScript.

import type { PrivacyLevel } from "@memorial/lib/events/payloads";
import { html, type SafeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import type { ManageView } from "@memorial/lib/memorials/manage-token";
import { PRIVACY_LEVELS } from "@memorial/lib/memorials/policy";

const LABEL = {
  public: "privacyPublic",
  link_only: "privacyLinkOnly",
  hidden: "privacyHidden",
} as const satisfies Record<PrivacyLevel, string>;

export function managePrivacySection(view: ManageView & { token: string }, language: Language): SafeHtml {
  const h = translator(language, "home");
  const action = `/manage/${encodeURIComponent(view.token)}?lang=${language}`;
  return html`<section aria-labelledby="privacy-heading" data-testid="manage-privacy">
    <h2 id="privacy-heading">${h("privacyHeading")}</h2>
    <form method="post" action="${action}">
      <input type="hidden" name="action" value="privacy">
      <fieldset>
        <legend class="note">${h("privacyHelp")}</legend>
        ${PRIVACY_LEVELS.map(
          (level) =>
            html`<p><label><input type="radio" name="privacy" value="${level}" data-testid="${`privacy-${level}`}"${
              view.privacy.level === level ? html` checked` : ""
            }> ${h(LABEL[level])}</label></p>`,
        )}
      </fieldset>
      ${view.privacy.isDefault ? html`<p class="note" data-testid="privacy-default">${h("privacyDefault")}</p>` : ""}
      <button type="submit" class="secondary" data-testid="manage-privacy-save">${h("privacySave")}</button>
    </form>
  </section>`;
}
