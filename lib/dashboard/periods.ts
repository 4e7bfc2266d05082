// The report's periods: the default is the current calendar month; the presets are this month,
// last month and this year, each from its first day for its exact number of days.
export type PeriodPreset = "thisMonth" | "lastMonth" | "thisYear";

export const PERIOD_PRESETS: PeriodPreset[] = ["thisMonth", "lastMonth", "thisYear"];

export interface Period {
  year: number;
  month: number;
  day: number;
  days: number;
}

const daysBetween = (a: Date, b: Date) => Math.round((b.getTime() - a.getTime()) / 86_400_000);

/** The period of a preset, for the calendar day `today` (its year, month and day are used). */
export function presetPeriod(preset: PeriodPreset, today: { year: number; month: number }): Period {
  const { year, month } = today;
  if (preset === "thisYear") {
    return { year, month: 1, day: 1, days: daysBetween(utc(year, 1), utc(year + 1, 1)) };
  }
  const [y, m] = preset === "thisMonth" ? [year, month] : month === 1 ? [year - 1, 12] : [year, month - 1];
  return { year: y, month: m, day: 1, days: daysBetween(utc(y, m), utc(y, m + 1)) };
}

const utc = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1));

/** The current calendar month, in UTC as every period of the service (contract.md). */
export const localToday = (now = new Date()) => ({
  year: now.getUTCFullYear(),
  month: now.getUTCMonth() + 1,
});
