// XLSX exports of the dashboard, written with exceljs's streaming WorkbookWriter: each row is
// committed as soon as it is read, so that a whole period's export never sits in memory. Numbers
// and dates are real spreadsheet numbers and dates (no separator or decimal mark to guess), and
// text is always a text cell: a name starting with "=" is never run as a formula.
import { PassThrough, Readable } from "node:stream";
import { downloadResponse } from "@memorial/lib/http/download";
import ExcelJS from "exceljs";
import type { CsvValue } from "./csv";

type Cell = string | number | boolean | Date | null;

function xlsxCell(value: CsvValue): Cell {
  if (value === undefined || value === null) return null;
  if (value instanceof Date || typeof value !== "object") {
    return typeof value === "number" && !Number.isFinite(value) ? null : value;
  }
  return Number(value.decimal);
}

/** A stream of one sheet: the header in bold, frozen, then every row. */
export function xlsxStream(
  sheetName: string,
  header: string[],
  rows: AsyncIterable<CsvValue[]>,
): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = header.map((name) => ({ header: name, key: name, width: Math.max(12, name.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for await (const values of rows) {
      const row = sheet.addRow(values.map(xlsxCell));
      values.forEach((value, i) => {
        if (value instanceof Date) row.getCell(i + 1).numFmt = "yyyy-mm-dd hh:mm:ss";
      });
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error) => {
    console.error("xlsx export failed", error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}

/** The response of an XLSX download: private to the signed-in user, never stored by a cache. */
export function xlsxResponse(filename: string, body: ReadableStream<Uint8Array>): Response {
  return downloadResponse(
    filename,
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    body,
  );
}
