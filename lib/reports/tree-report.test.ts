import { DomainError } from "@memorial/lib/errors";
import { describe, expect, it } from "vitest";
import { reportPeriod } from "./tree-report";

describe("reportPeriod (contract.md: from 00:00 UTC, days long, end exclusive)", () => {
  it("starts at midnight UTC and ends days later", () => {
    const { start, end } = reportPeriod(2024, 2, 28, 2);
    expect(start.toISOString()).toBe("2024-02-28T00:00:00.000Z");
    expect(end.toISOString()).toBe("2024-03-01T00:00:00.000Z"); // 2024 is a leap year
  });

  it("crosses years and accepts the longest period", () => {
    expect(reportPeriod(2023, 12, 31, 1).end.toISOString()).toBe("2024-01-01T00:00:00.000Z");
    expect(reportPeriod(2020, 1, 1, 3660).end.toISOString()).toBe("2030-01-08T00:00:00.000Z");
  });

  it.each([
    [2023, 2, 29, 1, "day"],
    [2023, 2, 30, 1, "day"],
    [2024, 4, 31, 1, "day"],
    [2024, 13, 1, 1, "month"],
    [1999, 1, 1, 1, "year"],
    [2024, 1, 1, 0, "days"],
    [2024, 1, 1, 3661, "days"],
  ])("%i/%i/%i for %i days is refused, naming %s", (year, month, day, days, field) => {
    expect(() => reportPeriod(year, month, day, days)).toThrow(DomainError);
    expect(() => reportPeriod(year, month, day, days)).toThrow(new RegExp(`^${field} `));
  });
});
