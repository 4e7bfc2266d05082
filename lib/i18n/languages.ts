// The four languages of the service and the rules that choose one.

export const LANGUAGES = ["fr", "nl", "en", "de"] as const;
export type Language = (typeof LANGUAGES)[number];

/** A language tag: its language, then subtags of 2 to 8 letters or digits (region, script, variant). */
const LANGUAGE_TAG = /^([a-z]{2})(?:[-_][a-z0-9]{2,8})*$/i;

/**
 * `fr`, `FR`, `fr-BE`, `fr_BE` and `fr-Latn-BE` are French; anything else (`es`, `french`, a
 * tag cut short such as `fr-`) is not a supported language.
 */
export function parseLanguage(value: string): Language | null {
  const base = LANGUAGE_TAG.exec(value.trim())?.[1]?.toLowerCase() ?? "";
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

/** The first supported language of an Accept-Language header, in the order the browser gives. */
export function acceptedLanguage(header: string | null | undefined): Language | null {
  for (const part of (header ?? "").slice(0, 1000).split(",")) {
    const lang = parseLanguage(part.split(";")[0] ?? "");
    if (lang) return lang;
  }
  return null;
}

/** The first language of an Accept-Language header that is one of `among`, in the browser's order. */
export function acceptedAmong(
  header: string | null | undefined,
  among: readonly Language[],
): Language | null {
  for (const part of (header ?? "").slice(0, 1000).split(",")) {
    const [tag, ...params] = part.split(";");
    // q=0 means "not this one" (RFC 9110).
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(p))) continue;
    const lang = parseLanguage(tag ?? "");
    if (lang && among.includes(lang)) return lang;
  }
  return null;
}

/** The name of each language in itself, for language menus. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  fr: "Français",
  nl: "Nederlands",
  en: "English",
  de: "Deutsch",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** 4.1 rule 6: the request's Langue, then the context's language, then the operator's. */
export function chooseLanguage(...candidates: (string | null | undefined)[]): Language {
  for (const candidate of candidates) if (isLanguage(candidate)) return candidate;
  return "fr";
}

/** contract.md, Languages: the word for 'unknown' used when DeLaPartDe is blank (4.1 rule 5). */
export const UNKNOWN_WORD: Record<Language, string> = {
  fr: "Inconnu",
  nl: "Onbekend",
  en: "Unknown",
  de: "Unbekannt",
};

export const LOCALES: Record<Language, string> = {
  fr: "fr-BE",
  nl: "nl-BE",
  en: "en-GB",
  de: "de-DE",
};
