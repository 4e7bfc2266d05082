// The dashboard's read models of a tree's life (issue 20.2), built on lib/trees/queries.ts: the
// trees waiting to be planted with the filters of /dashboard/trees, one tree of the operator, and
// a sheet's report worded in the user's language.
import { db } from "@/lib/db/client";
import { invalid } from "@/lib/errors";
import type { Language } from "@/lib/i18n/languages";
import { type DashboardKey, translator } from "@/lib/i18n/translate";
import { isTestEnvironment, type OperatorScope } from "@/lib/scope";
import type { SheetReport } from "@/lib/trees/import-sheet";
import { treeLife, treesWaiting } from "@/lib/trees/queries";
import { SHEET_MAX_BYTES, SHEET_MAX_LINES } from "@/lib/trees/sheet";
import { isDay } from "@/lib/trees/transitions";
import { parseId } from "@/lib/validation";
import { REASON_MESSAGE } from "./field-reasons";

/** Trees listed at once on the Trees page (the count says how many there are in all). */
export const WAITING_LIST_LIMIT = 500;

export interface WaitingRow {
  id: number;
  memorialId: number;
  memorialTitle: string;
  species: string;
  site: string;
  orderedAt: string;
}

export interface WaitingListing {
  rows: WaitingRow[];
  total: number;
  /** The sites where the operator has trees waiting, for the filter. */
  sites: { id: number; name: string }[];
}

/** The page's filter from its query string: a site id, order days from and to (UTC). */
export function waitingFilter(search: URLSearchParams) {
  const site = search.get("site")?.trim() ?? "";
  const from = search.get("from")?.trim() ?? "";
  const to = search.get("to")?.trim() ?? "";
  const plantationId = site === "" ? undefined : parseId(site);
  if (plantationId === null)
    throw invalid(`site: no such site "${site.slice(0, 40)}"`, { field: "site", reason: "not-found" });
  for (const [name, value] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (value !== "" && !isDay(value))
      throw invalid(`${name} must be a day YYYY-MM-DD`, { field: name, reason: "date" });
  }
  return { plantationId, orderedFrom: from || undefined, orderedTo: to || undefined };
}

export async function waitingListing(scope: OperatorScope, search: URLSearchParams): Promise<WaitingListing> {
  const filter = waitingFilter(search);
  const [{ total, trees }, sites] = await Promise.all([
    treesWaiting(scope, { ...filter, limit: WAITING_LIST_LIMIT }),
    db.$queryRaw<{ id: number; name: string; country: string }[]>`
      SELECT DISTINCT p."id", p."name", p."country" FROM "plantation" p
      WHERE EXISTS (SELECT 1 FROM "tree" t WHERE t."plantation_id" = p."id" AND t."operator_id" = ${scope.operatorId}
        AND t."status" = 'ordered' AND t."is_test" = ${isTestEnvironment(scope.environment)})
      ORDER BY p."name", p."id"`,
  ]);
  return {
    total,
    rows: trees.map((tree) => ({
      id: tree.treeId,
      memorialId: tree.memorialId,
      memorialTitle: tree.memorialTitle,
      species: tree.species,
      site: tree.plantation,
      orderedAt: tree.orderedAt.toISOString(),
    })),
    sites: sites.map((site) => ({ id: site.id, name: `${site.name} (${site.country})` })),
  };
}

/** One of the operator's own trees with its life and history, or null (another's, or none). */
export async function ownTree(scope: OperatorScope, treeId: number) {
  const life = await treeLife(scope, treeId).catch((error) => {
    if ((error as { code?: string }).code === "NOT_FOUND") return null;
    throw error;
  });
  // treeLife reads what the memorial policy lets the scope read (a tree of another operator in
  // one of its memorials too): the dashboard changes only the operator's own trees.
  if (!life || life.operatorId !== scope.operatorId || life.isTest !== isTestEnvironment(scope.environment)) {
    return null;
  }
  return life;
}

/** The text of a sheet's line refusal: the column and why, in the user's language. */
const SHEET_REASON: Record<string, DashboardKey> = {
  "not-found": "trees_err_notFound",
  required: "fieldRequired",
};

export interface SheetLineView {
  line: number;
  treeId: number | null;
  step: string | null;
  ok: boolean;
  column: string | null;
  error: string | null;
}

export function sheetReportView(
  lang: Language,
  report: SheetReport,
): { ok: boolean; lines: SheetLineView[] } {
  const t = translator(lang, "dashboard");
  return {
    ok: report.ok,
    lines: report.lines.map((line) => {
      const reason = line.problem?.reason;
      const key = reason ? (SHEET_REASON[reason] ?? REASON_MESSAGE[reason] ?? "fieldInvalid") : null;
      return {
        line: line.line,
        treeId: line.treeId ?? null,
        step: line.step ?? null,
        ok: !line.error,
        column: line.problem?.field ?? null,
        error: key ? t("trees_lineError", { column: line.problem?.field ?? "", error: t(key) }) : null,
      };
    }),
  };
}

/** A refusal of the whole sheet (its field "sheet"), in the user's language. */
export function sheetRefusalText(lang: Language, reason: string): string {
  const t = translator(lang, "dashboard");
  const size = `${SHEET_MAX_BYTES / 1024 / 1024} MiB`;
  switch (reason) {
    case "too-large":
      return t("trees_sheet_tooLarge", { size });
    case "too-many-lines":
      return t("trees_sheet_tooManyLines", { lines: SHEET_MAX_LINES });
    case "empty":
      return t("trees_sheet_empty");
    case "no-file":
      return t("trees_importNoFile");
    case "unknown-column":
    case "duplicate-column":
    case "missing-columns":
      return t("trees_sheet_columns");
    default:
      return t("trees_sheet_notCsv");
  }
}

/** The size of a byte count as the forms say it: "10 MiB". */
export const mebibytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/** A refusal of a tree's photo (lib/photos: not-an-image, too-large), in the user's language. */
export function photoRefusalText(lang: Language, reason: string, maxBytes: number): string {
  const t = translator(lang, "dashboard");
  return reason === "too-large"
    ? t("trees_err_photoTooLarge", { size: mebibytes(maxBytes) })
    : t("trees_err_notAnImage");
}
