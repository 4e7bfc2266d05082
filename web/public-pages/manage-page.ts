// The family's management page (/manage/{token}), as HTML from a route handler (410 and 404 need
// one). Each control is a small form that POSTs to the page itself; opening the page changes
// nothing. Every value goes through `html`, which escapes it.

import type { FamilyGuestbook } from "@memorial/lib/guestbook/queries";
import { html, type SafeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import type { MemorialPhotos } from "@memorial/lib/memorial-photos/queries";
import type { FamilyAudit } from "@memorial/lib/memorials/family-audit";
import type { ManageView } from "@memorial/lib/memorials/manage-token";
import { formatMoment } from "@memorial/lib/memorials/public-page";
import type { LatestArchive } from "@memorial/lib/privacy/archive";
import { noticeBody, publicDocument } from "./confirm-page";
import { manageAuditSection } from "./manage-audit-section";
import { type ManageCeremony, manageCeremonySection } from "./manage-ceremony";
import { manageClosingSection } from "./manage-closing-section";
import { manageGuestbookSection } from "./manage-guestbook";
import { managePhotosSection } from "./manage-photos";
import { managePrivacySection } from "./manage-privacy-section";
import { type ManageReminders, manageRemindersSection } from "./manage-reminders";
import { manageRightsSection } from "./manage-rights-section";

export type ManagePageView =
  | (ManageView & {
      token: string;
      done: boolean;
      reminders?: ManageReminders;
      guestbook?: FamilyGuestbook;
      /** The photos visitors shared (none for the global memorial). */
      photos?: MemorialPhotos;
      archive?: LatestArchive;
      /** What was done to the memorial. */
      audit?: FamilyAudit;
      /** The ceremony and its form (none for the global memorial). */
      ceremony?: ManageCeremony;
    })
  | { state: "expired" | "revoked" | "unknown" | "refused" | "invalid" };

// The summary's word for the privacy that applies (its control is the privacy section, the page's
// one way to hide the memorial).
const STATE_LABEL = {
  public: "manageStateVisible",
  link_only: "manageStateLinkOnly",
  hidden: "manageStateHidden",
} as const;

function control(action: string, token: string, language: Language, label: string, extra?: SafeHtml) {
  return html`<form method="post" action="${`/manage/${encodeURIComponent(token)}?lang=${language}`}">
    <input type="hidden" name="action" value="${action}">${extra ?? ""}
    <button type="submit" class="secondary" data-testid="${`manage-${action}`}">${label}</button>
  </form>`;
}

export function managePage(view: ManagePageView, language: Language, nonce: string, path: string): string {
  const m = translator(language, "page");
  const plant = translator(language, "plant");
  let title: string;
  let body: SafeHtml;
  switch (view.state) {
    case "active": {
      title = m("manageTitle");
      const t = view.token;
      const messages =
        view.messages.length === 0
          ? html`<p>${m("manageNoMessage")}</p>`
          : html`<ul class="messages">${view.messages.map(
              (msg) => html`<li data-testid="manage-message" data-tree="${String(msg.treeId)}">
                <strong>${msg.planter}</strong> · <span class="note">${formatMoment(msg.plantedAt, language)}</span>
                ${
                  msg.visitor
                    ? html` · <span class="note" data-testid="manage-visitor-origin">${plant(
                        msg.visitor.origin === "visitor_code" ? "originCode" : "originPayment",
                      )}</span>`
                    : ""
                }
                ${
                  msg.visitor?.words === "pending"
                    ? html` <span class="note" data-testid="manage-visitor-pending">${plant("wordsPending")}</span>`
                    : msg.hidden
                      ? html` <span class="note">${m("manageMessageHidden")}</span>`
                      : ""
                }
                <blockquote>${msg.message}</blockquote>
                ${
                  // A visitor's words are the family's to approve, hide or delete in its guestbook
                  // (below), which shows or hides the tree's planter and message with them.
                  msg.visitor
                    ? ""
                    : control(
                        msg.hidden ? "show-message" : "hide-message",
                        t,
                        language,
                        msg.hidden ? m("manageShowMessage") : m("manageHideMessage"),
                        html`<input type="hidden" name="tree" value="${String(msg.treeId)}">`,
                      )
                }
              </li>`,
            )}</ul>`;
      const anonymous =
        view.kind === "global"
          ? ""
          : html`<h2>${m("manageAnonymousHeading")}</h2><p class="note">${m("manageAnonymousHelp")}</p>
            ${
              view.kind === "classic"
                ? control("anonymise", t, language, m("manageAnonymise"))
                : view.anonymisedByFamily
                  ? control("unanonymise", t, language, m("manageUnanonymise"))
                  : html`<p>${m("manageAnonymousByOperator")}</p>`
            }${
              view.kind === "anonymous"
                ? html`<p class="note">${m("manageTitleHelp")}</p>${
                    view.anonymousTitle === "initials"
                      ? control("title-name", t, language, m("manageTitleName"))
                      : control("title-initials", t, language, m("manageTitleInitials"))
                  }`
                : ""
            }`;
      // A memorial closed as not confirmed (declined or expired) has nothing left to show or hide:
      // its page offers what still applies, the family's copy of it, its erasure and its history.
      const closed = view.status === "expired";
      const parts: [id: string, label: string, content: SafeHtml | string][] = [
        ["privacy", m("managePartPrivacy"), closed ? "" : managePrivacySection(view, language)],
        ["anonymity", m("manageAnonymousHeading"), closed ? "" : anonymous],
        [
          "ceremony",
          m("manageCeremonyHeading"),
          !closed && view.ceremony ? manageCeremonySection(view.ceremony, t, language) : "",
        ],
        [
          "messages",
          m("manageMessagesHeading"),
          closed
            ? ""
            : html`<h2>${m("manageMessagesHeading")}</h2><p class="note">${m("manageMessagesHelp")}</p>
        ${messages}`,
        ],
        [
          "guestbook",
          m("managePartGuestbook"),
          !closed && view.guestbook ? manageGuestbookSection(view.guestbook, t, language) : "",
        ],
        // The photos visitors shared: the family approves and removes them here.
        [
          "photos",
          translator(language, "gallery")("manageHeading"),
          !closed && view.photos ? managePhotosSection(view.photos, t, language) : "",
        ],
        ["closing", m("managePartClosing"), closed ? "" : manageClosingSection(view, language)],
        [
          "reminders",
          m("managePartReminders"),
          !closed && view.reminders ? manageRemindersSection(view.reminders, t, language) : "",
        ],
        ["rights", m("managePartRights"), manageRightsSection(view, language, { closed })],
        ["history", m("manageAuditHeading"), view.audit ? manageAuditSection(view.audit, language) : ""],
      ];
      const shown = parts.filter(([, , content]) => content !== "");
      body = html`
        <h1>${m("manageTitle")}</h1>
        ${view.done ? html`<p class="done" role="status" data-testid="manage-done">${m("manageDone")}</p>` : ""}
        <p>${closed ? m("manageIntroClosed") : m("manageIntro")}</p>
        <dl>
          <dt>${m("manageMemorial")}</dt><dd data-testid="manage-title">${view.title}</dd>
          <dt>${m("manageState")}</dt><dd data-testid="manage-state" data-state="${
            view.takenDown ? "taken_down" : view.status === "visible" ? view.privacy.level : view.status
          }">${
            // A memorial its family took down says so first.
            view.takenDown
              ? m("manageTakedownState")
              : // The privacy that applies now, as the privacy control below shows it.
                // A memorial closed as not confirmed (expired or declined) says so.
                view.status === "awaiting_confirmation"
                ? m("manageAwaiting")
                : view.status === "expired"
                  ? m("manageClosed")
                  : m(STATE_LABEL[view.privacy.level])
          }</dd>
        </dl>
        ${
          view.status === "visible" && !view.hidden && !view.takenDown
            ? html`<p><a href="${`/memorial/${view.memorialId}?lang=${language}`}">${m("manageView")}</a></p>`
            : ""
        }
        <nav class="parts" aria-labelledby="manage-parts-heading" data-testid="manage-parts">
          <h2 id="manage-parts-heading">${m("managePartsHeading")}</h2>
          <ul>${shown.map(([id, label]) => html`<li><a href="${`#${id}`}">${label}</a></li>`)}</ul>
        </nav>
        ${shown.map(([id, , content]) => html`<section id="${id}" data-part="${id}">${content}</section>`)}
        <p class="note">${m("manageExpires", { date: formatMoment(view.expiresAt, language, true) })}</p>`;
      break;
    }
    case "expired":
      title = m("manageExpiredTitle");
      body = noticeBody(title, m("manageExpiredText"));
      break;
    case "revoked":
    case "unknown":
      title = m("manageUnknownTitle");
      body = noticeBody(title, m("manageUnknownText"));
      break;
    case "invalid":
      title = m("manageRefusedTitle");
      body = noticeBody(title, m("manageInvalidText"));
      break;
    default:
      title = m("manageRefusedTitle");
      body = noticeBody(title, m("manageRefusedText"));
      break;
  }
  return publicDocument(title, body, language, nonce, path, m);
}
