// Name search that ignores accents and case, one rule for every reader (the dashboard's memorial
// search and the report's person filter): each word typed must appear, in any order, in the
// lower-case unaccented text ("emile dub" finds "Émile Dubois"). Both sides go through the same
// SQL function, public.f_unaccent (migration 20261125153500_name_search), and the expressions
// below are exactly those of the trigram indexes memorial_title_search_idx and
// person_name_search_idx: change one, change the other (test/name-search.test.ts reads the plans).
import { Prisma } from "@memorial/lib/db/client";

/** Words kept of a search text, and their length: enough for any name, bounded work. */
const MAX_SEARCH_WORDS = 8;
const MAX_WORD_LENGTH = 100;

/**
 * A typed text as a search can read it: control characters (U+0000, which PostgreSQL's
 * text cannot hold, and the rest of Unicode's Cc) and lone surrogates (not characters: a UTF-16
 * half) become spaces, so that any text typed is a search, never an error.
 */
export function searchableText(text: string): string {
  return text.replace(/[\p{Cc}\p{Cs}]/gu, " ");
}

/** The words of a search text: split on spaces and commas ("Dubois, Émile"), empty when blank. */
export function searchWords(text: string): string[] {
  return searchableText(text)
    .split(/[\s,;]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => Array.from(word).slice(0, MAX_WORD_LENGTH).join(""));
}

/** The compared form of a text: lower case, without accents (the indexed expression). */
export function searchKey(text: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`lower(public.f_unaccent(${text}))`;
}

const column = (alias: string, name: string) => Prisma.raw(`"${alias}"."${name}"`);

/** A memorial's title (the name it is shown by: the deceased's, the anonymous name, the operator's). */
export const memorialTitleKey = (alias = "m") => searchKey(column(alias, "title"));

/** A person's given and family names, given name first (word order does not matter). */
export const personNameKey = (alias = "p") =>
  searchKey(
    Prisma.sql`coalesce(${column(alias, "first_name")}, '') || ' ' || coalesce(${column(alias, "last_name")}, '')`,
  );

/** `%`, `_` and `\` are literal in a search word. */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** True when every word is in the key (one LIKE per word, each answered by the trigram index). */
export function matchesWords(key: Prisma.Sql, words: string[]): Prisma.Sql {
  if (words.length === 0) return Prisma.sql`true`;
  return Prisma.join(
    words.map(
      (word) => Prisma.sql`${key} LIKE '%' || ${searchKey(Prisma.sql`${escapeLike(word)}::text`)} || '%'`,
    ),
    " AND ",
  );
}

/**
 * True when every word is in one of the keys (the visitors' search: a word may match the
 * name or the town). Each key's LIKE is answered by its own trigram index.
 */
export function matchesWordsInAny(keys: Prisma.Sql[], words: string[]): Prisma.Sql {
  if (words.length === 0 || keys.length === 0) return Prisma.sql`true`;
  return Prisma.join(
    words.map((word) => {
      const pattern = Prisma.sql`'%' || ${searchKey(Prisma.sql`${escapeLike(word)}::text`)} || '%'`;
      return Prisma.sql`(${Prisma.join(
        keys.map((key) => Prisma.sql`${key} LIKE ${pattern}`),
        " OR ",
      )})`;
    }),
    " AND ",
  );
}
