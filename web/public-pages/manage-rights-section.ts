// The family's rights over its memorial on its management page: take the memorial down
// at once (its page answers 410 Gone) or restore it; ask for its erasure (carried out 14 days
// later) or undo the request until then. Small forms that POST to the page itself; they work
// without JavaScript. The use cases are in lib/privacy/.
import { html, type SafeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import type { ManageView } from "@memorial/lib/memorials/manage-token";
import { formatCalendarDate } from "@memorial/lib/memorials/public-page";
import type { LatestArchive } from "@memorial/lib/privacy/archive";
import { erasureDay } from "@memorial/lib/privacy/erasure-day";

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

function archiveSection(
  view: ManageView & { token: string; archive?: LatestArchive },
  language: Language,
): SafeHtml {
  const m = translator(language, "page");
  const archive = view.archive;
  const state = !archive
    ? form(view, language, "archive", m("manageArchiveButton"))
    : !archive.readyAt || !archive.expiresAt
      ? html`<p data-testid="manage-archive-pending">${m("manageArchivePending")}</p>`
      : html`<p data-testid="manage-archive-ready">${m("manageArchiveReady", {
          date: formatCalendarDate(archive.expiresAt, language),
        })} <a href="${`/manage/${encodeURIComponent(view.token)}/archive/${archive.id}`}" data-testid="manage-archive-download">${m(
          "manageArchiveDownload",
        )}</a></p>${form(view, language, "archive", m("manageArchiveButton"))}`;
  return html`<section aria-labelledby="archive-heading" data-testid="manage-archive">
    <h2 id="archive-heading">${m("manageArchiveHeading")}</h2>
    <p class="note">${m("manageArchiveHelp")}</p>
    ${state}
  </section>`;
}

/** `closed`: a memorial closed as not confirmed, never public: nothing to take down. */
export function manageRightsSection(
  view: ManageView & { token: string; archive?: LatestArchive },
  language: Language,
  options: { closed?: boolean } = {},
): SafeHtml {
  const m = translator(language, "page");
  if (view.erased) {
    return html`<section aria-labelledby="erasure-heading" data-testid="manage-erasure">
    <h2 id="erasure-heading">${m("manageErasureHeading")}</h2>
    <p data-testid="manage-erased">${m("manageErasureDone")}</p>
  </section>`;
  }
  const erasure = view.erasureRequestedAt
    ? html`<p data-testid="manage-erasure-requested">${m("manageErasureRequested", {
        date: formatCalendarDate(erasureDay(view.erasureRequestedAt), language),
      })}</p>${form(view, language, "erasure-cancel", m("manageErasureCancel"))}`
    : html`<p class="note">${m("manageErasureHelp")}</p>${form(view, language, "erasure-request", m("manageErasureButton"))}`;
  const takedown = view.takenDown
    ? html`<p data-testid="manage-taken-down">${m("manageTakedownDone")}</p>${form(view, language, "restore", m("manageTakedownUndo"))}`
    : html`<p class="note">${m("manageTakedownHelp")}</p>${form(view, language, "takedown", m("manageTakedownButton"))}`;
  return html`${archiveSection(view, language)}${
    options.closed
      ? ""
      : html`<section aria-labelledby="takedown-heading" data-testid="manage-takedown">
    <h2 id="takedown-heading">${m("manageTakedownHeading")}</h2>
    ${takedown}
  </section>`
  }
  ${
    view.kind === "global"
      ? ""
      : html`<section aria-labelledby="erasure-heading" data-testid="manage-erasure">
    <h2 id="erasure-heading">${m("manageErasureHeading")}</h2>
    ${erasure}
  </section>`
  }`;
}
