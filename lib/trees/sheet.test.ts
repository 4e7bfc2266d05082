// Reading a field team's sheet (lib/trees/sheet.ts): the syntax of each line, the line numbers a
// text editor shows, and the sheet's own refusals.

import { DomainError } from "@memorial/lib/errors";
import { describe, expect, it } from "vitest";
import { readSheet } from "./sheet";

const reasons = (text: string) => readSheet(text).map((line) => (line.ok ? "ok" : line.problem.reason));

describe("readSheet", () => {
  it("reads a spreadsheet's CSV: BOM, CRLF, semicolons, quoted fields, any column order", () => {
    const lines = readSheet(
      '\uFEFFStep;Tree_ID;Date;Note;Health\r\ncheck;12;2026-11-02;"a; b\r\nc";sick\r\n\r\ndeath;13;2026-11-03;;\r\n',
    );
    expect(lines[0]).toEqual({
      line: 2,
      ok: true,
      command: { step: "check", treeId: 12, on: "2026-11-02", health: "sick", note: "a; b\nc" },
    });
    // The empty line 4 is skipped; line 5 is the death line (its missing reason refused).
    expect(lines[1]).toMatchObject({
      line: 5,
      ok: false,
      treeId: 13,
      step: "death",
      problem: { field: "reason" },
    });
  });

  it("refuses each malformed field with its column and reason", () => {
    const header = "tree_id,step,date,latitude,longitude,height_cm,health";
    expect(
      reasons(
        [
          header,
          "x,check,2026-01-01,,,,alive",
          "1,plant,2026-01-01,,,,alive",
          "1,check,2026-02-30,,,,alive",
          "1,in_ground,2026-01-01,50.5,,,",
          "1,in_ground,2026-01-01,95,4,,",
          "1,check,2026-01-01,,,12.5,alive",
          "1,check,2026-01-01,,,,",
          "1,check,2026-01-01",
          "1,in_ground,2026-01-01,50.5,4.5,,",
        ].join("\n"),
      ),
    ).toEqual([
      "not-found",
      "unknown-step",
      "invalid-date",
      "required",
      "invalid-number",
      "invalid-number",
      "required",
      "column-count",
      "ok",
    ]);
  });

  it("refuses a sheet that is not CSV", () => {
    const error = (() => {
      try {
        readSheet('tree_id,step,date\n1,"check,2026-01-01\n');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).problem).toEqual({ field: "sheet", reason: "not-csv" });
  });
});
