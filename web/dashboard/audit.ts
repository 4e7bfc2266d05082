// The dashboard's audit log routes: one page of rows as JSON (keyset: ?after=) and
// the CSV of every row of the filters, for the operator (admins) or for one of its memorials
// (every role that sees the memorial). The operator is the session's, read on this request by
// dashboardRoute, and every read of lib/audit/queries.ts names it: another operator's rows are
// never read whatever the query says; another operator's memorial is not found.
import {
  type AuditFilter,
  auditPage,
  auditRowsForExport,
  parseAuditCursor,
  parseAuditFilter,
} from "@memorial/lib/audit/queries";
import { actionWords, actorWords, changeLines } from "@memorial/lib/audit/words";
import { notFound } from "@memorial/lib/errors";
import { CSV_FORMATS, type CsvValue, csvResponse, csvStream } from "@memorial/lib/exports/csv";
import { translator } from "@memorial/lib/i18n/translate";
import { ownMemorial } from "@memorial/lib/memorials/queries";
import { parseId } from "@memorial/lib/validation";
import type { OperatorSession } from "@/web/auth/session";
import { fileWord } from "./exports";
import { dashboardLanguage } from "./language";
import { dashboardRoute } from "./route";

type Scope = { memorialId: string } | "operator";

/** The filters of the request; for a memorial's routes, that memorial (the operator's own, or 404). */
async function filterOf(
  session: OperatorSession,
  search: URLSearchParams,
  scope: Scope,
): Promise<AuditFilter> {
  const filter = parseAuditFilter(session.operatorId, search);
  if (scope === "operator") return filter;
  const memorialId = parseId(scope.memorialId);
  const own = memorialId === null ? null : await ownMemorial(session.scope, memorialId);
  if (!own)
    throw notFound(`memorial ${scope.memorialId} does not exist`, { field: "id", reason: "not-found" });
  return { ...filter, memorialId: own.id };
}

/** GET …/audit?from=&to=&actor=&action=&target=&targetId=&memorial=&after=: one page, newest first. */
export function auditPageRoute(scope: Scope) {
  return dashboardRoute(
    async ({ search, session }) =>
      auditPage(await filterOf(session, search, scope), parseAuditCursor(search)),
    { role: scope === "operator" ? "admin" : "staff" },
  );
}

/** GET …/audit/csv?<the same filters>: every row of the filters, oldest first, in the user's words. */
export function auditCsvRoute(scope: Scope) {
  return dashboardRoute(
    async ({ search, session }) => {
      const filter = await filterOf(session, search, scope);
      const lang = await dashboardLanguage(session.operatorLanguage);
      const t = translator(lang, "dashboard");
      const header = [
        "Id",
        t("audit_col_at"),
        t("audit_col_kind"),
        t("audit_col_actor"),
        t("audit_col_code"),
        t("audit_col_action"),
        t("audit_col_target"),
        t("audit_target_id"),
        t("audit_col_memorial"),
        t("audit_col_changes"),
      ];
      async function* rows(): AsyncGenerator<CsvValue[]> {
        for await (const row of auditRowsForExport(filter)) {
          yield [
            row.id,
            row.at,
            t("audit_kind", { kind: row.actor.kind }),
            actorWords(row.actor, t),
            row.action,
            actionWords(row.action, t),
            t("audit_target_type", { type: row.targetType }),
            row.targetId,
            row.memorialId,
            changeLines(row.changes, t).join("\n"),
          ];
        }
      }
      const name = filter.memorialId ? `audit-memorial-${filter.memorialId}` : "audit";
      const days = [filter.from, filter.to].filter(Boolean).map((day) => fileWord(day as string));
      return csvResponse(`${[name, ...days].join("-")}.csv`, csvStream(header, rows(), CSV_FORMATS[lang]));
    },
    { role: scope === "operator" ? "admin" : "staff" },
  );
}
