// The day a family's erasure is carried out, without the database (the management
// page's section reads it too): the 14th day (UTC) after the day it was asked.

/** Days between the request and its carrying out, during which the family may undo it. */
export const ERASURE_COOLING_OFF_DAYS = 14;

/** The day (UTC, midnight) an erasure asked at `requestedAt` is carried out by the daily job. */
export function erasureDay(requestedAt: Date): Date {
  const day = new Date(
    Date.UTC(requestedAt.getUTCFullYear(), requestedAt.getUTCMonth(), requestedAt.getUTCDate()),
  );
  day.setUTCDate(day.getUTCDate() + ERASURE_COOLING_OFF_DAYS);
  return day;
}
