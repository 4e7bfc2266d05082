// The memorial policy: who may see which memorial and which trees, what a memorial is called,
// and the rules of what is shown about the deceased. Every reader (Infos, Creer into an existing
// memorial, the public pages, the dashboard, the reports) takes its conditions from here, so that a
// new reader cannot forget the global memorial or the test environment.
import { Prisma } from "@memorial/lib/db/client";
import type { PrivacyLevel } from "@memorial/lib/events/payloads";
import { isLanguage, LANGUAGES, type Language } from "@memorial/lib/i18n/languages";
import { t } from "@memorial/lib/i18n/translate";
import { chainAlias, chainColumnsSql, contextChainSql } from "@memorial/lib/operators/context-chain";
import { isTestEnvironment, type OperatorScope, ownerOf, type Scope, VISITOR } from "@memorial/lib/scope";
import { ownRowsOf, ownRowsOfSql } from "./tree-policy";

// Which trees a scope sees and counts: the same policy, in its own file.
export * from "./tree-policy";

/**
 * The public pages' viewer. Who is looking is the Scope (lib/scope.ts) built at each edge: a
 * visitor of the public pages sees what is public; an operator's own actors (an API key,
 * production or test; a dashboard user, in production; the command line) also see their
 * operator's own memorials of their environment; a family link also sees the one memorial it names.
 */
export const PUBLIC: Scope = VISITOR;

// ---------------------------------------------------------------------------------------------
// Visibility of memorials.

/**
 * Public: visible (confirmed when it had to be), not made with a test key (contract.md) and not
 * hidden by its family (hidden_at: a hidden memorial answers 404 to the public and to other
 * operators until the family shows it again), not taken down by its family (taken_down_at: its
 * page answers 410 Gone, lib/privacy/takedown.ts). An operator also sees its own memorials of its
 * own environment, whatever their status, hidden ones included; another operator's memorial that
 * is not public does not exist for it (contract.md, 404). A family link also sees its own memorial.
 */
export function memorialsVisibleTo(scope: Scope): Prisma.MemorialWhereInput {
  // A memorial merged into another is no longer public: its address answers 301.
  const isPublic: Prisma.MemorialWhereInput = {
    status: "visible",
    isTest: false,
    hiddenAt: null,
    takenDownAt: null,
    mergedIntoId: null,
  };
  if (scope.actor.kind === "family") return { OR: [isPublic, { id: scope.actor.memorialId }] };
  const owner = ownerOf(scope);
  if (!owner) return isPublic;
  return { OR: [isPublic, ownMemorialsOf(owner)] };
}

/**
 * memorialsVisibleTo(PUBLIC) for a memorial whose row is in hand (one just written): visible, not
 * test, not hidden: the planting answers its UrlMemorial without reading the row back.
 */
export function isPublicMemorial(memorial: {
  status: string;
  isTest: boolean;
  hiddenAt: Date | null;
  takenDownAt?: Date | null;
  mergedIntoId?: number | null;
}): boolean {
  return (
    memorial.status === "visible" &&
    !memorial.isTest &&
    memorial.hiddenAt === null &&
    !memorial.takenDownAt &&
    !memorial.mergedIntoId
  );
}

/** The same condition in SQL, for a memorial aliased `m`. */
export function memorialsVisibleToSql(scope: Scope, alias = "m"): Prisma.Sql {
  const m = Prisma.raw(`"${alias}"`);
  const isPublic = Prisma.sql`(${m}."status" = 'visible' AND ${m}."is_test" = false AND ${m}."hidden_at" IS NULL AND ${m}."taken_down_at" IS NULL AND ${m}."merged_into_id" IS NULL)`;
  if (scope.actor.kind === "family") {
    return Prisma.sql`(${isPublic} OR ${m}."id" = ${scope.actor.memorialId})`;
  }
  const owner = ownerOf(scope);
  if (!owner) return isPublic;
  return Prisma.sql`(${isPublic} OR ${ownMemorialsOfSql(owner, alias)})`;
}

// ---------------------------------------------------------------------------------------------
// Privacy levels and the visitors' search.

/** The privacy levels a family chooses from (PrivacyLevel: lib/events/payloads.ts). */
export const PRIVACY_LEVELS: readonly PrivacyLevel[] = ["public", "link_only", "hidden"];

/**
 * The stored privacy (public or link_only) that applies to memorial `m`: its own, else the nearest
 * default on its context chain (contextChainSql, the one definition of a chain), else public.
 */
export function effectivePrivacySql(alias = "m"): Prisma.Sql {
  const m = Prisma.raw(`"${alias}"`);
  const chain = `${alias}_chain`;
  return Prisma.sql`COALESCE(${m}."privacy", (
    SELECT COALESCE(${chainColumnsSql("default_privacy", chain)})
    FROM ${contextChainSql(chain)}
    WHERE ${chainAlias(chain, 1)}."id" = ${m}."context_id"
  ), 'public'::"MemorialPrivacy")`;
}

/**
 * What the search may find: memorials the public sees (visible, confirmed when it had
 * to be, not test, not hidden: memorialsVisibleTo(PUBLIC), whoever searches) AND whose privacy is
 * public. Link-only, hidden, test and awaiting memorials never appear. For a memorial aliased `m`.
 */
export function memorialsSearchableBySql(scope: Scope, alias = "m"): Prisma.Sql {
  return Prisma.sql`(${memorialsVisibleToSql(scope, alias)} AND ${memorialsVisibleToSql(PUBLIC, alias)} AND ${effectivePrivacySql(alias)} = 'public'::"MemorialPrivacy")`;
}

/** The scope's own memorials (its operator, its environment), public or not: the dashboard's. */
export function ownMemorialsOf(scope: OperatorScope): Prisma.MemorialWhereInput {
  return ownRowsOf(scope);
}

export function ownMemorialsOfSql(scope: OperatorScope, alias = "m"): Prisma.Sql {
  return ownRowsOfSql(scope, alias);
}

/** Is this memorial the viewer's own (its operator, its environment)? */
export function isOwnMemorial(scope: Scope, memorial: { operatorId: number; isTest: boolean }): boolean {
  const owner = ownerOf(scope);
  return (
    owner !== null &&
    memorial.operatorId === owner.operatorId &&
    memorial.isTest === isTestEnvironment(owner.environment)
  );
}

// ---------------------------------------------------------------------------------------------
// What a memorial is called.

/** Titles live in memorial.title, VARCHAR(400) (CHECK memorial_title_check). */
const TITLE_MAX = 400;

/** Cuts a text to `max` characters (code points, as PostgreSQL counts them), never mid-character. */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join("");
}

/**
 * contract.md: a classic memorial's title is the deceased's given name and family name
 * (`Prenom Nom`), cut to 400 characters (two names of 200 make 401 with the space).
 */
export function classicTitle(firstName?: string | null, lastName?: string | null): string {
  return cut([firstName?.trim(), lastName?.trim()].filter(Boolean).join(" "), TITLE_MAX);
}

export type MemorialKind = "classic" | "anonymous" | "global";

/**
 * How the family chose to title its anonymous memorial (memorial.anonymous_title):
 * "name", the specification's anonymous title (MemorialAnonymeNom), or "initials", the deceased's
 * initials. Only the family (or the memorial's operator) chooses initials: 4.1 rule 7 shows
 * nothing of the deceased otherwise.
 */
export type AnonymousTitle = "name" | "initials";

/**
 * The Latin phrase, the same in French, Dutch, English and German: an anonymous memorial's title in
 * initials ("In memoriam A. L."), the head of its numbered title (anonymousNumberTitle), and what the
 * visitors' search finds an anonymous memorial without MemorialAnonymeNom by.
 */
export const IN_MEMORIAM = "In memoriam";

/**
 * 4.1 rule 7: without MemorialAnonymeNom the shown name is the memorial id. People read it as the
 * memorial's number in their language, "In memoriam · n° 123" (page.anonymousTitle): the id, never a
 * bare number alone.
 */
export function anonymousNumberTitle(id: number, language: Language): string {
  return t(language, "page.anonymousTitle", { id: String(id) });
}

/**
 * An anonymous memorial's title by name (4.1 rule 7), in TypeScript and in SQL side by side: its
 * MemorialAnonymeNom, or when that is null or blank the numbered title in `language`. displayTitle
 * uses the first; the visitors' search (lib/memorials/search.ts) finds an anonymous memorial by the
 * second. test/anonymous-title-parity.test.ts shows both give the same title in every language.
 */
function anonymousNameTitle(
  memorial: { id: number; anonymousName: string | null },
  language: Language,
): string {
  return memorial.anonymousName?.trim() || anonymousNumberTitle(memorial.id, language);
}

/** The characters String.prototype.trim removes (ECMAScript WhiteSpace and LineTerminator). */
const JS_TRIMMED =
  "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";

/**
 * anonymousNameTitle in SQL for memorial `m`, in `language`, or in the memorial's own language
 * (French when it has none) as displayTitle without a reader's language.
 */
export function anonymousNameTitleSql(language: Language | null, alias = "m"): Prisma.Sql {
  const m = Prisma.raw(`"${alias}"`);
  return Prisma.sql`COALESCE(NULLIF(btrim(${m}."anonymous_name", ${JS_TRIMMED}), ''), ${
    language ? numberTitleSql(language, alias) : numberTitleInOwnLanguageSql(alias)
  })`;
}

/** anonymousNumberTitle in SQL: the catalogue's sentence around the memorial's id. */
function numberTitleSql(language: Language, alias: string): Prisma.Sql {
  const marker = "\u0000";
  const [before, after = ""] = t(language, "page.anonymousTitle", { id: marker }).split(marker);
  return Prisma.sql`(${before}::text || ${Prisma.raw(`"${alias}"`)}."id"::text || ${after}::text)`;
}

function numberTitleInOwnLanguageSql(alias: string): Prisma.Sql {
  const m = Prisma.raw(`"${alias}"`);
  const others = LANGUAGES.filter((language) => language !== "fr").map(
    (language) => Prisma.sql`WHEN ${language} THEN ${numberTitleSql(language, alias)}`,
  );
  return Prisma.sql`(CASE ${m}."language" ${Prisma.join(others, " ")} ELSE ${numberTitleSql("fr", alias)} END)`;
}

/** What displayTitle reads of a memorial (select it with TITLE_SELECT). */
export interface TitledMemorial {
  id: number;
  kind: MemorialKind;
  title: string;
  anonymousName: string | null;
  anonymousTitle: AnonymousTitle;
  /** The deceased (null for the global memorial): read for initials only, when chosen. */
  person: { firstName: string | null; lastName: string | null } | null;
  /** The memorial's own language: the language of its numbered title when the reader's is not given. */
  language?: string | null;
}

/** The Prisma select of what displayTitle reads. */
export const TITLE_SELECT = {
  id: true,
  kind: true,
  language: true,
  title: true,
  anonymousName: true,
  anonymousTitle: true,
  person: { select: { firstName: true, lastName: true } },
} as const satisfies Prisma.MemorialSelect;

/** "Anne Lambert" → "A. L.": the first letter of the given name and of the family name. */
export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  return [firstName, lastName]
    .map((name) => Array.from(name?.trim() ?? "")[0])
    .filter((letter): letter is string => Boolean(letter))
    .map((letter) => `${letter.toLocaleUpperCase()}.`)
    .join(" ");
}

/**
 * The name people read everywhere (the public page and its <title>, the management page, the
 * dashboard, e-mails, certificates, webhooks). A classic memorial: its title; the global one: the
 * operator's name (part 1). An anonymous memorial (4.1 rule 7: never the deceased's name): its
 * MemorialAnonymeNom, or "In memoriam A. L." when the family chose initials; without
 * MemorialAnonymeNom, the memorial id as the specification says, in words: "In memoriam · n° 123"
 * in `language` (the reader's: the page's, the e-mail's), else in the memorial's own language.
 */
export function displayTitle(memorial: TitledMemorial, language?: Language): string {
  const shownIn = language ?? (isLanguage(memorial.language) ? memorial.language : "fr");
  if (memorial.kind === "anonymous") {
    if (memorial.anonymousTitle === "initials") {
      const initials = initialsOf(memorial.person?.firstName, memorial.person?.lastName);
      if (initials) return `${IN_MEMORIAM} ${initials}`;
    }
    return anonymousNameTitle(memorial, shownIn);
  }
  return memorial.title.trim() || anonymousNumberTitle(memorial.id, shownIn);
}

/**
 * The API's MemorialNom (Infos), exactly as the specification says, 4.1 rule 7: an anonymous
 * memorial is named by MemorialAnonymeNom, or by its id when that is null or blank, never by the
 * deceased; the global memorial carries the operator's name; a classic memorial its title. Partners
 * rely on this wire contract; people's screens use displayTitle.
 */
export function specTitle(memorial: {
  id: number;
  kind: MemorialKind;
  title: string;
  anonymousName: string | null;
}): string {
  const name = memorial.kind === "anonymous" ? memorial.anonymousName : memorial.title;
  return name?.trim() || String(memorial.id);
}

// ---------------------------------------------------------------------------------------------
// What is shown about the deceased.

/** 4.1 rule 8: Defunt.Url is used only during the 14 days after creation. */
const DECEASED_URL_DAYS = 14;
const DAY_MS = 86_400_000;

/** The moment after which the operator's page about the deceased is no longer linked. */
export function deceasedUrlEndsAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + DECEASED_URL_DAYS * DAY_MS);
}

/**
 * The operator's page about the deceased, when it may be linked at `now`: only during the 14 days
 * after the memorial's creation (4.1 rule 8), never when null or blank, and only http(s) so that a
 * stored value can never become a `javascript:` link.
 */
export function shownDeceasedUrl(createdAt: Date, now: Date, url: string | null | undefined): string | null {
  if (now.getTime() >= deceasedUrlEndsAt(createdAt).getTime()) return null;
  return safeHttpUrl(url);
}

/** The URL when it is an absolute http or https URL, else null. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url?.trim()) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/**
 * 4.1 rule 9: an approximate date of death is not shown publicly (it still drives deadlines);
 * the memorial's own operator still reads it.
 */
export function shownDeathDate(deathDate: Date, approximate: boolean, ownerIsLooking = false): Date | null {
  return approximate && !ownerIsLooking ? null : deathDate;
}

/** 4.1 rule 7: nothing about the deceased of an anonymous memorial; the global one has none. */
export function showsDeceased(kind: MemorialKind): boolean {
  return kind === "classic";
}

// ---------------------------------------------------------------------------------------------
// The guestbook (lib/guestbook).

/**
 * The guestbook messages the public reads on a memorial's page: the published ones only (a
 * message waiting for the family or hidden by it, or by the operator, is shown to nobody else).
 * The memorial itself must be one the public may see (memorialsVisibleTo(PUBLIC)).
 */
export const PUBLIC_GUESTBOOK_ENTRIES: Prisma.GuestbookEntryWhereInput = { status: "published" };

/** Memorials with a guestbook: every one but the operator's global memorial (it has no family). */
export function hasGuestbook(kind: MemorialKind): boolean {
  return kind !== "global";
}

/** What says whether a memorial can take trees. */
export interface MemorialOpenness {
  status: string;
  hiddenAt: Date | null;
  takenDownAt: Date | null;
  erasureRequestedAt: Date | null;
  erasedAt: Date | null;
  mergedIntoId: number | null;
}

/**
 * Why a memorial cannot take trees, or null when it can: one rule for every way a tree arrives.
 * `now`, a tree moved into it or planted there at once, needs a visible memorial its family has
 * not hidden; `later`, a claim code printed for its ceremony, also accepts one awaiting its
 * family's confirmation (the code plants once the family confirms) or hidden for a while.
 */
export function closedToTrees(memorial: MemorialOpenness, when: "now" | "later"): string | null {
  if (memorial.status === "expired") return "is closed (its family never confirmed it, or declined it)";
  if (memorial.takenDownAt) return "is taken down by its family";
  if (memorial.erasureRequestedAt || memorial.erasedAt) return "is being erased at its family's request";
  if (memorial.mergedIntoId) return `was merged into memorial ${memorial.mergedIntoId}`;
  if (when === "later") return null;
  if (memorial.status === "awaiting_confirmation") return "awaits its family's confirmation";
  if (memorial.status !== "visible") return `is ${memorial.status}`;
  if (memorial.hiddenAt) return "is hidden by its family";
  return null;
}
