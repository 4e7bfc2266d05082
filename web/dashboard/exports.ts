// One export, two formats: the CSV in the user's language's separator and decimal mark, or the
// XLSX. The routes of the reports and transactions give the columns and the rows; this chooses.

import { queryInt } from "@memorial/lib/dashboard/query";
import {
  parseReportQuery,
  REPORT_CSV_HEADER,
  reportCsvRow,
  reportLinesForExport,
} from "@memorial/lib/dashboard/reports";
import { CSV_FORMATS, type CsvValue, csvResponse, csvStream } from "@memorial/lib/exports/csv";
import { xlsxResponse, xlsxStream } from "@memorial/lib/exports/xlsx";
import { lifeExport, parseLifeTable } from "@memorial/lib/reports/tree-life-tables";
import {
  allMonthTransactions,
  TRANSACTION_CSV_HEADER,
  transactionCsvRow,
} from "@memorial/lib/transactions/dashboard-queries";
import { dashboardLanguage } from "./language";
import { dashboardRoute } from "./route";

export type ExportFormat = "csv" | "xlsx";

async function exportResponse(input: {
  format: ExportFormat;
  /** The file name without extension. */
  name: string;
  sheet: string;
  header: string[];
  rows: AsyncIterable<CsvValue[]>;
  operatorLanguage: string;
}): Promise<Response> {
  if (input.format === "xlsx") {
    return xlsxResponse(`${input.name}.xlsx`, xlsxStream(input.sheet, input.header, input.rows));
  }
  const lang = await dashboardLanguage(input.operatorLanguage);
  return csvResponse(`${input.name}.csv`, csvStream(input.header, input.rows, CSV_FORMATS[lang]));
}

/** GET /api/dashboard/reports/{csv,xlsx}?epf=&person=&year=&month=&day=&days=: the whole period. */
export function reportExportRoute(format: ExportFormat) {
  return dashboardRoute(async ({ search, session }) => {
    const { query } = parseReportQuery(session.scope, search);
    const lines = await reportLinesForExport(query);
    async function* rows() {
      for await (const line of lines) yield reportCsvRow(line);
    }
    const day = `${query.year}-${pad(query.month)}-${pad(query.day)}`;
    const who =
      query.personId !== null
        ? `epf-${query.epfId}-person-${query.personId}`
        : query.personName !== null
          ? `epf-${query.epfId}-persons-${fileWord(query.personName)}`
          : `epf-${query.epfId}`;
    return exportResponse({
      format,
      name: `trees-${who}-${day}-${query.days}d`,
      sheet: "Arbres",
      header: REPORT_CSV_HEADER,
      rows: rows(),
      operatorLanguage: session.operatorLanguage,
    });
  });
}

/** GET /api/dashboard/reports/life/{csv,xlsx}?table=homes|sites|survival: a trees' life table. */
export function treeLifeExportRoute(format: ExportFormat) {
  return dashboardRoute(async ({ search, session }) => {
    const table = parseLifeTable(search.get("table"));
    const lang = await dashboardLanguage(session.operatorLanguage);
    const { header, rows } = await lifeExport(session.scope, table, lang);
    async function* each() {
      yield* rows;
    }
    return exportResponse({
      format,
      name: `trees-life-${table}`,
      sheet: table,
      header,
      rows: each(),
      operatorLanguage: session.operatorLanguage,
    });
  });
}

/**
 * GET /api/dashboard/transactions/{csv,xlsx}?year=&month=: every transaction of the month; without
 * month, of the whole year (a year's export, streamed like a month's).
 */
export function transactionExportRoute(format: ExportFormat) {
  return dashboardRoute(async ({ search, session }) => {
    const year = queryInt(search, "year");
    const month = search.get("month")?.trim() ? queryInt(search, "month") : null;
    async function* rows() {
      for await (const row of allMonthTransactions(session.scope, year, month)) yield transactionCsvRow(row);
    }
    return exportResponse({
      format,
      name: month === null ? `transactions-${year}` : `transactions-${year}-${pad(month)}`,
      sheet: "Transactions",
      header: TRANSACTION_CSV_HEADER,
      rows: rows(),
      operatorLanguage: session.operatorLanguage,
    });
  });
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A name filter in a file name: ASCII letters and digits, accents dropped ("Émile D" → "emile-d"). */
export const fileWord = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40) || "name";
