// CSV exports of the dashboard (RFC 4180: double quotes, CRLF), streamed line by line so that a
// report of a whole period never has to sit in memory. A UTF-8 byte order mark lets spreadsheet
// programs read accented names correctly. The separator and the decimal mark follow the user's
// language as spreadsheets of that language expect them: Excel with French, Belgian, Dutch or
// German settings splits columns on ";" and reads "12,5" as a number (a comma-separated file
// opens there as one column); English settings use "," and "12.5".
import { downloadResponse } from "@memorial/lib/http/download";
import type { Language } from "@memorial/lib/i18n/languages";

/** A decimal kept as PostgreSQL wrote it ("12.50"): written with the language's decimal mark. */
export interface CsvDecimal {
  decimal: string;
}

export type CsvValue = string | number | boolean | Date | CsvDecimal | null | undefined;

export const decimal = (value: { toString(): string } | null | undefined): CsvDecimal | null =>
  value === null || value === undefined ? null : { decimal: value.toString() };

export const BOM = "\uFEFF";

export interface CsvFormat {
  separator: "," | ";";
  decimal: "." | ",";
}

export const CSV_FORMATS: Record<Language, CsvFormat> = {
  en: { separator: ",", decimal: "." },
  fr: { separator: ";", decimal: "," },
  nl: { separator: ";", decimal: "," },
  de: { separator: ";", decimal: "," },
};

const COMMA: CsvFormat = CSV_FORMATS.en;

/**
 * One cell. Text that a spreadsheet would run as a formula (starting with = + - @ or a control
 * character) gets a leading apostrophe: names and messages come from outside (OWASP CSV injection).
 */
export function csvCell(value: CsvValue, format: CsvFormat = COMMA): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number")
    return Number.isFinite(value) ? String(value).replace(".", format.decimal) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "object") return value.decimal.replace(".", format.decimal);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  const special = format.separator === ";" ? /[";\r\n]/ : /[",\r\n]/;
  return special.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: CsvValue[], format: CsvFormat = COMMA): string {
  return `${values.map((value) => csvCell(value, format)).join(format.separator)}\r\n`;
}

/** A stream of the header and every row, encoded in UTF-8 with a byte order mark. */
export function csvStream(
  header: string[],
  rows: AsyncIterable<CsvValue[]>,
  format: CsvFormat = COMMA,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvLine(header, format)));
        return;
      }
      // Up to 200 lines per chunk: fewer, larger writes without holding the whole export.
      let chunk = "";
      for (let i = 0; i < 200; i++) {
        const next = await iterator.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += csvLine(next.value, format);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** Reads CSV written by csvLine (used by the tests to check exports line by line). */
export function parseCsv(text: string, separator: "," | ";" = ","): string[][] {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && input[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The response of a CSV download: private to the signed-in user, never stored by a cache. */
export function csvResponse(filename: string, body: ReadableStream<Uint8Array>): Response {
  return downloadResponse(filename, "text/csv; charset=utf-8", body);
}
