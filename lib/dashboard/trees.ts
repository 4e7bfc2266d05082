// The dashboard's read models of a tree's life, built on lib/trees: the trees waiting to
// be planted with the filters of /dashboard/trees and their field sheet, the lists of trees in the
// ground, due for a check and dead, one tree of the operator, and a sheet's report
// worded in the user's language.
import { invalid } from "@memorial/lib/errors";
import { CSV_FORMATS, csvResponse, csvStream } from "@memorial/lib/exports/csv";
import type { Language } from "@memorial/lib/i18n/languages";
import { type DashboardKey, translator } from "@memorial/lib/i18n/translate";
import { isOwnTree } from "@memorial/lib/memorials/policy";
import type { OperatorScope } from "@memorial/lib/scope";
import { settings } from "@memorial/lib/settings";
import type { SheetReport } from "@memorial/lib/trees/import-sheet";
import {
  listSites,
  TREE_LISTS,
  type TreeListFilter,
  type TreeListKind,
  treeList,
} from "@memorial/lib/trees/lists";
import { treeLife, treesWaiting } from "@memorial/lib/trees/queries";
import { lineColumns, SHEET_MAX_BYTES, SHEET_MAX_LINES } from "@memorial/lib/trees/sheet";
import { isDay } from "@memorial/lib/trees/transitions";
import { LISTING_LIMIT, listingPage, parsePaging } from "@memorial/lib/v1/paging";
import { parseId } from "@memorial/lib/validation";
import { REASON_MESSAGE } from "./field-reasons";

/** Trees listed at once on the Trees page (the count says how many there are in all). */
const WAITING_LIST_LIMIT = 500;

interface WaitingRow {
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

/** A list's filter from its query string: a site id, days from and to (UTC). */
function treeFilter(search: URLSearchParams): TreeListFilter {
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
  return { plantationId, from: from || undefined, to: to || undefined };
}

/** The waiting trees' filter: the days are order days. */
function waitingFilter(search: URLSearchParams) {
  const { plantationId, from, to } = treeFilter(search);
  return { plantationId, orderedFrom: from, orderedTo: to };
}

export async function waitingListing(scope: OperatorScope, search: URLSearchParams): Promise<WaitingListing> {
  const filter = waitingFilter(search);
  const [{ total, trees }, sites] = await Promise.all([
    treesWaiting(scope, { ...filter, limit: WAITING_LIST_LIMIT }),
    listSites(scope, "waiting"),
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
    sites,
  };
}

export type TreeListing = Awaited<ReturnType<typeof treeListing>>;

/**
 * GET /api/dashboard/trees/lists?list=in-ground|due|dead&site=&from=&to=&Page=&Limite=: a page of one
 * of the operator's tree lists, the sites of its filter and the paging.
 */
export async function treeListing(scope: OperatorScope, search: URLSearchParams) {
  const list = search.get("list") ?? "";
  if (!(TREE_LISTS as readonly string[]).includes(list))
    throw invalid(`list must be ${TREE_LISTS.join(", ")}`, { field: "list", reason: "not-found" });
  const kind = list as TreeListKind;
  const filter = treeFilter(search);
  const paging = parsePaging(search, LISTING_LIMIT);
  const today = new Date().toISOString().slice(0, 10);
  const [{ rows, total }, sites] = await Promise.all([
    treeList(scope, kind, filter, { ...paging, today, checkDays: settings().TREE_CHECK_DAYS }),
    listSites(scope, kind),
  ]);
  return { list: kind, today, rows, sites, ...listingPage(paging, total, rows.length) };
}

/**
 * GET /api/dashboard/trees/sheet?site=&from=&to=: the waiting trees of the filter (the
 * oldest SHEET_MAX_LINES, as many as an import takes) as a field team's sheet, one `in_ground` line
 * per tree, the day, point and planter left for the team to fill in; in the user's language's CSV
 * separator, which the import reads back.
 */
export async function waitingSheet(scope: OperatorScope, search: URLSearchParams, lang: Language) {
  const filter = waitingFilter(search);
  const { trees } = await treesWaiting(scope, { ...filter, limit: SHEET_MAX_LINES });
  async function* rows() {
    for (const tree of trees) yield [tree.treeId, "in_ground", "", "", "", ""];
  }
  const today = new Date().toISOString().slice(0, 10);
  const where = filter.plantationId === undefined ? "" : `-site-${filter.plantationId}`;
  return csvResponse(
    `trees-to-plant${where}-${today}.csv`,
    // The import's own columns, those of an `in_ground` line.
    csvStream(lineColumns("in_ground"), rows(), CSV_FORMATS[lang]),
  );
}

/** One of the operator's own trees with its life and history, or null (another's, or none). */
export async function ownTree(scope: OperatorScope, treeId: number) {
  const life = await treeLife(scope, treeId).catch((error) => {
    if ((error as { code?: string }).code === "NOT_FOUND") return null;
    throw error;
  });
  // treeLife reads what the memorial policy lets the scope read (a tree of another operator in
  // one of its memorials too): the dashboard changes only the operator's own trees.
  if (!life || !isOwnTree(scope, life)) {
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
