// Species names and types in the four languages. French lives in species.name/type (required);
// nl, en and de in name_nl/type_nl… (optional): a missing translation falls back to French.
// Which language a reader uses is the reader's (4.1 rule 6 for the API, the page's language for
// the public pages, the user's for the dashboard).
import { Prisma } from "@memorial/lib/db/client";
import { isLanguage, LANGUAGES, type Language } from "@memorial/lib/i18n/languages";

export interface SpeciesTranslations {
  name: string;
  type: string | null;
  nameNl?: string | null;
  nameEn?: string | null;
  nameDe?: string | null;
  typeNl?: string | null;
  typeEn?: string | null;
  typeDe?: string | null;
}

const SUFFIX: Record<Exclude<Language, "fr">, "Nl" | "En" | "De"> = { nl: "Nl", en: "En", de: "De" };

const present = (value: string | null | undefined) => (value?.trim() ? value : null);

/** The species' name in `language`, else its French name. */
export function speciesName(species: SpeciesTranslations, language: Language): string {
  if (language === "fr") return species.name;
  return present(species[`name${SUFFIX[language]}`]) ?? species.name;
}

/** The species' type in `language`, else its French type (null when it has none). */
export function speciesType(species: SpeciesTranslations, language: Language): string | null {
  if (language === "fr") return species.type;
  return present(species[`type${SUFFIX[language]}`]) ?? species.type;
}

/** Names and types in every language, for read models that serve all four (the page cache). */
export function speciesNames(species: SpeciesTranslations): {
  names: Record<Language, string>;
  types: Record<Language, string | null>;
} {
  const names = {} as Record<Language, string>;
  const types = {} as Record<Language, string | null>;
  for (const language of LANGUAGES) {
    names[language] = speciesName(species, language);
    types[language] = speciesType(species, language);
  }
  return { names, types };
}

/**
 * A planting site's name and region in the four languages: French (or the site's own
 * language) in plantation.name/region (required), nl, en and de in name_nl/region_nl… (optional).
 * A missing translation falls back to the stored name.
 */
export interface PlantationTranslations {
  name: string;
  region: string;
  nameNl?: string | null;
  nameEn?: string | null;
  nameDe?: string | null;
  regionNl?: string | null;
  regionEn?: string | null;
  regionDe?: string | null;
}

/** The site's name in `language`, else its stored name. */
export function plantationName(site: PlantationTranslations, language: Language): string {
  if (language === "fr") return site.name;
  return present(site[`name${SUFFIX[language]}`]) ?? site.name;
}

/** The site's region in `language`, else its stored region. */
export function plantationRegion(site: PlantationTranslations, language: Language): string {
  if (language === "fr") return site.region;
  return present(site[`region${SUFFIX[language]}`]) ?? site.region;
}

/** Names and regions in every language, for read models that serve all four (the page cache). */
export function plantationNames(site: PlantationTranslations): {
  names: Record<Language, string>;
  regions: Record<Language, string>;
} {
  const names = {} as Record<Language, string>;
  const regions = {} as Record<Language, string>;
  for (const language of LANGUAGES) {
    names[language] = plantationName(site, language);
    regions[language] = plantationRegion(site, language);
  }
  return { names, regions };
}

const column = (kind: "name" | "type", language: Language) =>
  language === "fr" ? kind : `${kind}_${language}`;

/**
 * SQL of the species' name (or type) in `language`, falling back to French, for a species
 * aliased `alias`. The language is one of four known values, never a caller's text.
 */
export function speciesNameSql(language: string, alias = "sp", kind: "name" | "type" = "name"): Prisma.Sql {
  const lang: Language = isLanguage(language) ? language : "fr";
  const a = Prisma.raw(`"${alias}"`);
  if (lang === "fr") return Prisma.sql`${a}.${Prisma.raw(`"${kind}"`)}`;
  return Prisma.sql`COALESCE(NULLIF(btrim(${a}.${Prisma.raw(`"${column(kind, lang)}"`)}), ''), ${a}.${Prisma.raw(`"${kind}"`)})`;
}

export const speciesTypeSql = (language: string, alias = "sp") => speciesNameSql(language, alias, "type");
