// The guestbook section of the family's management page: the moderation mode (open,
// approval, closed) and every message, the waiting ones first, each with its controls (approve,
// hide, delete). Plain forms POSTed to the page itself, like its other controls; every value goes
// through `html`, which escapes it.

import { GUESTBOOK_MODE_LABEL, GUESTBOOK_STATUS_LABEL } from "@memorial/lib/guestbook/labels";
import type { FamilyGuestbook } from "@memorial/lib/guestbook/queries";
import { GUESTBOOK_MODES } from "@memorial/lib/guestbook/set-mode";
import { html, type SafeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { formatMoment } from "@memorial/lib/memorials/public-page";

/** The management page's guestbook actions (the `action` field of its forms). */
export const GUESTBOOK_MANAGE_ACTIONS = [
  "guestbook-mode",
  "guestbook-approve",
  "guestbook-hide",
  "guestbook-delete",
] as const;

export function manageGuestbookSection(
  guestbook: FamilyGuestbook,
  token: string,
  language: Language,
): SafeHtml {
  const t = translator(language, "guestbook");
  const action = `/manage/${encodeURIComponent(token)}?lang=${language}`;
  // A deletion cannot be undone: its form asks to tick that it is understood, and
  // lib/guestbook/manage-actions.ts refuses it without.
  const entryControl = (name: string, entryId: number, label: string) =>
    html`<form method="post" action="${action}">
      <input type="hidden" name="action" value="${name}"><input type="hidden" name="entry" value="${String(entryId)}">
      ${
        name === "guestbook-delete"
          ? html`<label><input type="checkbox" name="confirm" value="yes" required data-testid="guestbook-delete-confirm"> ${t("deleteConfirm")}</label>`
          : ""
      }
      <button type="submit" class="secondary" data-testid="${name}">${label}</button>
    </form>`;
  const entries =
    guestbook.entries.length === 0
      ? html`<p>${t("manageNone")}</p>`
      : html`<ul class="messages">${guestbook.entries.map(
          (
            entry,
          ) => html`<li data-testid="manage-guestbook-entry" data-entry="${String(entry.id)}" data-status="${entry.status}">
            <strong>${entry.authorName}</strong> · <span class="note">${formatMoment(entry.createdAt, language)}</span>
            · <span class="note">${t(GUESTBOOK_STATUS_LABEL[entry.status])}</span>
            <blockquote style="white-space:pre-line">${entry.message}</blockquote>
            ${entry.status === "published" ? "" : entryControl("guestbook-approve", entry.id, t("approve"))}
            ${entry.status === "hidden" ? "" : entryControl("guestbook-hide", entry.id, t("hide"))}
            ${entryControl("guestbook-delete", entry.id, t("delete"))}
          </li>`,
        )}</ul>`;
  return html`<h2 id="manage-guestbook">${t("manageHeading")}</h2>
    <form method="post" action="${action}" data-testid="guestbook-mode-form">
      <input type="hidden" name="action" value="guestbook-mode">
      <fieldset><legend>${t("manageModeLegend")}</legend>
      ${GUESTBOOK_MODES.map(
        (mode) =>
          html`<p><label><input type="radio" name="mode" value="${mode}"${
            guestbook.mode === mode ? html` checked` : ""
          }> ${t(GUESTBOOK_MODE_LABEL[mode])}</label></p>`,
      )}
      </fieldset>
      <button type="submit" class="secondary" data-testid="guestbook-save-mode">${t("manageSaveMode")}</button>
    </form>
    ${entries}`;
}
