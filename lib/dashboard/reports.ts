// The dashboard's tree reports: the API's report use case (lib/reports) for the signed-in
// operator's live data, with what only the screen needs: the query string's parameters, a chart
// by week or month, and the CSV's columns. One line per planting operation in order of date then
// id; totals over the whole period; Page and Limite (default 200).
import { invalid } from "@memorial/lib/errors";
import { type CsvValue, decimal } from "@memorial/lib/exports/csv";
import { allReportLines, type ReportLineRow, reportBuckets } from "@memorial/lib/reports/queries";
import { reportFilter, reportPeriod, treeReport as reportUseCase } from "@memorial/lib/reports/tree-report";
import type { OperatorScope } from "@memorial/lib/scope";
import { type Paging, parsePaging, REPORT_LIMIT } from "@memorial/lib/v1/paging";
import { queryInt } from "./query";

export interface ReportQuery {
  /** Who asks: the dashboard session's scope (its operator, production). */
  scope: OperatorScope;
  epfId: number;
  /** `person` as a number: one person by id (as the API's person report). */
  personId: number | null;
  /** `person` as words: every person of the funeral home whose name has them (accents, case ignored). */
  personName: string | null;
  year: number;
  month: number;
  day: number;
  days: number;
}

/** The report asked for by the query string; 400 with the field for a bad value. */
export function parseReportQuery(
  scope: OperatorScope,
  search: URLSearchParams,
): { query: ReportQuery; paging: Paging } {
  // The person: an id as the API takes it (0 or blank: none), else a name.
  const rawPerson = search.get("person")?.trim() ?? "";
  const byId = /^-?\d+$/.test(rawPerson);
  const query: ReportQuery = {
    scope,
    epfId: queryInt(search, "epf"),
    personId: byId && rawPerson !== "0" ? queryInt(search, "person") : null,
    personName: !byId && rawPerson ? rawPerson.slice(0, 200) : null,
    year: queryInt(search, "year"),
    month: queryInt(search, "month"),
    day: queryInt(search, "day"),
    days: queryInt(search, "days"),
  };
  // A day the month does not have (30 February): said here with the field of the form's start date.
  const start = new Date(Date.UTC(query.year, query.month - 1, query.day));
  if (start.getUTCMonth() !== query.month - 1) {
    throw invalid(`${query.year}-${query.month}-${query.day} is not a date`, {
      field: "start",
      reason: "date",
    });
  }
  return { query, paging: parsePaging(search, REPORT_LIMIT) };
}

/** The dashboard's scope: its operator's production data, as a production key sees it. */
const input = (q: ReportQuery) => ({
  scope: q.scope,
  epfId: q.epfId,
  personId: q.personId,
  personName: q.personName,
  period: reportPeriod(q.year, q.month, q.day, q.days),
});

export type ChartUnit = "week" | "month";

/** Weeks for periods up to about four months, months beyond, so that the chart stays readable. */
function chartUnit(days: number): ChartUnit {
  return days <= 120 ? "week" : "month";
}

/** Every bucket start (Monday 00:00 UTC, or the 1st of the month) that overlaps [start, end). */
function bucketStarts(start: Date, end: Date, unit: ChartUnit): Date[] {
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

function personName(line: { firstName: string | null; lastName: string | null }): string | null {
  return [line.firstName, line.lastName].filter((part) => part?.trim()).join(" ") || null;
}

export async function treeReport(q: ReportQuery, paging: Paging) {
  const report = await reportUseCase({ ...input(q), limit: paging.limit, offset: paging.offset });
  const unit = chartUnit(q.days);
  const grouped = await reportBuckets(report.filter, unit);
  const byBucket = new Map(grouped.map((g) => [g.bucket.getTime(), g.trees]));
  const { start, end } = report.period;
  return {
    epf: { id: q.epfId, name: report.chain[0]?.name ?? "" },
    personId: q.personId,
    personName: q.personName,
    /** With a name: the persons it matched (to narrow the report to one), and how many. */
    persons: report.persons && {
      total: report.persons.total,
      rows: report.persons.rows.map((p) => ({ id: p.id, name: personName(p) })),
    },
    start: start.toISOString(),
    end: end.toISOString(),
    days: q.days,
    totalTrees: report.totals.trees,
    totalCo2Kg: Number(report.totals.co2),
    lines: report.lines.map((line) => ({
      id: line.id,
      quantity: line.quantity,
      speciesId: line.speciesId,
      species: line.species,
      co2PerTree: Number(line.co2PerTree),
      totalCo2: Number(line.co2Total),
      plantationId: line.plantationId,
      plantation: line.plantation,
      plantedAt: line.plantedAt.toISOString(),
      personId: line.personId,
      person: personName(line),
      epfId: line.epfId,
      epf: line.epf,
      planter: line.planter,
      message: line.message,
    })),
    totalLines: report.totals.lines,
    page: paging.page,
    limit: paging.limit,
    more: paging.offset + report.lines.length < report.totals.lines,
    chart: {
      unit,
      buckets: bucketStarts(start, end, unit).map((d) => ({
        start: d.toISOString(),
        trees: byBucket.get(d.getTime()) ?? 0,
      })),
    },
  };
}

export type TreeReport = Awaited<ReturnType<typeof treeReport>>;

/** Every line of the period (checked as the report is), streamed in batches for the CSV export. */
export async function reportLinesForExport(q: ReportQuery): Promise<AsyncGenerator<ReportLineRow>> {
  const { filter } = await reportFilter(input(q));
  return allReportLines(filter);
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
  "Planteur",
  "MessagePlanteur",
  "Origine",
];

export function reportCsvRow(line: ReportLineRow): CsvValue[] {
  return [
    line.plantedAt,
    line.quantity,
    line.speciesId,
    line.species,
    decimal(line.co2PerTree),
    decimal(line.co2Total),
    line.plantationId,
    line.plantation,
    line.personId,
    personName(line),
    line.epfId,
    line.epf,
    line.planter,
    line.message,
    line.origin,
  ];
}
