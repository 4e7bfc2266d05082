// Tree reports of the dashboard, scoped by the signed-in operator, with the period and paging
// parameters of the API's reports (4.3 and contract.md "Listings and reports"): a funeral home
// (epf), optionally one person, a start day (year, month, day, 00:00 UTC) and a number of days
// (1 to 3660); one line per planting operation in order of date then id; totals over the whole
// period; Page and Limite (default 200). Only live trees, as with a live key.
import { db, Prisma } from "@/lib/db/client";
import { invalid, notFound } from "@/lib/errors";
import { type Paging, parsePaging, REPORT_LIMIT } from "@/lib/v1/paging";
import { intParam } from "@/lib/v1/params";

export interface ReportQuery {
  operatorId: number;
  epfId: number;
  personId: number | null;
  start: Date;
  end: Date;
  days: number;
}

export interface ReportLine {
  id: number;
  quantity: number;
  speciesId: number;
  species: string;
  co2PerTree: string;
  totalCo2: string;
  plantationId: number;
  plantation: string;
  plantedAt: Date;
  personId: number | null;
  person: string | null;
  epfId: number | null;
  epf: string | null;
}

export const MAX_DAYS = 3660;

function required(search: URLSearchParams, name: string): string {
  const value = search.get(name);
  if (value === null || value.trim() === "") throw invalid(`${name} is required`);
  return value.trim();
}

/** The report asked for by the query string; 400 for a bad value, 404 for another operator's ids. */
export async function parseReportQuery(
  operatorId: number,
  search: URLSearchParams,
): Promise<{ query: ReportQuery; paging: Paging }> {
  const epfId = intParam("epf", required(search, "epf"));
  const rawPerson = search.get("person")?.trim();
  const personId = rawPerson && rawPerson !== "0" ? intParam("person", rawPerson) : null;
  const year = intParam("year", required(search, "year"), 2000, 9999);
  const month = intParam("month", required(search, "month"), 1, 12);
  const day = intParam("day", required(search, "day"), 1, 31);
  const days = intParam("days", required(search, "days"), 1, MAX_DAYS);
  const start = new Date(Date.UTC(year, month - 1, day));
  if (start.getUTCMonth() !== month - 1) throw invalid(`${year}-${month}-${day} is not a date`);
  const end = new Date(start.getTime() + days * 86_400_000);
  const paging = parsePaging(search, REPORT_LIMIT);
  const epf = await db.context.findFirst({
    where: { id: epfId, operatorId, kind: "Epf" },
    select: { id: true },
  });
  if (!epf) throw notFound(`funeral home ${epfId} does not exist`);
  if (personId !== null) {
    const person = await db.person.findFirst({
      where: { id: personId, operatorId, epfId, isTest: false },
      select: { id: true },
    });
    if (!person) throw notFound(`person ${personId} does not exist`);
  }
  return { query: { operatorId, epfId, personId, start, end, days }, paging };
}

// The same trees as the API's reports (lib/reports/queries.ts): a person's, whoever planted them
// (the person was checked to be this operator's and linked to this funeral home); a funeral
// home's, by tree.epf_id (the funeral home is this operator's).
function where(q: ReportQuery): Prisma.Sql {
  const owner =
    q.personId !== null ? Prisma.sql`t."person_id" = ${q.personId}` : Prisma.sql`t."epf_id" = ${q.epfId}`;
  return Prisma.sql`${owner} AND t."is_test" = false
    AND t."planted_at" >= ${q.start} AND t."planted_at" < ${q.end}`;
}

const LINE_COLUMNS = Prisma.sql`
  t."id", t."quantity", t."species_id" AS "speciesId", s."name" AS "species",
  s."co2_kg_per_tree"::text AS "co2PerTree", (s."co2_kg_per_tree" * t."quantity")::text AS "totalCo2",
  t."plantation_id" AS "plantationId", pl."name" AS "plantation", t."planted_at" AS "plantedAt",
  t."person_id" AS "personId", NULLIF(concat_ws(' ', p."first_name", p."last_name"), '') AS "person",
  t."epf_id" AS "epfId", c."name" AS "epf"`;

const LINE_JOINS = Prisma.sql`
  JOIN "species" s ON s."id" = t."species_id"
  JOIN "plantation" pl ON pl."id" = t."plantation_id"
  LEFT JOIN "person" p ON p."id" = t."person_id"
  LEFT JOIN "context" c ON c."id" = t."epf_id"`;

export type ChartUnit = "week" | "month";

/** Weeks for periods up to about four months, months beyond, so that the chart stays readable. */
export function chartUnit(days: number): ChartUnit {
  return days <= 120 ? "week" : "month";
}

/** Every bucket start (Monday 00:00 UTC, or the 1st of the month) that overlaps [start, end). */
export function bucketStarts(start: Date, end: Date, unit: ChartUnit): Date[] {
  const first =
    unit === "month"
      ? new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1))
      : new Date(start.getTime() - ((start.getUTCDay() + 6) % 7) * 86_400_000);
  const buckets: Date[] = [];
  for (let d = first; d < end; ) {
    buckets.push(d);
    d =
      unit === "month"
        ? new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
        : new Date(d.getTime() + 7 * 86_400_000);
  }
  return buckets;
}

export async function treeReport(q: ReportQuery, paging: Paging) {
  const lines = await db.$queryRaw<ReportLine[]>`
    SELECT ${LINE_COLUMNS} FROM "tree" t ${LINE_JOINS}
    WHERE ${where(q)} ORDER BY t."planted_at", t."id" LIMIT ${paging.limit} OFFSET ${paging.offset}`;
  const [totals] = await db.$queryRaw<{ lines: number; trees: number; co2: string }[]>`
    SELECT COUNT(*)::int AS "lines", COALESCE(SUM(t."quantity"), 0)::int AS "trees",
           COALESCE(SUM(t."quantity" * s."co2_kg_per_tree"), 0)::text AS "co2"
    FROM "tree" t JOIN "species" s ON s."id" = t."species_id" WHERE ${where(q)}`;
  const unit = chartUnit(q.days);
  const grouped = await db.$queryRaw<{ bucket: Date; trees: number }[]>`
    SELECT (date_trunc(${unit}, t."planted_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS "bucket",
           SUM(t."quantity")::int AS "trees"
    FROM "tree" t WHERE ${where(q)} GROUP BY 1`;
  const byBucket = new Map(grouped.map((g) => [g.bucket.getTime(), g.trees]));
  const epf = await db.context.findUniqueOrThrow({ where: { id: q.epfId }, select: { name: true } });
  return {
    epf: { id: q.epfId, name: epf.name },
    personId: q.personId,
    start: q.start.toISOString(),
    end: q.end.toISOString(),
    days: q.days,
    totalTrees: totals.trees,
    totalCo2Kg: Number(totals.co2),
    lines: lines.map((line) => ({
      ...line,
      co2PerTree: Number(line.co2PerTree),
      totalCo2: Number(line.totalCo2),
      plantedAt: line.plantedAt.toISOString(),
    })),
    totalLines: totals.lines,
    page: paging.page,
    limit: paging.limit,
    more: paging.offset + lines.length < totals.lines,
    chart: {
      unit,
      buckets: bucketStarts(q.start, q.end, unit).map((d) => ({
        start: d.toISOString(),
        trees: byBucket.get(d.getTime()) ?? 0,
      })),
    },
  };
}

export type TreeReport = Awaited<ReturnType<typeof treeReport>>;

/** Every line of the period, read in batches by keyset (for the CSV export). */
export async function* allReportLines(q: ReportQuery, batch = 1000): AsyncGenerator<ReportLine> {
  let after: { plantedAt: Date; id: number } | null = null;
  for (;;) {
    const keyset: Prisma.Sql = after
      ? Prisma.sql`AND (t."planted_at", t."id") > (${after.plantedAt}, ${after.id})`
      : Prisma.empty;
    const rows: ReportLine[] = await db.$queryRaw<ReportLine[]>`
      SELECT ${LINE_COLUMNS} FROM "tree" t ${LINE_JOINS}
      WHERE ${where(q)} ${keyset} ORDER BY t."planted_at", t."id" LIMIT ${batch}`;
    yield* rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { plantedAt: last.plantedAt, id: last.id };
  }
}

/** The CSV columns: the fields of a line of Arbres (2.6). */
export const REPORT_CSV_HEADER = [
  "DatePlantation",
  "Quantite",
  "EspeceId",
  "Espece",
  "Co2EnKgParArbre",
  "TotalCo2EnKg",
  "PlantationId",
  "Plantation",
  "PersonneId",
  "Personne",
  "EpfId",
  "Epf",
];

export function reportCsvRow(line: ReportLine) {
  return [
    line.plantedAt,
    line.quantity,
    line.speciesId,
    line.species,
    line.co2PerTree,
    line.totalCo2,
    line.plantationId,
    line.plantation,
    line.personId,
    line.person,
    line.epfId,
    line.epf,
  ];
}
