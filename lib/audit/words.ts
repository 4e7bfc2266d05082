// The audit log's rows in words, for the dashboard (its table, on the client, and its CSV, on the
// server): who acted, what was done, each field's before → after. The words are the dashboard
// catalogue's (lib/i18n/catalogues), passed in as its translator.

import { ContextKind } from "@memorial/lib/db/generated/enums";
import type { MessageValues } from "@memorial/lib/i18n/format-message";
import type { DashboardKey } from "@memorial/lib/i18n/translate";

/** What the audit's writer (lib/changes/audit.ts) writes in place of a personal field's value. */
export const PERSONAL_VALUE = "(personal data, not kept)";

type Translate = (key: DashboardKey, values?: MessageValues) => string;

export interface ActorOfRow {
  kind: string;
  id: number | null;
  label: string | null;
  email: string | null;
}

/**
 * Who acted: a team member by their address as the users table has it now (one no longer there,
 * removed or erased, is a former member, by id), a key by its name, the family's link, a visitor,
 * the command line's account, the service's job.
 */
export function actorWords(actor: ActorOfRow, t: Translate): string {
  switch (actor.kind) {
    case "user":
      return actor.email ?? t("audit_by_former", { id: actor.id ?? "?" });
    case "key":
      return t("audit_by_key", { name: actor.label ?? String(actor.id ?? "?") });
    case "family":
      return t("audit_by_family");
    case "visitor":
      return t("audit_by_visitor");
    case "cli":
      return t("audit_by_cli", { account: actor.label ?? "" });
    default:
      return t("audit_by_system", { name: actor.label ?? "" });
  }
}

/** What was done ("tree.moved" → "Tree moved"); an action the catalogue does not know is shown as it is. */
export const actionWords = (action: string, t: Translate) =>
  t("audit_action", { key: action.replace(".", "_"), action });

/** One value of a changed field: yes/no, a dash for nothing, personal data said as not kept. */
function valueWords(value: unknown, t: Translate): string {
  if (value === undefined || value === null || value === "") return "—";
  if (value === PERSONAL_VALUE) return t("audit_personal");
  if (value === true) return t("yes");
  if (value === false) return t("no");
  if (typeof value === "string" || typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/** The kinds of funeral homes, groups and newspapers: the schema's enum, said in words (kind_*). */
const CONTEXT_KIND_NAMES = new Set<string>(Object.values(ContextKind));

/** A field's value: a context's kind in words (its API name is jargon to the dashboard's reader). */
function fieldValueWords(field: string, value: unknown, t: Translate): string {
  if (field === "kind" && typeof value === "string" && CONTEXT_KIND_NAMES.has(value))
    return t(`kind_${value}` as DashboardKey);
  return valueWords(value, t);
}

/**
 * Each changed field: its name as the data names it (`deathDate`, `status`: the names of the CSV
 * and of the API's data, not translated) and "before → after" in words (a creation has no before,
 * a removal no after).
 */
export function changeParts(
  changes: Record<string, { before?: unknown; after?: unknown }>,
  t: Translate,
): { field: string; values: string }[] {
  return Object.entries(changes).map(([field, change]) => {
    const before = "before" in change ? fieldValueWords(field, change.before, t) : null;
    const after = "after" in change ? fieldValueWords(field, change.after, t) : null;
    const values = before === null ? (after ?? "—") : `${before} → ${after ?? "—"}`;
    return { field, values };
  });
}

/** Each changed field as "field: before → after" (the CSV's cell, a line each). */
export function changeLines(
  changes: Record<string, { before?: unknown; after?: unknown }>,
  t: Translate,
): string[] {
  return changeParts(changes, t).map(({ field, values }) => `${field}: ${values}`);
}
