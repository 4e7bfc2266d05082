// A date of death is a day that has begun somewhere: the latest one allowed is today in the time
// zone furthest ahead (UTC+14). A family in Brussels, Paris or Amsterdam giving today's date just
// after midnight (still yesterday in UTC) is never refused; a date of tomorrow or later always is.

import { invalid } from "@memorial/lib/errors";

/** The zone furthest ahead of UTC (Kiribati's Line Islands), in milliseconds. */
const FURTHEST_AHEAD_MS = 14 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant (UTC) of the day after the latest date of death allowed at `now`. */
export function deathDateLimit(now = new Date()): Date {
  const ahead = now.getTime() + FURTHEST_AHEAD_MS;
  return new Date(Math.floor(ahead / DAY_MS) * DAY_MS + DAY_MS);
}

/** Refuses a date of death that has not begun anywhere yet (400, reason "death-in-future"). */
export function checkDeathDate(deathDate: Date, field: string, now = new Date()): void {
  if (deathDate.getTime() >= deathDateLimit(now).getTime()) {
    throw invalid(`the date of death ${deathDate.toISOString().slice(0, 10)} is in the future`, {
      field,
      reason: "death-in-future",
    });
  }
}
