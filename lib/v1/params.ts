// Path parameters of /v1: integers written in decimal, nothing else. A refusal names the parameter
// in the Error object's Champ.
import { notFound } from "@memorial/lib/errors";
import { INT32_MAX } from "@memorial/lib/validation";
import { invalidParam } from "./errors";
import type { V1Request } from "./handler";
import { LISTING_LIMIT, parsePaging } from "./paging";

export function intParam(name: string, raw: string, min = 1, max = INT32_MAX): number {
  if (!/^-?\d{1,10}$/.test(raw))
    throw invalidParam(name, `${name} must be an integer, got "${raw.slice(0, 40)}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw invalidParam(name, `${name} must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

/**
 * The id of an element: not an integer → 400; an integer that cannot be an id (0, negative, too
 * large) names nothing → 404, as an unknown id does.
 */
export function idParam(name: string, raw: string): number {
  if (!/^-?\d+$/.test(raw)) throw invalidParam(name, `${name} must be an integer, got "${raw.slice(0, 40)}"`);
  const value = Number(raw);
  if (raw.length > 10 || value < 1 || value > INT32_MAX) {
    throw notFound(`${name} ${raw.slice(0, 20)} does not exist`);
  }
  return value;
}

/** A year and a month of the calendar (transactions, reports): the range the domain accepts. */
export const yearParam = (raw: string) => intParam("year", raw, 2000, 9999);
export const monthParam = (raw: string) => intParam("month", raw, 1, 12);

/**
 * A page of one month's listing: the path's {year}/{month} and the query's Page/Limite, checked in
 * that order, with the query a transaction listing takes (the caller's Scope, the month, the page).
 */
export function monthListing(req: V1Request) {
  const year = yearParam(req.params.year);
  const month = monthParam(req.params.month);
  const paging = parsePaging(req.search, LISTING_LIMIT);
  return { paging, query: { scope: req.caller, year, month, limit: paging.limit, offset: paging.offset } };
}

/** The start day of a report: it must exist in its month (as the dashboard checks its form's). */
export function dayParam(raw: string, year: number, month: number): number {
  const day = intParam("day", raw, 1, 31);
  if (new Date(Date.UTC(year, month - 1, day)).getUTCMonth() !== month - 1) {
    throw invalidParam(
      "day",
      `day ${day} is not a day of ${year}/${month}: ${year}/${month}/${day} is not a date`,
    );
  }
  return day;
}
