// The calendar of anniversaries, pure: which days of a year a date comes back on (UTC days), and
// the 29th of February, which comes back on the 28th in the other years.

export type ReminderKind = "death_anniversary" | "birthday";

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The UTC day (YYYY-MM-DD) on which `date` comes back in `year`. */
export function anniversaryIn(date: Date, year: number): string {
  const month = date.getUTCMonth() + 1;
  let day = date.getUTCDate();
  if (month === 2 && day === 29 && !isLeap(year)) day = 28;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The (month, day) pairs whose dates come back on the UTC day of `now`. */
export function datesComingBackOn(now: Date): { month: number; day: number }[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const day = now.getUTCDate();
  const pairs = [{ month, day }];
  if (month === 2 && day === 28 && !isLeap(year)) pairs.push({ month: 2, day: 29 });
  return pairs;
}
