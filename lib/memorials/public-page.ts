// Presentation helpers of the public pages: numbers, dates and CO2. What may
// be shown at all (title, Url, dates) is the memorial policy's (policy.ts).
import { type Language, LOCALES } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import type { PublicMemorial, PublicSite, PublicTreeLife } from "./public-queries";

/** The sites with their name and region in `language` where the catalogue has them. */
export function localSites(sites: PublicSite[], language: Language): PublicSite[] {
  return sites.map((site) => ({
    ...site,
    name: site.names?.[language] ?? site.name,
    region: site.regions?.[language] ?? site.region,
  }));
}

/** The title a page in `language` shows (the page, its <title>, share links, the certificate). */
export function shownTitle(memorial: Pick<PublicMemorial, "title" | "titles">, language: Language): string {
  return memorial.titles?.[language] ?? memorial.title;
}

/** The CO2 absorbed by all the trees: quantity times the species' figure, summed. */
export function co2Total(lines: { quantity: number; co2KgPerTree: number }[]): number {
  // Figures are stored with two decimals; summing in hundredths keeps the total exact.
  const hundredths = lines.reduce((sum, l) => sum + l.quantity * Math.round(l.co2KgPerTree * 100), 0);
  return hundredths / 100;
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

export { formatNumber } from "@memorial/lib/i18n/format";

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

/**
 * A tree's status in words, in the page's language: ordered, planted in the ground on
 * DATE, checked on DATE (alive or sick), died on DATE (reason), replaced on DATE by a new tree.
 */
export function treeStatusText(life: PublicTreeLife, language: Language): string {
  const t = translator(language, "trees");
  const date = (day: string | null) => (day ? formatCalendarDate(new Date(day), language) : "");
  switch (life.status) {
    case "ordered":
      return t("statusOrdered");
    case "in_ground":
      return t("statusInGround", { date: date(life.inGroundOn) });
    case "monitored":
      return t(life.health === "sick" ? "statusSick" : "statusAlive", { date: date(life.lastCheckedOn) });
    case "dead":
      return t("statusDied", { date: date(life.diedOn), reason: t(`reason_${life.deathReason ?? "other"}`) });
    case "replaced":
      return life.replacedOn
        ? t("statusReplaced", { date: date(life.replacedOn) })
        : t("statusDied", { date: date(life.diedOn), reason: t(`reason_${life.deathReason ?? "other"}`) });
  }
}
