import { describe, expect, it } from "vitest";
import { BOM, csvCell, csvLine, csvStream, parseCsv } from "./csv";

async function* rows(n: number) {
  for (let i = 0; i < n; i++) yield [i, `name ${i}`];
}

async function read(stream: ReadableStream<Uint8Array>): Promise<string> {
  // ignoreBOM keeps the byte order mark in the text, so that the test sees it.
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe("csvCell", () => {
  it("writes plain values as they are", () => {
    expect(csvCell("Chêne pédonculé")).toBe("Chêne pédonculé");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(new Date("2026-03-01T10:00:00Z"))).toBe("2026-03-01T10:00:00.000Z");
  });

  it("quotes commas, quotes, line breaks and edge spaces", () => {
    expect(csvCell("Dupont, Marie")).toBe('"Dupont, Marie"');
    expect(csvCell('Le "chêne"')).toBe('"Le ""chêne"""');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell(" padded ")).toBe('" padded "');
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+32 2 123")).toBe("'+32 2 123");
    expect(csvCell("-x")).toBe("'-x");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe("-5");
  });
});

describe("csvLine and parseCsv", () => {
  it("round-trips awkward values", () => {
    const values = ["a,b", 'say "hi"', "two\r\nlines", "", "ünïcödé"];
    const text = csvLine(values) + csvLine(["x", "y", "z", "", "w"]);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parseCsv(text)).toEqual([values, ["x", "y", "z", "", "w"]]);
  });
});

describe("csvStream", () => {
  it("writes the byte order mark, the header and every row, across chunks", async () => {
    const text = await read(csvStream(["Id", "Nom"], rows(450)));
    expect(text.startsWith(BOM)).toBe(true);
    const parsed = parseCsv(text);
    expect(parsed[0]).toEqual(["Id", "Nom"]);
    expect(parsed).toHaveLength(451);
    expect(parsed[450]).toEqual(["449", "name 449"]);
  });

  it("writes only the header when there is no row", async () => {
    expect(await read(csvStream(["Id"], rows(0)))).toBe(`${BOM}Id\r\n`);
  });
});
