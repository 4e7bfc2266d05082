import { describe, expect, it } from "vitest";
import { BOM, CSV_FORMATS, csvCell, csvLine, csvStream, decimal, parseCsv } from "./csv";

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

describe("the user's language", () => {
  it("uses semicolons and decimal commas in French, Dutch and German, commas and points in English", () => {
    const values = [
      12.5,
      decimal("100.00"),
      "Dupont; Marie",
      "Dupont, Marie",
      new Date("2026-03-01T10:00:00Z"),
    ];
    for (const lang of ["fr", "nl", "de"] as const) {
      const line = csvLine(values, CSV_FORMATS[lang]);
      expect(line).toBe('12,5;100,00;"Dupont; Marie";Dupont, Marie;2026-03-01T10:00:00.000Z\r\n');
      expect(parseCsv(line, ";")).toEqual([
        ["12,5", "100,00", "Dupont; Marie", "Dupont, Marie", "2026-03-01T10:00:00.000Z"],
      ]);
    }
    expect(csvLine(values, CSV_FORMATS.en)).toBe(
      '12.5,100.00,Dupont; Marie,"Dupont, Marie",2026-03-01T10:00:00.000Z\r\n',
    );
  });

  it("streams the byte order mark and the header with the language's separator", async () => {
    const text = await read(csvStream(["Id", "Nom"], rows(2), CSV_FORMATS.fr));
    expect(text).toBe(`${BOM}Id;Nom\r\n0;name 0\r\n1;name 1\r\n`);
  });
});
