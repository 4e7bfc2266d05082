// Read model of the tree reports (2.6): the trees of a funeral home, or of one of its persons, planted
// in a period; for the dashboard also those of the persons a name matches, and every tree of the
// operator (its overview's figures are these totals and buckets). Lines and totals are read by
// PostgreSQL through tree(epf_id, is_test, planted_at, id), tree(person_id, is_test, planted_at, id)
// and tree(operator_id, planted_at); no row is loaded to be counted or summed here.

import { speciesNameSql } from "@memorial/lib/catalogue/translations";
import { Prisma } from "@memorial/lib/db/client";
import { keysetBatches } from "@memorial/lib/db/keyset";
import { matchesWords, personNameKey } from "@memorial/lib/db/name-search";
import { reportsSql } from "@memorial/lib/db/raw"; // a replica when REPORTS_DATABASE_URL is set; no ORM
import { treesOfEnvironmentSql } from "@memorial/lib/memorials/policy";
import { isTestEnvironment, type OperatorScope } from "@memorial/lib/scope";
import { type LifeColumns, lifeColumnsSql } from "@memorial/lib/trees/queries";

/** Whose trees a report counts. */
export type ReportScope =
  /** A funeral home's: planted for it or its agencies, or in its persons' memorials by others. */
  | { kind: "epf"; epfId: number }
  /** One person's: every tree of the person, whoever planted it. */
  | { kind: "person"; personId: number }
  /** The dashboard's filter by name: every person of the funeral home whose name has these words. */
  | { kind: "personsNamed"; epfId: number; words: string[] }
  /** Every tree the viewer's operator planted, whatever the funeral home (the dashboard's overview). */
  | { kind: "operator" };

export interface ReportFilter {
  /** Whose report: which environment's trees it counts is the memorial policy's. */
  viewer: OperatorScope;
  scope: ReportScope;
  /** [start, end): contract.md, DateFin is exclusive. */
  start: Date;
  end: Date;
  /** The language of the species' names (4.1 rule 6); French when absent. */
  language?: string;
}

interface ReportLineBase {
  id: number;
  quantity: number;
  speciesId: number;
  species: string;
  co2PerTree: string;
  co2Total: string;
  plantationId: number;
  plantation: string;
  plantedAt: Date;
  personId: number | null;
  firstName: string | null;
  lastName: string | null;
  epfId: number | null;
  epf: string | null;
  planter: string;
  message: string | null;
  /** The operator's tree, or a visitor's (a claim code, a payment). */
  origin: "partner" | "visitor_code" | "visitor_payment";
}

/** A report line with its tree's life columns (lifeFieldsOf reads them). */
export type ReportLineRow = ReportLineBase & LifeColumns;

export interface ReportTotals {
  lines: number;
  trees: number;
  co2: string;
}

/**
 * The persons of a funeral home (of the viewer's operator and environment) whose names have every
 * word, accents and case ignored (lib/db/name-search.ts, the same rule as the memorial search).
 */
function personsNamedSql(viewer: OperatorScope, epfId: number, words: string[]): Prisma.Sql {
  return Prisma.sql`SELECT p."id" FROM "person" p
    WHERE p."operator_id" = ${viewer.operatorId} AND p."epf_id" = ${epfId} AND p."is_test" = ${isTestEnvironment(viewer.environment)}
      AND ${matchesWords(personNameKey("p"), words)}`;
}

// A person's report has every tree of the person, whoever planted it (the person's link to the
// funeral home is checked before); a funeral home's, the trees planted for it or its agencies
// and those planted in its persons' memorials by others (tree.epf_id, set when planted).
function ownerOf(filter: ReportFilter): Prisma.Sql {
  const scope = filter.scope;
  switch (scope.kind) {
    case "epf":
      return Prisma.sql`t."epf_id" = ${scope.epfId}`;
    case "person":
      return Prisma.sql`t."person_id" = ${scope.personId}`;
    case "personsNamed":
      return Prisma.sql`t."person_id" IN (${personsNamedSql(filter.viewer, scope.epfId, scope.words)})`;
    case "operator":
      return Prisma.sql`t."operator_id" = ${filter.viewer.operatorId}`;
  }
}

function whereOf(filter: ReportFilter): Prisma.Sql {
  return Prisma.sql`${ownerOf(filter)} AND ${treesOfEnvironmentSql(filter.viewer)}
    AND t."planted_at" >= ${filter.start} AND t."planted_at" < ${periodEndSql(filter.end)}`;
}

/**
 * The end of a period as a statement's parameter. A period may end at the first instant of the
 * year 10000 (it covers 9999-12-31), which PostgreSQL cannot read from a parameter: no tree is
 * planted after it, so that end is no end at all.
 */
function periodEndSql(end: Date): Prisma.Sql {
  return end.getUTCFullYear() > 9999 ? Prisma.sql`'infinity'::timestamptz` : Prisma.sql`${end}`;
}

export interface NamedPerson {
  id: number;
  firstName: string | null;
  lastName: string | null;
}

/** The persons a name filter matches: the first `limit` by family then given name, and how many. */
export async function personsNamed(
  viewer: OperatorScope,
  epfId: number,
  words: string[],
  limit: number,
): Promise<{ total: number; rows: NamedPerson[] }> {
  const rows = await reportsSql.$queryRaw<(NamedPerson & { total: number })[]>`
    SELECT p."id", p."first_name" AS "firstName", p."last_name" AS "lastName", COUNT(*) OVER ()::int AS "total"
    FROM "person" p WHERE p."id" IN (${personsNamedSql(viewer, epfId, words)})
    ORDER BY p."last_name", p."first_name", p."id"
    LIMIT ${limit}`;
  return { total: rows[0]?.total ?? 0, rows: rows.map(({ total: _t, ...row }) => row) };
}

const LINE_COLUMNS = (filter: ReportFilter) => Prisma.sql`t."id", t."quantity", t."species_id" AS "speciesId",
           ${speciesNameSql(filter.language ?? "fr")} AS "species",
           sp."co2_kg_per_tree"::text AS "co2PerTree", (t."quantity" * sp."co2_kg_per_tree")::text AS "co2Total",
           t."plantation_id" AS "plantationId", pl."name" AS "plantation", t."planted_at" AS "plantedAt",
           t."person_id" AS "personId", pe."first_name" AS "firstName", pe."last_name" AS "lastName",
           t."epf_id" AS "epfId", c."name" AS "epf",
           t."planter", t."message", t."origin"::text AS "origin", ${lifeColumnsSql("t")}`;

const LINE_JOINS = Prisma.sql`
    JOIN "species" sp ON sp."id" = t."species_id"
    JOIN "plantation" pl ON pl."id" = t."plantation_id"
    LEFT JOIN "context" c ON c."id" = t."epf_id"
    LEFT JOIN "person" pe ON pe."id" = t."person_id"`;

/** One page of a report: its lines and the totals of the whole period. */
export interface ReportPage {
  lines: ReportLineRow[];
  totals: ReportTotals;
}

type ReportPageRow = ReportLineRow & { totalLines: number; totalTrees: number; totalCo2: string };

/**
 * One page of lines (one per planting operation, by planting date then id: contract.md) and the
 * period's totals, in one statement: a report holds one connection of the reports' pool, not two
 * (measured, it saves no CPU: a round trip costs next to nothing beside the lines'
 * work, docs/performance.md). Each row of the page carries the totals; a page past the end is one
 * row of totals without a line. test/report-page.test.ts compares it with the two statements.
 */
export async function reportPage(filter: ReportFilter, limit: number, offset: number): Promise<ReportPage> {
  const rows = await reportsSql.$queryRaw<ReportPageRow[]>`
    SELECT l.*, tot."lines" AS "totalLines", tot."trees" AS "totalTrees", tot."co2" AS "totalCo2"
    FROM (${reportTotalsSql(filter)}) tot
    LEFT JOIN LATERAL (${reportLinesSql(filter, limit, offset)}) l ON true
    ORDER BY l."plantedAt", l."id"`;
  const first = rows[0];
  const totals = { lines: first.totalLines, trees: first.totalTrees, co2: first.totalCo2 };
  const lines = first.id === null ? [] : rows.map(({ totalLines, totalTrees, totalCo2, ...line }) => line);
  return { lines, totals };
}

/**
 * How a page's lines are written as JSON text by PostgreSQL (lib/v1/serializers/reports.ts): a
 * statement over one line `l` (the columns of reportLinesSql, as ReportLineRow names them) giving
 * one row of one column, `text`, the line's JSON.
 */
export type LineAsJson = Prisma.Sql;

/** A page whose lines PostgreSQL wrote as one JSON array (reportPageJson). */
export interface ReportPageJson {
  /** The lines, "[...]", in the page's order (planting date, then id). */
  linesJson: string;
  count: number;
  totals: ReportTotals;
}

/**
 * reportPage with its lines written as JSON by PostgreSQL, in the same statement: the
 * service then neither parses 35 columns a line nor builds and serializes an object of them. At ten
 * million trees this was a third of the service's CPU for a 30-day report of 80 lines
 * (docs/performance.md). test/report-page.test.ts checks its lines against reportPage's rows.
 */
export async function reportPageJson(
  filter: ReportFilter,
  limit: number,
  offset: number,
  lineAsJson: LineAsJson,
): Promise<ReportPageJson> {
  const [row] = await reportsSql.$queryRaw<
    {
      totalLines: number;
      totalTrees: number;
      totalCo2: string;
      count: number;
      lines: string;
    }[]
  >(reportPageJsonSql(filter, limit, offset, lineAsJson));
  return {
    linesJson: row.lines,
    count: row.count,
    totals: { lines: row.totalLines, trees: row.totalTrees, co2: row.totalCo2 },
  };
}

/** The statement of reportPageJson (its plan is read by scripts/bench/explain-reports.ts). */
export function reportPageJsonSql(
  filter: ReportFilter,
  limit: number,
  offset: number,
  lineAsJson: LineAsJson,
): Prisma.Sql {
  return Prisma.sql`
    SELECT tot."lines" AS "totalLines", tot."trees" AS "totalTrees", tot."co2" AS "totalCo2",
           page."count", page."lines"
    FROM (${reportTotalsSql(filter)}) tot
    CROSS JOIN LATERAL (
      SELECT COUNT(*)::int AS "count",
             '[' || COALESCE(string_agg(line."text", ',' ORDER BY l."plantedAt", l."id"), '') || ']' AS "lines"
      FROM (${reportLinesSql(filter, limit, offset)}) l
      CROSS JOIN LATERAL (${lineAsJson}) line) page`;
}

/** The statement of a page's lines (reportPage; its plan is read by scripts/bench/explain-reports.ts). */
export function reportLinesSql(filter: ReportFilter, limit: number, offset: number): Prisma.Sql {
  return Prisma.sql`
    SELECT ${LINE_COLUMNS(filter)}
    FROM (SELECT * FROM "tree" t WHERE ${whereOf(filter)}
          ORDER BY t."planted_at", t."id" LIMIT ${limit} OFFSET ${offset}) t
    ${LINE_JOINS}
    ORDER BY t."planted_at", t."id"`;
}

/** Every line of the period, read in batches by keyset (planted_at, id), for exports that stream. */
export async function* allReportLines(filter: ReportFilter, batch = 1000): AsyncGenerator<ReportLineRow> {
  const lines = keysetBatches<ReportLineRow>(
    {
      key: Prisma.sql`t."planted_at", t."id"`,
      keyOf: (line) => [line.plantedAt, line.id],
      read: (after, limit) => reportsSql.$queryRaw<ReportLineRow[]>`
        SELECT ${LINE_COLUMNS(filter)}
        FROM (SELECT * FROM "tree" t WHERE ${whereOf(filter)} ${after}
              ORDER BY t."planted_at", t."id" LIMIT ${limit}) t
        ${LINE_JOINS}
        ORDER BY t."planted_at", t."id"`,
    },
    batch,
  );
  for await (const rows of lines) yield* rows;
}

/** Trees per week or month of the period (the dashboard's charts). */
export function reportBuckets(
  filter: ReportFilter,
  unit: "week" | "month",
): Promise<{ bucket: Date; trees: number }[]> {
  return reportsSql.$queryRaw<{ bucket: Date; trees: number }[]>`
    SELECT (date_trunc(${unit}, t."planted_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS "bucket",
           SUM(t."quantity")::int AS "trees"
    FROM "tree" t WHERE ${whereOf(filter)} GROUP BY 1`;
}

/** Lines, trees and CO2 of the whole period, not only of a page (contract.md). */
export async function reportTotals(filter: ReportFilter): Promise<ReportTotals> {
  const [row] = await reportsSql.$queryRaw<ReportTotals[]>(reportTotalsSql(filter));
  return row;
}

/**
 * The statement of reportTotals (its plan is read by test/name-search.test.ts). Lines and trees are
 * counted per species in integers straight from the index, then each species' trees are multiplied
 * by its CO2 once: a decimal product and sum per tree cost 12 ms for a funeral home's 10,000 trees
 * of ten years (EXPLAIN on the 10-million-tree database), the integer sums about 2.
 */
export function reportTotalsSql(filter: ReportFilter): Prisma.Sql {
  return Prisma.sql`
    SELECT COALESCE(SUM(g."lines"), 0)::int AS "lines", COALESCE(SUM(g."trees"), 0)::int AS "trees",
           COALESCE(SUM(g."trees" * sp."co2_kg_per_tree"), 0)::text AS "co2"
    FROM (SELECT t."species_id", COUNT(*) AS "lines", SUM(t."quantity") AS "trees"
          FROM "tree" t WHERE ${whereOf(filter)} GROUP BY t."species_id") g
    JOIN "species" sp ON sp."id" = g."species_id"`;
}
