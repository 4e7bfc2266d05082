// 4.3 GET report endpoints: the trees of a funeral home (with its agencies) or of one person linked
// to it, planted in [DateDebut, DateFin), for the calling operator and its environment.
// The API's reports and the dashboard's are this one use case: both check and filter with
// reportFilter; the dashboard reads the page's rows (treeReport), the API the same page with its
// lines written as JSON by PostgreSQL (lib/v1/endpoints/key-path.ts, queries.ts reportPageJson).
import { searchWords } from "@memorial/lib/db/name-search";
import { preparedSql } from "@memorial/lib/db/raw";
import { invalid, notFound } from "@memorial/lib/errors";
import { type ContextChain, contextLanguage, loadChain } from "@memorial/lib/operators/contexts";
import { isTestEnvironment, type OperatorScope } from "@memorial/lib/scope";
import { MAX_REPORT_DAYS } from "./limits";
import {
  type NamedPerson,
  personsNamed,
  type ReportFilter,
  type ReportLineRow,
  type ReportScope,
  type ReportTotals,
  reportPage,
} from "./queries";

export { MAX_REPORT_DAYS };

const DAY_MS = 86_400_000;

export interface ReportPeriod {
  start: Date;
  end: Date;
}

/** contract.md: from 00:00 UTC of year/month/day, `days` days long (1 to 3660), end exclusive. */
export function reportPeriod(year: number, month: number, day: number, days: number): ReportPeriod {
  if (year < 2000 || year > 9999) throw invalid(`year must be between 2000 and 9999, got ${year}`);
  if (month < 1 || month > 12) throw invalid(`month must be between 1 and 12, got ${month}`);
  if (day < 1 || day > 31) throw invalid(`day must be between 1 and 31, got ${day}`);
  if (days < 1 || days > MAX_REPORT_DAYS) {
    throw invalid(`days must be between 1 and ${MAX_REPORT_DAYS}, got ${days}`);
  }
  const start = new Date(Date.UTC(year, month - 1, day));
  if (start.getUTCMonth() !== month - 1 || start.getUTCDate() !== day) {
    throw invalid(`day ${day} is not a day of ${year}/${month}: ${year}/${month}/${day} is not a date`);
  }
  const end = new Date(start.getTime() + days * DAY_MS);
  if (end.getUTCFullYear() > 9999 && end.getTime() !== Date.UTC(10000, 0, 1)) {
    throw invalid(`the period ends after the year 9999: use fewer days than ${days}`);
  }
  return { start, end };
}

export interface TreeReport {
  /** The funeral home and its ancestors: the Contexte of the response. */
  chain: ContextChain;
  period: ReportPeriod;
  /** What the lines were read with (the dashboard's chart and exports read with it too). */
  filter: ReportFilter;
  lines: ReportLineRow[];
  totals: ReportTotals;
  /** With a name filter: the persons it matched (the first MATCHED_PERSONS_SHOWN) and how many. */
  persons: { total: number; rows: NamedPerson[] } | null;
}

/** How many of the persons a name filter matched the report lists (to choose one by id). */
const MATCHED_PERSONS_SHOWN = 20;

export interface TreeReportInput {
  /** Whose report: the caller's operator, in its environment. */
  scope: OperatorScope;
  epfId: number;
  /** null: the funeral-home form. */
  personId: number | null;
  /**
   * The dashboard's filter by name (instead of personId): the trees of every person of the funeral
   * home whose name has each word, accents and case ignored; 404 when none has.
   */
  personName?: string | null;
  period: ReportPeriod;
  /** The operator's language: species are named in the funeral home's language, else this one. */
  operatorLanguage?: string;
}

/**
 * Checks that the funeral home, and the person, are the caller's (of its environment: contract.md,
 * another environment's private data is not found) and gives the filter of the report's trees.
 */
export async function reportFilter(
  input: TreeReportInput,
): Promise<{ chain: ContextChain; filter: ReportFilter; persons: TreeReport["persons"] }> {
  const viewer = input.scope;
  // Authorization in the where clause: another operator's funeral home or person is not found.
  // The funeral home is the first of its chain (one statement: the Contexte of the answer too).
  // The person, when asked for, is read at the same time; the funeral home's refusal comes first.
  // Without the ORM and prepared (lib/db/raw.ts), as the lines and totals: the chain's
  // statement cost PostgreSQL 0.43 ms of CPU a report sent unprepared, 0.08 prepared.
  const [chain, person] = await Promise.all([
    loadChain(preparedSql, viewer.operatorId, input.epfId),
    input.personId === null
      ? null
      : preparedSql.$queryRaw<{ id: number }[]>`
            SELECT "id" FROM "person"
            WHERE "id" = ${input.personId} AND "operator_id" = ${viewer.operatorId} AND "epf_id" = ${input.epfId}
              AND "is_test" = ${isTestEnvironment(viewer.environment)}`.then((rows) => rows[0] ?? null),
  ]);
  if (chain[0]?.kind !== "Epf")
    throw notFound(`funeral home (Epf) ${input.epfId} does not exist`, {
      field: "epfId",
      reason: "not-found",
    });
  let scope: ReportScope = { kind: "epf", epfId: input.epfId };
  let persons: TreeReport["persons"] = null;
  const words = searchWords(input.personName ?? "");
  if (input.personId !== null) {
    if (!person) {
      throw notFound(
        `person ${input.personId} does not exist or is not linked to funeral home ${input.epfId}`,
        {
          field: "personId",
          reason: "not-found",
        },
      );
    }
    scope = { kind: "person", personId: input.personId };
  } else if (words.length > 0) {
    persons = await personsNamed(viewer, input.epfId, words, MATCHED_PERSONS_SHOWN);
    if (persons.total === 0) {
      throw notFound(`no person linked to funeral home ${input.epfId} is named "${words.join(" ")}"`, {
        field: "personId",
        reason: "not-found",
      });
    }
    scope = { kind: "personsNamed", epfId: input.epfId, words };
  }
  // 4.1 rule 6 for a GET: no request language, so the funeral home's (its chain's), else the operator's.
  const language = contextLanguage(chain) ?? input.operatorLanguage ?? "fr";
  return { chain, filter: { ...input.period, viewer, scope, language }, persons };
}

export async function treeReport(
  input: TreeReportInput & { limit: number; offset: number },
): Promise<TreeReport> {
  const { chain, filter, persons } = await reportFilter(input);
  const { lines, totals } = await reportPage(filter, input.limit, input.offset);
  return { chain, period: input.period, filter, lines, totals, persons };
}
