// contract.md: request date-times come with or without fractional seconds and with or without Z
// (no zone means UTC); impossible dates are refused rather than rolled over.
import { describe, expect, it } from "vitest";
import { parseDateTime, ZMemorialsCreer, ZPersonModifier } from "./memorials";

const iso = (value: string) => parseDateTime(value)?.toISOString() ?? null;

describe("parseDateTime", () => {
  it("reads a date-time with Z, with or without fractional seconds", () => {
    expect(iso("2023-02-04T10:20:30Z")).toBe("2023-02-04T10:20:30.000Z");
    expect(iso("2023-02-04T10:20:30.123Z")).toBe("2023-02-04T10:20:30.123Z");
    expect(iso("2023-02-04T10:20:30.5z")).toBe("2023-02-04T10:20:30.500Z");
  });

  it("reads a date-time without a zone as UTC", () => {
    expect(iso("2023-02-04T10:20:30")).toBe("2023-02-04T10:20:30.000Z");
    expect(iso("2023-02-04T10:20:30.1234567")).toBe("2023-02-04T10:20:30.123Z");
    expect(iso("2023-02-04T10:20")).toBe("2023-02-04T10:20:00.000Z");
    expect(iso("2023-02-04 10:20:30")).toBe("2023-02-04T10:20:30.000Z");
  });

  it("reads a date alone as midnight UTC", () => {
    expect(iso("2023-02-04")).toBe("2023-02-04T00:00:00.000Z");
    expect(iso(" 2024-02-29 ")).toBe("2024-02-29T00:00:00.000Z");
  });

  it("applies an explicit offset", () => {
    expect(iso("2023-02-04T10:20:30+01:00")).toBe("2023-02-04T09:20:30.000Z");
    expect(iso("2023-02-04T10:20:30-0230")).toBe("2023-02-04T12:50:30.000Z");
    expect(iso("2023-12-31T23:30:00-01:00")).toBe("2024-01-01T00:30:00.000Z");
    expect(iso("2023-02-04T10:00:00+14:00")).toBe("2023-02-03T20:00:00.000Z");
  });

  it("refuses an offset beyond 14 hours", () => {
    expect(iso("2023-02-04T10:00:00+14:30")).toBeNull();
    expect(iso("2023-02-04T10:00:00-1401")).toBeNull();
    expect(iso("2023-02-04T10:00:00+15:00")).toBeNull();
  });

  it("refuses impossible dates and times instead of rolling them over", () => {
    expect(iso("2023-02-30")).toBeNull();
    expect(iso("2023-02-29T00:00:00Z")).toBeNull();
    expect(iso("2023-13-01")).toBeNull();
    expect(iso("2023-00-10")).toBeNull();
    expect(iso("2023-04-31T12:00:00")).toBeNull();
    expect(iso("2023-02-04T24:00:00Z")).toBeNull();
    expect(iso("2023-02-04T10:60:00Z")).toBeNull();
    expect(iso("2023-02-04T10:20:60Z")).toBeNull();
  });

  it("refuses what is not an ISO 8601 date-time", () => {
    for (const value of [
      "",
      "yesterday",
      "04/02/2023",
      "2023-2-4",
      "2023-02-04T",
      "2023-02-04T10",
      "20230204",
    ]) {
      expect(iso(value), value).toBeNull();
    }
  });
});

describe("date-time fields of the request schemas", () => {
  it("turn a valid date-time into a Date and name the field of an invalid one", () => {
    const good = ZMemorialsCreer.parse({ Defunt: { DateDeces: "2023-02-04T10:20:30" } });
    expect(good.Defunt?.DateDeces?.toISOString()).toBe("2023-02-04T10:20:30.000Z");

    const bad = ZMemorialsCreer.safeParse({ Defunt: { DateDeces: "2023-02-30T00:00:00Z" } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(["Defunt", "DateDeces"]);

    const person = ZPersonModifier.safeParse({ Id: 1, DateNaissance: "31/12/1950" });
    expect(person.error?.issues[0].path).toEqual(["DateNaissance"]);
  });
});
