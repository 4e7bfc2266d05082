// Rules of the public memorial page, as pure functions (spec 4.1 rules 7, 8, 9; contract.md,
// Memorials). The page and its metadata only show what these functions let through.
import { isLanguage, type Language, LOCALES, parseLanguage } from "@/lib/i18n/languages";

export type MemorialKind = "classic" | "anonymous" | "global";

/** What the page names the memorial: a text, or the memorial id (anonymous with no name). */
export type ShownTitle = { kind: "text"; text: string } | { kind: "id"; id: number };

const blank = (value: string | null | undefined): value is null | undefined | "" =>
  value === null || value === undefined || value.trim() === "";

/**
 * 4.1 rule 7: an anonymous memorial is named by MemorialAnonymeNom, or by its id when that is
 * null (or blank); never by the deceased's name. The global memorial is named after the operator
 * (spec part 1). A classic memorial carries its title (`Prenom Nom`, contract.md).
 */
export function shownTitle(memorial: {
  id: number;
  kind: MemorialKind;
  title: string;
  anonymousName: string | null;
  operatorName: string;
}): ShownTitle {
  if (memorial.kind === "anonymous") {
    return blank(memorial.anonymousName)
      ? { kind: "id", id: memorial.id }
      : { kind: "text", text: memorial.anonymousName.trim() };
  }
  if (memorial.kind === "global") return { kind: "text", text: memorial.operatorName };
  return blank(memorial.title)
    ? { kind: "id", id: memorial.id }
    : { kind: "text", text: memorial.title.trim() };
}

/** 4.1 rule 8: Defunt.Url is used only during the 14 days after creation. */
export const DECEASED_URL_DAYS = 14;
const DAY_MS = 86_400_000;

/**
 * The operator's page about the deceased, when it may be linked at `now`: only during the 14 days
 * after the memorial's creation (4.1 rule 8), never when null or blank, and only http(s) so that a
 * stored value can never become a `javascript:` link.
 */
export function showDeceasedUrl(createdAt: Date, now: Date, url: string | null | undefined): string | null {
  if (blank(url)) return null;
  if (now.getTime() >= createdAt.getTime() + DECEASED_URL_DAYS * DAY_MS) return null;
  return safeHttpUrl(url);
}

/** The URL when it is an absolute http or https URL, else null. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (blank(url)) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** 4.1 rule 9: an approximate date of death is not shown publicly (it still drives deadlines). */
export function shownDeathDate(deathDate: Date, approximate: boolean): Date | null {
  return approximate ? null : deathDate;
}

/** The CO2 absorbed by all the trees: quantity times the species' figure, summed. */
export function co2Total(lines: { quantity: number; co2KgPerTree: number }[]): number {
  // Figures are stored with two decimals; summing in hundredths keeps the total exact.
  const hundredths = lines.reduce((sum, l) => sum + l.quantity * Math.round(l.co2KgPerTree * 100), 0);
  return hundredths / 100;
}

/**
 * The language of a page: a valid `?lang=` chosen by the visitor, else the memorial's language,
 * else the visitor's browser language, else French (the operators' default).
 */
export function pageLanguage(
  requested: string | null | undefined,
  memorialLanguage: string | null | undefined,
  acceptLanguage?: string | null,
): Language {
  const chosen = requested ? parseLanguage(requested) : null;
  if (chosen) return chosen;
  if (isLanguage(memorialLanguage)) return memorialLanguage;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const lang = parseLanguage(part.split(";")[0] ?? "");
    if (lang) return lang;
  }
  return "fr";
}

/** A calendar date (birth, death): stored at midnight UTC, so shown in UTC to keep the day. */
export function formatCalendarDate(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** A moment (a planting, a link's expiry), shown in the service's time zone. */
export function formatMoment(date: Date, language: Language, withTime = false): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: "long",
    ...(withTime ? { timeStyle: "short" } : {}),
    timeZone: "Europe/Brussels",
  }).format(date);
}

export function formatNumber(value: number, language: Language, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits }).format(value);
}

type Unit = "kilogram" | "meter" | "year";

export function formatUnit(value: number, unit: Unit, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], {
    style: "unit",
    unit,
    unitDisplay: unit === "year" ? "long" : "short",
    maximumFractionDigits: unit === "kilogram" && value >= 100 ? 0 : 1,
  }).format(value);
}

/** A list of names joined the way the language joins them ("A, B et C"). */
export function formatList(items: string[], language: Language): string {
  return new Intl.ListFormat(LOCALES[language], { style: "long", type: "conjunction" }).format(items);
}
