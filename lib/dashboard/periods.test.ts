import { describe, expect, it } from "vitest";
import { presetPeriod } from "./periods";

describe("presetPeriod", () => {
  it("gives calendar months and years with their exact number of days", () => {
    expect(presetPeriod("thisMonth", { year: 2026, month: 2 })).toEqual({
      year: 2026,
      month: 2,
      day: 1,
      days: 28,
    });
    expect(presetPeriod("thisMonth", { year: 2028, month: 2 })).toEqual({
      year: 2028,
      month: 2,
      day: 1,
      days: 29,
    });
    expect(presetPeriod("thisMonth", { year: 2026, month: 11 })).toEqual({
      year: 2026,
      month: 11,
      day: 1,
      days: 30,
    });
    expect(presetPeriod("lastMonth", { year: 2026, month: 11 })).toEqual({
      year: 2026,
      month: 10,
      day: 1,
      days: 31,
    });
    expect(presetPeriod("lastMonth", { year: 2026, month: 1 })).toEqual({
      year: 2025,
      month: 12,
      day: 1,
      days: 31,
    });
    expect(presetPeriod("thisYear", { year: 2026, month: 7 })).toEqual({
      year: 2026,
      month: 1,
      day: 1,
      days: 365,
    });
    expect(presetPeriod("thisYear", { year: 2028, month: 7 })).toEqual({
      year: 2028,
      month: 1,
      day: 1,
      days: 366,
    });
  });
});
