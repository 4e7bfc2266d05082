// The query strings of the dashboard's JSON and export routes, parsed at this edge: a bad value
// is refused with the field and a reason as data, so that the route says it in the user's
// language with the field's own label and bounds (web/dashboard/route.ts). Page and Limite are
// read by the API's own parser (parsePaging of lib/v1/paging.ts), whose refusal carries the same.
import { invalid } from "@memorial/lib/errors";
import { MAX_REPORT_DAYS } from "@memorial/lib/reports/limits";
import { MAX_LIMIT, MAX_PAGE } from "@memorial/lib/v1/paging";
import { INT32_MAX } from "@memorial/lib/validation";

/** The bounds of each parameter (contract.md: reports from 2000, at most 3660 days, Limite ≤ 1000). */
export const QUERY_BOUNDS: Record<string, [number, number]> = {
  year: [2000, 9999],
  month: [1, 12],
  day: [1, 31],
  days: [1, MAX_REPORT_DAYS],
  Page: [1, MAX_PAGE],
  Limite: [1, MAX_LIMIT],
};

/** An integer parameter within its bounds; `fallback` when absent (none: required). */
export function queryInt(search: URLSearchParams, name: string, fallback?: number): number {
  const [min, max] = QUERY_BOUNDS[name] ?? [1, INT32_MAX];
  const raw = search.get(name)?.trim() ?? "";
  if (raw === "") {
    if (fallback !== undefined) return fallback;
    throw invalid(`${name} is required`, { field: name, reason: "required" });
  }
  if (!/^-?\d{1,10}$/.test(raw)) {
    throw invalid(`${name} must be an integer, got "${raw.slice(0, 40)}"`, { field: name, reason: "number" });
  }
  const value = Number(raw);
  if (value < min || value > max) {
    throw invalid(`${name} must be between ${min} and ${max}, got ${value}`, {
      field: name,
      reason: "range",
    });
  }
  return value;
}

/** year and month of a calendar month (transactions). */
export function queryMonth(search: URLSearchParams): { year: number; month: number } {
  return { year: queryInt(search, "year"), month: queryInt(search, "month") };
}
