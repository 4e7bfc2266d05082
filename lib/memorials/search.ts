// The visitors' search of the home page: memorials by name, town (the place of death)
// or date of death, ignoring accents and case (lib/db/name-search.ts: unaccent + pg_trgm, its
// trigram indexes), the closest first, a page at a time. Only what the policy lets the public find
// (memorialsSearchableBySql: public, visible, not test, not awaiting, not hidden, privacy public).
// An anonymous memorial (and the global one) is found by the title people read only, never by the
// deceased's names, town or date (4.1 rule 7); an approximate date of death is never matched (4.1
// rule 9).
import { db, Prisma } from "@memorial/lib/db/client";
import {
  matchesWordsInAny,
  memorialTitleKey,
  personNameKey,
  searchableText,
  searchKey,
  searchWords,
} from "@memorial/lib/db/name-search";
import type { Language } from "@memorial/lib/i18n/languages";
import {
  type AnonymousTitle,
  anonymousNameTitleSql,
  displayTitle,
  IN_MEMORIAM,
  type MemorialKind,
  memorialsSearchableBySql,
  PUBLIC,
  shownDeathDate,
  showsDeceased,
} from "./policy";

export const SEARCH_PAGE_SIZE = 20;
/** Pages beyond this are not served (nobody reads 1,000 results; the offset stays bounded). */
const SEARCH_MAX_PAGE = 50;
/** The most characters of a search text that are read. */
export const SEARCH_MAX_LENGTH = 200;

export interface SearchQuery {
  text: string;
  /** A calendar day, YYYY-MM-DD, or null. */
  date: string | null;
  /** 1-based. */
  page: number;
}

interface SearchHit {
  id: number;
  kind: MemorialKind;
  /** displayTitle: never the deceased's name for an anonymous memorial. */
  title: string;
  /** Classic memorials only. */
  town: string | null;
  /** Classic memorials only, and only when the date is not approximate (YYYY-MM-DD). */
  deathDate: string | null;
}

export interface SearchResult {
  hits: SearchHit[];
  page: number;
  hasNext: boolean;
}

/** A search form's raw values made a query: a bad page is the first, a bad date is reported. */
export function parseSearch(params: { q?: string | null; date?: string | null; page?: string | null }): {
  query: SearchQuery;
  badDate: boolean;
} {
  const text = Array.from(searchableText(params.q ?? "").trim())
    .slice(0, SEARCH_MAX_LENGTH)
    .join("");
  const rawDate = (params.date ?? "").trim();
  const date = isCalendarDay(rawDate) ? rawDate : null;
  const pageNumber = /^\d{1,3}$/.test(params.page ?? "") ? Number(params.page) : 1;
  return {
    query: { text, date, page: Math.min(Math.max(pageNumber, 1), SEARCH_MAX_PAGE) },
    badDate: rawDate !== "" && date === null,
  };
}

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** True when the query asks for something (an empty form shows no result list). */
export const isSearch = (query: SearchQuery) => searchWords(query.text).length > 0 || query.date !== null;

interface Row {
  id: number;
  kind: MemorialKind;
  title: string;
  anonymousName: string | null;
  anonymousTitle: AnonymousTitle;
  firstName: string | null;
  lastName: string | null;
  town: string | null;
  deathDate: Date | null;
  deathDateApproximate: boolean | null;
}

/** `language`: the page's, in which an anonymous memorial's number is read (displayTitle). */
export async function searchMemorials(query: SearchQuery, language?: Language): Promise<SearchResult> {
  const page = Math.min(Math.max(query.page, 1), SEARCH_MAX_PAGE);
  if (!isSearch(query)) return { hits: [], page, hasNext: false };
  const words = searchWords(query.text);
  const classic = Prisma.sql`m."kind" = 'classic'`;
  // What an anonymous (or global) memorial may be found by: the title people read of it
  // (anonymousNameTitleSql, displayTitle's rule: its MemorialAnonymeNom, or its numbered title in
  // the reader's language), without its initials (they are the deceased's).
  const shownTitle = searchKey(Prisma.sql`CASE WHEN m."kind" = 'anonymous' THEN
      CASE WHEN m."anonymous_title" = 'name' THEN ${anonymousNameTitleSql(language ?? null, "m")} ELSE ${IN_MEMORIAM} END
    ELSE m."title" END`);
  const town = searchKey(Prisma.sql`p."place_of_death"`);
  const name = Prisma.sql`(${memorialTitleKey("m")} || ' ' || ${personNameKey("p")})`;
  const typed = searchKey(Prisma.sql`${words.join(" ")}::text`);

  const matchText =
    words.length === 0
      ? Prisma.sql`true`
      : Prisma.sql`((${classic} AND p."id" IS NOT NULL AND ${matchesWordsInAny([memorialTitleKey("m"), personNameKey("p"), town], words)})
          OR (NOT ${classic} AND ${matchesWordsInAny([shownTitle], words)}))`;
  const matchDate =
    query.date === null
      ? Prisma.sql`true`
      : Prisma.sql`(${classic} AND p."death_date_approximate" = false
          AND (p."death_date" AT TIME ZONE 'UTC')::date = ${query.date}::date)`;
  // The closest first: the typed words against the name (or the shown title), a town a little
  // less; then the newest memorial. Without words (a date alone) the newest first: no rank at all,
  // since a constant (ORDER BY 0) would be read as a column's position.
  const rank =
    words.length === 0
      ? Prisma.empty
      : Prisma.sql`CASE WHEN ${classic} THEN GREATEST(
            public.word_similarity(${typed}, ${name}) + CASE WHEN ${memorialTitleKey("m")} = ${typed} THEN 1 ELSE 0 END,
            0.8 * public.word_similarity(${typed}, coalesce(${town}, '')))
          ELSE public.word_similarity(${typed}, ${shownTitle}) + CASE WHEN ${shownTitle} = ${typed} THEN 1 ELSE 0 END END DESC,`;

  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    SELECT m."id", m."kind"::text AS "kind", m."title", m."anonymous_name" AS "anonymousName",
      m."anonymous_title"::text AS "anonymousTitle",
      p."first_name" AS "firstName", p."last_name" AS "lastName", p."place_of_death" AS "town",
      p."death_date" AS "deathDate", p."death_date_approximate" AS "deathDateApproximate"
    FROM "memorial" m
    LEFT JOIN "person" p ON p."id" = m."person_id"
    WHERE ${memorialsSearchableBySql(PUBLIC, "m")} AND ${matchText} AND ${matchDate}
    ORDER BY ${rank} m."created_at" DESC, m."id" DESC
    LIMIT ${SEARCH_PAGE_SIZE + 1} OFFSET ${(page - 1) * SEARCH_PAGE_SIZE}`);

  const hits = rows.slice(0, SEARCH_PAGE_SIZE).map((row): SearchHit => {
    const deceased = showsDeceased(row.kind);
    const death =
      deceased && row.deathDate ? shownDeathDate(row.deathDate, row.deathDateApproximate === true) : null;
    return {
      id: row.id,
      kind: row.kind,
      // The policy names it (the initials of an anonymous memorial only when its family chose them).
      title: displayTitle(
        {
          id: row.id,
          kind: row.kind,
          title: row.title,
          anonymousName: row.anonymousName,
          anonymousTitle: row.anonymousTitle,
          person: { firstName: row.firstName, lastName: row.lastName },
        },
        language,
      ),
      town: deceased ? row.town?.trim() || null : null,
      deathDate: death ? death.toISOString().slice(0, 10) : null,
    };
  });
  return { hits, page, hasNext: rows.length > SEARCH_PAGE_SIZE };
}
