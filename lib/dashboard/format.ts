// Formatting shown in the dashboard, the same on the server and in the browser. Dates are shown
// in UTC, as the service computes report periods and month boundaries in UTC (contract.md).
import { type Language, LOCALES } from "@memorial/lib/i18n/languages";

type DateInput = Date | string;

const toDate = (value: DateInput) => (typeof value === "string" ? new Date(value) : value);

export function formatDate(value: DateInput, lang: Language): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: "medium", timeZone: "UTC" }).format(
    toDate(value),
  );
}

export function formatDateTime(value: DateInput, lang: Language): string {
  const text = new Intl.DateTimeFormat(LOCALES[lang], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(toDate(value));
  return `${text} UTC`;
}

export { formatNumber } from "@memorial/lib/i18n/format";

/** CO2 in kilograms, or in tonnes from 10 000 kg on, where kilograms stop being readable. */
export function formatCo2(kg: number | string, lang: Language): string {
  const value = Number(kg);
  if (Math.abs(value) >= 10_000) {
    return new Intl.NumberFormat(LOCALES[lang], {
      style: "unit",
      unit: "kilogram",
      maximumFractionDigits: 0,
    })
      .format(value / 1000)
      .replace(/kg/, "t");
  }
  return new Intl.NumberFormat(LOCALES[lang], {
    style: "unit",
    unit: "kilogram",
    maximumFractionDigits: 2,
  }).format(value);
}

/** Amounts are euros (Montant, the sum of unit prices). */
export function formatMoney(amount: number | string, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: "currency", currency: "EUR" }).format(Number(amount));
}

/** YYYY-MM-DD of a date in UTC, as a date input wants it. */
export function isoDay(value: DateInput): string {
  return toDate(value).toISOString().slice(0, 10);
}

/** YYYY-MM of a date in UTC, as a month input wants it. */
export function isoMonth(value: DateInput): string {
  return toDate(value).toISOString().slice(0, 7);
}

/** Name of a month bucket ("mars 2026") or of a week bucket (its Monday's date). */
export function bucketLabel(start: DateInput, unit: "week" | "month", lang: Language): string {
  if (unit === "month") {
    return new Intl.DateTimeFormat(LOCALES[lang], {
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(toDate(start));
  }
  return new Intl.DateTimeFormat(LOCALES[lang], { day: "numeric", month: "short", timeZone: "UTC" }).format(
    toDate(start),
  );
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
