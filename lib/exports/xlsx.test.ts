import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { decimal } from "./csv";
import { xlsxStream } from "./xlsx";

async function* rows() {
  yield [new Date("2026-03-01T10:00:00Z"), 3, decimal("12.50"), "=HYPERLINK(1)", "Chêne, pédonculé", null];
  for (let i = 0; i < 500; i++)
    yield [new Date("2026-03-02T00:00:00Z"), i, decimal("1.25"), `name ${i}`, "", null];
}

describe("xlsxStream", () => {
  it("writes a workbook that exceljs reads back: header, typed numbers and dates, text never a formula", async () => {
    const bytes = await new Response(
      xlsxStream("Arbres", ["Date", "Quantite", "Co2", "Nom", "Espece", "Message"], rows()),
    ).arrayBuffer();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const sheet = workbook.getWorksheet("Arbres")!;
    expect(sheet.rowCount).toBe(502);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Date",
      "Quantite",
      "Co2",
      "Nom",
      "Espece",
      "Message",
    ]);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toEqual(new Date("2026-03-01T10:00:00Z"));
    expect(first.getCell(2).value).toBe(3);
    expect(first.getCell(3).value).toBe(12.5);
    expect(first.getCell(4).value).toBe("=HYPERLINK(1)");
    expect(first.getCell(4).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(5).value).toBe("Chêne, pédonculé");
    expect(sheet.getRow(502).getCell(2).value).toBe(499);
  });
});
