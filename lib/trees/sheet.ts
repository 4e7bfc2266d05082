// A field team's sheet: CSV text in, one typed command per line out, or the reason
// each line is refused. Pure (no database): the columns, their syntax and the sheet's limits.
// What a line means for its tree (the transitions, given the tree's state and the earlier lines of
// the same sheet) is checked by import-sheet.ts.
//
// Columns (a header row naming them is required, in any order; the optional ones may be left out):
//   tree_id     required  the tree's id (the API's ArbreId, the dashboard's tree page)
//   step        required  in_ground | check | death
//   date        required  YYYY-MM-DD, the day it happened
//   latitude, longitude   in_ground only, optional (both or neither): the point in the site
//   planted_by  in_ground only, optional, at most 200 characters
//   health      check only, required: alive | sick (a tree found dead is a `death` line)
//   height_cm   check only, optional: an integer from 1 to 10000
//   reason      death only, required: drought | fire | flood | disease | other
//   note        check or death, optional, at most 1000 characters
// Commas or semicolons separate the fields (the header row says which); fields with a separator,
// a quote or a line break are quoted ("..."), as spreadsheets write them.

import { type FieldProblem, invalid } from "@memorial/lib/errors";
import { INT32_MAX } from "@memorial/lib/validation";
import { parse } from "csv-parse/sync";
import { isDay, type RecordedStep } from "./transitions";

const SHEET_COLUMNS = [
  "tree_id",
  "step",
  "date",
  "latitude",
  "longitude",
  "planted_by",
  "health",
  "height_cm",
  "reason",
  "note",
] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];
const REQUIRED_COLUMNS: SheetColumn[] = ["tree_id", "step", "date"];

/** A sheet is at most this many bytes and this many lines (besides the header). */
export const SHEET_MAX_BYTES = 1024 * 1024;
export const SHEET_MAX_LINES = 5000;

const SHEET_STEPS = ["in_ground", "check", "death"] as const satisfies readonly RecordedStep[];
export type SheetStep = RecordedStep;

/** Which optional columns each step reads: a value in another column is refused, never ignored. */
const STEP_COLUMNS: Record<SheetStep, SheetColumn[]> = {
  in_ground: ["latitude", "longitude", "planted_by"],
  check: ["health", "height_cm", "note"],
  death: ["reason", "note"],
};

/** The columns a line of `step` reads: the required ones, then its step's. */
export function lineColumns(step: SheetStep): SheetColumn[] {
  return [...REQUIRED_COLUMNS, ...STEP_COLUMNS[step]];
}

/**
 * A line read: its step, tree and day, and the values of its step's columns as written (health,
 * reason and texts are checked by the rules of transitions.ts with the tree, as every edge's are).
 */
export type SheetCommand =
  | {
      step: "in_ground";
      treeId: number;
      on: string;
      latitude?: number;
      longitude?: number;
      plantedBy?: string;
    }
  | { step: "check"; treeId: number; on: string; health: string; heightCm?: number; note?: string }
  | { step: "death"; treeId: number; on: string; reason: string; note?: string };

/** One line of the sheet: its number in the file (the header is line 1), its command or why not. */
export type SheetLine =
  | { line: number; ok: true; command: SheetCommand }
  | { line: number; ok: false; treeId?: number; step?: SheetStep; problem: FieldProblem; message: string };

/** A refusal of a line: the column at fault (the sheet's own name) and a reason word. */
const refusal = (column: string, reason: string, message: string) => ({
  problem: { field: column, reason },
  message: `${column}: ${message}`,
});

/** A decimal number written with a dot, within [min, max]; null otherwise. */
function decimalIn(value: string, min: number, max: number): number | null {
  if (!/^-?\d{1,3}(\.\d{1,12})?$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/** Reads one line's fields (by column) into its command, or the first refusal. */
function readLine(line: number, fields: Partial<Record<SheetColumn, string>>): SheetLine {
  const raw = (column: SheetColumn) => fields[column] ?? "";
  const fail = (
    column: string,
    reason: string,
    message: string,
    known: { treeId?: number; step?: SheetStep },
  ): SheetLine => ({ line, ok: false, ...known, ...refusal(column, reason, message) });

  const idText = raw("tree_id");
  if (idText === "") return fail("tree_id", "required", "is required", {});
  const treeId = /^[1-9]\d{0,9}$/.test(idText) && Number(idText) <= INT32_MAX ? Number(idText) : undefined;
  if (treeId === undefined)
    return fail("tree_id", "not-found", `"${idText.slice(0, 40)}" is not a tree id`, {});

  const stepText = raw("step");
  if (stepText === "") return fail("step", "required", "is required", { treeId });
  if (!(SHEET_STEPS as readonly string[]).includes(stepText)) {
    const message = `must be ${SHEET_STEPS.join(", ")}; got "${stepText.slice(0, 40)}"`;
    return fail("step", "unknown-step", message, { treeId });
  }
  const step = stepText as SheetStep;
  const known = { treeId, step };

  const on = raw("date");
  if (on === "") return fail("date", "required", "is required", known);
  if (!isDay(on))
    return fail("date", "invalid-date", `must be a day YYYY-MM-DD; got "${on.slice(0, 40)}"`, known);

  // A value in a column its step does not read is refused, never silently dropped.
  for (const column of SHEET_COLUMNS) {
    if (lineColumns(step).includes(column)) continue;
    if (raw(column) !== "")
      return fail(column, "not-for-step", `is not read on a ${step} line: leave it empty`, known);
  }
  const note = raw("note") || undefined;

  if (step === "in_ground") {
    const latText = raw("latitude");
    const lngText = raw("longitude");
    if ((latText === "") !== (lngText === "")) {
      const missing = latText === "" ? "latitude" : "longitude";
      return fail(missing, "required", "give both latitude and longitude, or neither", known);
    }
    const command: SheetCommand = { step, treeId, on, plantedBy: raw("planted_by") || undefined };
    if (latText !== "") {
      const latitude = decimalIn(latText, -90, 90);
      if (latitude === null)
        return fail("latitude", "invalid-number", "must be a number from -90 to 90", known);
      const longitude = decimalIn(lngText, -180, 180);
      if (longitude === null)
        return fail("longitude", "invalid-number", "must be a number from -180 to 180", known);
      command.latitude = latitude;
      command.longitude = longitude;
    }
    return { line, ok: true, command };
  }
  if (step === "check") {
    const health = raw("health");
    if (health === "") return fail("health", "required", "is required on a check line", known);
    const height = raw("height_cm");
    if (height !== "" && !/^\d{1,9}$/.test(height)) {
      return fail("height_cm", "invalid-number", "must be a whole number of centimetres", known);
    }
    const command: SheetCommand = { step, treeId, on, health, note };
    if (height !== "") command.heightCm = Number(height);
    return { line, ok: true, command };
  }
  const reason = raw("reason");
  if (reason === "") return fail("reason", "required", "is required on a death line", known);
  return { line, ok: true, command: { step, treeId, on, reason, note } };
}

/** A refusal of the whole sheet (too large, no header, not CSV): nothing of it is read. */
const sheetRefusal = (reason: string, message: string) => invalid(message, { field: "sheet", reason });

/**
 * The sheet's lines, each read or refused. Refuses the whole sheet (DomainError INVALID_INPUT,
 * field "sheet") when it is too large, is not CSV, has no header row naming the required columns,
 * names an unknown column or has no line.
 */
export function readSheet(csvText: string): SheetLine[] {
  if (Buffer.byteLength(csvText, "utf8") > SHEET_MAX_BYTES) {
    throw sheetRefusal("too-large", `the sheet is larger than ${SHEET_MAX_BYTES / 1024 / 1024} MiB`);
  }
  if (csvText.includes("\u0000"))
    throw sheetRefusal("not-csv", "the sheet is not text (it contains NUL bytes)");
  // One kind of line break, so that line numbers are the ones a text editor shows.
  const text = csvText.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const firstLine = text.slice(0, text.indexOf("\n") === -1 ? undefined : text.indexOf("\n"));
  // A spreadsheet set to a European language writes semicolons: the header row says which.
  const delimiter = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = parse(text, {
      delimiter,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw sheetRefusal(
      "not-csv",
      `the sheet is not valid CSV${line ? ` (line ${line})` : ""}: ${(error as Error).message.slice(0, 200)}`,
    );
  }
  const [header, ...rows] = records;
  if (!header)
    throw sheetRefusal("empty", "the sheet is empty: a header row and at least one line are needed");
  const columns = header.record.map((name) => name.toLowerCase());
  const unknown = columns.find((name) => !(SHEET_COLUMNS as readonly string[]).includes(name));
  if (unknown !== undefined) {
    throw sheetRefusal(
      "unknown-column",
      `unknown column "${unknown.slice(0, 40)}" in the header row; the columns are ${SHEET_COLUMNS.join(",")}`,
    );
  }
  const twice = columns.find((name, index) => columns.indexOf(name) !== index);
  if (twice !== undefined) throw sheetRefusal("duplicate-column", `the column ${twice} is named twice`);
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length) {
    throw sheetRefusal(
      "missing-columns",
      `the header row must name the columns ${REQUIRED_COLUMNS.join(",")}; missing: ${missing.join(",")}`,
    );
  }
  if (rows.length === 0) throw sheetRefusal("empty", "the sheet has a header row but no line");
  if (rows.length > SHEET_MAX_LINES) {
    throw sheetRefusal("too-many-lines", `the sheet has ${rows.length} lines; at most ${SHEET_MAX_LINES}`);
  }
  return rows.map(({ record, info, raw }) => {
    // info.lines is the line the record ends on; a quoted field may hold line breaks.
    const inside = raw.replace(/^\n+/, "").replace(/\n$/, "").split("\n").length - 1;
    const line = info.lines - inside;
    if (record.length !== columns.length) {
      return {
        line,
        ok: false,
        ...refusal(
          "line",
          "column-count",
          `has ${record.length} fields; the header row names ${columns.length}`,
        ),
      };
    }
    const fields: Partial<Record<SheetColumn, string>> = {};
    columns.forEach((name, index) => {
      fields[name as SheetColumn] = record[index];
    });
    return readLine(line, fields);
  });
}
