// zod building blocks shared by every edge's input schema (the v1 wire schemas, the dashboard's
// forms): texts PostgreSQL can store, date-times every layer can store and read back, http(s)
// URLs, e-mail addresses, languages, 32-bit integers. Limits are documented in docs/api.md.

import { parseLanguage } from "@memorial/lib/i18n/languages";
import { z } from "zod";

export const INT32_MAX = 2_147_483_647;
const INT32_MIN = -2_147_483_648;

export const int32 = z.number().int("must be an integer").min(INT32_MIN).max(INT32_MAX);
export const id = z.number().int("must be an integer").min(0, "must not be negative").max(INT32_MAX);
/** An integer JavaScript holds exactly (the informational ExternalId of a planting). */
export const int53 = z
  .number()
  .int("must be an integer")
  .min(-(2 ** 53) + 1)
  .max(2 ** 53 - 1);

/**
 * A positive 32-bit id (every id of the service is a PostgreSQL integer) written in decimal with
 * no leading zero, else null: the one check of ids in URLs, forms and actions.
 */
export function parseId(raw: string | number | null | undefined): number | null {
  const text = String(raw ?? "");
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const value = Number(text);
  return value <= INT32_MAX ? value : null;
}

/**
 * Why a field is refused, as the dashboard's forms name it (lib/dashboard/field-reasons.ts
 * translates it): carried by the issues of these building blocks as `params.reason`, so that a
 * form shows the very refusal the API words in English.
 */
export type FieldReason =
  | "required"
  | "invalid-date"
  | "date-range"
  | "invalid-email"
  | "invalid-url"
  | "invalid-number"
  | "too-long"
  | "after-death"
  | "death-in-future"
  | "not-found"
  | "awaiting-confirmation"
  | "invalid";

const because = (message: string, reason: FieldReason) => ({ message, params: { reason } });

/**
 * The length of a text in characters (Unicode code points), as PostgreSQL's varchar(n) counts
 * them and as JSON Schema's maxLength means: an emoji or a letter outside the BMP is one
 * character, not the two UTF-16 units of String.length. A combining accent is its own character.
 */
export const characterCount = (value: string): number => {
  let count = 0;
  for (const _ of value) count++;
  return count;
};

// PostgreSQL text cannot hold U+0000: refused as bad input rather than failing at the database.
export const text = (max: number) =>
  z
    .string()
    .refine((value) => characterCount(value) <= max, because(`must be at most ${max} characters`, "too-long"))
    .refine((value) => !value.includes("\u0000"), because("must not contain the NUL character", "invalid"))
    .meta({ maxLength: max });

// contract.md: date-times with or without fractional seconds, with or without a zone (none: UTC).
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * The one range of dates the API accepts (births, deaths): from 1000-01-01T00:00:00Z to
 * 9999-12-31T23:59:59.999Z, in UTC once the zone is applied. Wide enough for any real death or
 * birth, narrow enough that PostgreSQL, JavaScript dates, ISO 8601 (four-digit years) and Intl
 * formatting all store and read every value back.
 */
const DATE_MIN = new Date("1000-01-01T00:00:00.000Z");
const DATE_MAX = new Date("9999-12-31T23:59:59.999Z");

export function parseDateTime(value: string): Date | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00", frac = "", zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day); // setUTCFullYear, unlike Date.UTC, keeps years 0-99
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  check.setUTCHours(Number(h), Number(mi), Number(s), Math.floor(Number(`0.${frac || "0"}`) * 1000));
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const [hours, minutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    // Real offsets run from -12:00 to +14:00: none is beyond 14 hours.
    if (minutes > 59 || hours * 60 + minutes > 14 * 60) return null;
    offsetMinutes = sign * (hours * 60 + minutes);
  }
  return new Date(check.getTime() - offsetMinutes * 60_000);
}

export const dateTime = z.string("must be an ISO 8601 date-time").transform((value, ctx) => {
  const date = parseDateTime(value);
  if (!date) {
    ctx.addIssue({
      code: "custom",
      message: `must be an ISO 8601 date-time, got "${value.slice(0, 40)}"`,
      params: { reason: "invalid-date" },
    });
    return z.NEVER;
  }
  if (date < DATE_MIN || date > DATE_MAX) {
    ctx.addIssue({
      code: "custom",
      message: "must be between 1000-01-01T00:00:00Z and 9999-12-31T23:59:59Z (once its zone is applied)",
      params: { reason: "date-range" },
    });
    return z.NEVER;
  }
  return date;
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email = (max: number) =>
  text(max)
    .refine((value) => EMAIL.test(value), because("must be an e-mail address", "invalid-email"))
    .meta({ pattern: EMAIL.source });

/** An http(s) URL, or blank (which means no link). */
export const url = (max: number) =>
  text(max).refine(
    (value) => {
      if (!value.trim()) return true;
      try {
        const parsed = new URL(value.trim());
        return parsed.protocol === "http:" || parsed.protocol === "https:";
      } catch {
        return false;
      }
    },
    because("must be an http or https URL", "invalid-url"),
  );

/** fr, nl, en or de (any case, a region allowed); blank is no language, like null. */
export const language = z.string().transform((value, ctx) => {
  if (!value.trim()) return null;
  const lang = parseLanguage(value);
  if (!lang) {
    ctx.addIssue({
      code: "custom",
      message: `must be one of fr, nl, en, de; got "${value.slice(0, 20)}"`,
      params: { reason: "invalid" },
    });
    return z.NEVER;
  }
  return lang;
});

/** A trimmed text, or null when blank. */
export const blankToNull = (value: string | null | undefined): string | null => value?.trim() || null;
