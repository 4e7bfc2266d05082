import { describe, expect, it } from "vitest";
import { presetPeriod } from "./periods";

describe("presetPeriod", () => {
  it("gives calendar months and years with their exact number of days", () => {
    // [preset, today's year and month, the period's first year, month and its number of days]
    const cases = [
      ["thisMonth", 2026, 2, 2026, 2, 28],
      ["thisMonth", 2028, 2, 2028, 2, 29],
      ["thisMonth", 2026, 11, 2026, 11, 30],
      ["lastMonth", 2026, 11, 2026, 10, 31],
      ["lastMonth", 2026, 1, 2025, 12, 31],
      ["thisYear", 2026, 7, 2026, 1, 365],
      ["thisYear", 2028, 7, 2028, 1, 366],
    ] as const;
    for (const [preset, todayYear, todayMonth, year, month, days] of cases) {
      expect(
        presetPeriod(preset, { year: todayYear, month: todayMonth }),
        `${preset} of ${todayYear}-${todayMonth}`,
      ).toEqual({
        year,
        month,
        day: 1,
        days,
      });
    }
  });
});
