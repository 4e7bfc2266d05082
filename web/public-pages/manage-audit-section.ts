// The family's management page: what was done to its memorial, newest first, from the
// audit log (lib/memorials/family-audit.ts): when, what, and by whom in the family's words (its
// funeral home, "you", a visitor, the service). Read only; no script.
import { actionWords } from "@memorial/lib/audit/words";
import { html, type SafeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { FAMILY_AUDIT_LIMIT, type FamilyAudit } from "@memorial/lib/memorials/family-audit";
import { formatMoment } from "@memorial/lib/memorials/public-page";

export function manageAuditSection(audit: FamilyAudit, language: Language): SafeHtml {
  const m = translator(language, "page");
  const words = translator(language, "dashboard");
  const by = {
    home: () => audit.home,
    you: () => m("manageAuditByYou"),
    visitor: () => m("manageAuditByVisitor"),
    service: () => m("manageAuditByService"),
  };
  const list =
    audit.rows.length === 0
      ? html`<p data-testid="manage-audit-none">${m("manageAuditNone")}</p>`
      : html`<ul class="messages">${audit.rows.map(
          (row) => html`<li data-testid="manage-audit-row" data-action="${row.action}" data-by="${row.by}">
            <span class="note">${formatMoment(row.at, language)}</span> · ${actionWords(row.action, words)} ·
            ${m("manageAuditBy", { who: by[row.by]() })}
          </li>`,
        )}</ul>${audit.more ? html`<p class="note">${m("manageAuditMore", { n: FAMILY_AUDIT_LIMIT })}</p>` : ""}`;
  return html`<section aria-labelledby="audit-heading" data-testid="manage-audit">
    <h2 id="audit-heading">${m("manageAuditHeading")}</h2>
    <p class="note">${m("manageAuditHelp")}</p>
    ${list}
  </section>`;
}
