import { describe, expect, it } from "vitest";
import {
  bucketLabel,
  formatCo2,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  isoDay,
  isoMonth,
  pageCount,
} from "./format";

// Intl separates thousands with narrow or ordinary no-break spaces depending on the locale.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("format", () => {
  it("formats dates in UTC in each language", () => {
    // 23:30 UTC is the next day in Brussels: the service's days are UTC days.
    const date = "2026-03-01T23:30:00.000Z";
    expect(formatDate(date, "fr")).toBe("1 mars 2026");
    expect(formatDate(date, "nl")).toBe("1 mrt 2026");
    expect(formatDate(date, "en")).toBe("1 Mar 2026");
    expect(formatDate(date, "de")).toBe("01.03.2026");
    expect(formatDateTime(date, "en")).toContain("23:30");
  });

  it("formats numbers, CO2 and money with the language's separators", () => {
    expect(plain(formatNumber(1234.567, "fr"))).toBe("1 234,57");
    expect(formatNumber(1234.567, "en")).toBe("1,234.57");
    expect(formatNumber("1000", "de")).toBe("1.000");
    expect(plain(formatCo2(250.5, "fr"))).toBe("250,5 kg");
    expect(formatCo2(250, "en")).toBe("250 kg");
    expect(plain(formatCo2(25_000, "fr"))).toBe("25 t");
    expect(plain(formatMoney("40.00", "fr"))).toBe("40,00 €");
    expect(formatMoney(40, "en")).toBe("€40.00");
  });

  it("gives the values date and month inputs expect", () => {
    expect(isoDay(new Date(Date.UTC(2026, 0, 5, 23, 59)))).toBe("2026-01-05");
    expect(isoMonth("2026-11-30T12:00:00Z")).toBe("2026-11");
  });

  it("names chart buckets", () => {
    expect(bucketLabel("2026-03-01T00:00:00Z", "month", "en")).toBe("Mar 2026");
    expect(bucketLabel("2026-03-02T00:00:00Z", "week", "fr")).toBe("2 mars");
  });

  it("counts pages, at least one", () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });
});
