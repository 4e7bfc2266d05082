// contract.md, Listings and reports: `Page` (1-based) and `Limite` (at most 1000). A refusal names
// the parameter in Champ. Other query parameters are ignored, not refused: a partner's
// cache-buster or tracking parameter changes nothing, unlike an unknown field of a body.
// The one paging parser of the service: the dashboard's lists and reports read their Page and
// Limite with it too, and word its refusal (the parameter and a reason word) in the user's language.
import { invalidParam } from "./errors";

export interface Paging {
  page: number;
  limit: number;
  offset: number;
}

export const MAX_LIMIT = 1000;
export const MAX_PAGE = 100_000_000;
export const LISTING_LIMIT = 50;
export const REPORT_LIMIT = 200;
/** Infos' trees per page: every tree of any family's memorial; a global memorial is paged. */
export const INFOS_LIMIT = 1000;

function positiveInteger(name: string, raw: string, max: number): number {
  if (!/^\d{1,9}$/.test(raw.trim())) {
    throw invalidParam(name, `${name} must be a positive integer, got "${raw.slice(0, 40)}"`, "number");
  }
  const value = Number(raw.trim());
  if (value < 1 || value > max) {
    throw invalidParam(name, `${name} must be between 1 and ${max}, got ${value}`, "range");
  }
  return value;
}

export function parsePaging(search: URLSearchParams, defaultLimit: number): Paging {
  const rawPage = search.get("Page");
  const rawLimit = search.get("Limite");
  const page = rawPage === null ? 1 : positiveInteger("Page", rawPage, MAX_PAGE);
  const limit = rawLimit === null ? defaultLimit : positiveInteger("Limite", rawLimit, MAX_LIMIT);
  return { page, limit, offset: (page - 1) * limit };
}

/** The paging fields of a listing envelope. */
export function listingPage(paging: Paging, total: number, inPage: number) {
  return {
    NombreTotal: total,
    Page: paging.page,
    NombreParPage: paging.limit,
    NombreDansLaPage: inPage,
    Plus: paging.offset + inPage < total,
  };
}
