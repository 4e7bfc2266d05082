// zod schemas of the memorial requests, with the wire names of the specification (2.2, 2.4).
// Limits are documented in README.md and docs/openapi.yaml.
import { z } from "zod";
import { parseLanguage } from "@/lib/i18n/languages";

export const LIMITS = {
  name: 200,
  civility: 50,
  planter: 200,
  message: 2000,
  anonymousName: 200,
  email: 254,
  url: 2048,
  placeOfDeath: 200,
  idempotencyKey: 200,
  shortText: 200,
} as const;

const int32 = z.number().int("must be an integer").min(-2_147_483_648).max(2_147_483_647);
const id = z.number().int("must be an integer").min(0, "must not be negative").max(2_147_483_647);
// PostgreSQL text cannot hold U+0000: refused as bad input rather than failing at the database.
const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !value.includes("\u0000"), "must not contain the NUL character");

// contract.md: date-times with or without fractional seconds, with or without a zone (none: UTC).
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export function parseDateTime(value: string): Date | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00", frac = "", zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const utc = Date.UTC(
    year,
    month - 1,
    day,
    Number(h),
    Number(mi),
    Number(s),
    Number(`0.${frac || "0"}`) * 1000,
  );
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const [hours, minutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    if (hours > 14 || minutes > 59) return null; // real offsets run from -12:00 to +14:00
    offsetMinutes = sign * (hours * 60 + minutes);
  }
  return new Date(utc - offsetMinutes * 60_000);
}

const dateTime = z.string("must be an ISO 8601 date-time").transform((value, ctx) => {
  const date = parseDateTime(value);
  if (!date) {
    ctx.addIssue({ code: "custom", message: `must be an ISO 8601 date-time, got "${value.slice(0, 40)}"` });
    return z.NEVER;
  }
  return date;
});

const email = text(LIMITS.email).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "must be an e-mail address");

const url = text(LIMITS.url).refine((value) => {
  if (!value.trim()) return true; // blank means no link (4.1 rule 8)
  try {
    const parsed = new URL(value.trim());
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}, "must be an http or https URL");

export const language = z.string().transform((value, ctx) => {
  if (!value.trim()) return null; // blank is no language, like null (Langue: "default null")
  const lang = parseLanguage(value);
  if (!lang) {
    ctx.addIssue({ code: "custom", message: `must be one of fr, nl, en, de; got "${value.slice(0, 20)}"` });
    return z.NEVER;
  }
  return lang;
});

const opt = <T extends z.ZodTypeAny>(schema: T) => schema.nullish();

export const ZContexteInput = z
  .object({
    ContexteGroupeEpfId: opt(id),
    ContexteEpfId: opt(id),
    ContexteEpfAgenceId: opt(id),
    ContexteGroupePresseId: opt(id),
    ContexteTitreId: opt(id),
    ContexteTitreEditionId: opt(id),
    ContexteAssuranceId: opt(id),
    ContexteGroupeMaisonReposId: opt(id),
  })
  .loose();

export const ZMemorialsCreer = z.object({
  Objet: opt(text(LIMITS.shortText)),
  Id: opt(int32),
  IdExternal: opt(text(LIMITS.shortText)),
  Statut: opt(text(LIMITS.shortText)),
  Contexte: opt(ZContexteInput),
  ContextExtension: opt(z.record(z.string(), z.unknown())),
  Defunt: opt(
    z.object({
      Nom: opt(text(LIMITS.name)),
      Prenom: opt(text(LIMITS.name)),
      Civilite: opt(text(LIMITS.civility)),
      DateDeces: opt(dateTime),
      DateNaissance: opt(dateTime),
      DateDecesApproximative: opt(z.boolean("must be true or false")),
      Url: opt(url),
      ImageUrl: opt(url),
    }),
  ),
  Famille: opt(
    z.object({
      FamilleEmail: opt(email),
      FamilleNom: opt(text(LIMITS.name)),
      Langue: opt(language),
    }),
  ),
  MemorialId: opt(id),
  Message: opt(text(LIMITS.message)),
  AConfirmer: opt(z.boolean("must be true or false")),
  ExternalId: opt(
    z
      .number()
      .int("must be an integer")
      .min(-(2 ** 53) + 1)
      .max(2 ** 53 - 1),
  ),
  DeLaPartDe: opt(text(LIMITS.planter)),
  Langue: opt(language),
  MemorialAnonyme: opt(z.boolean("must be true or false")),
  MemorialAnonymeNom: opt(text(LIMITS.anonymousName)),
  ArbreOrphelin: opt(z.boolean("must be true or false")),
  SpecialEmailType: opt(int32),
  MemorialsLot: opt(int32),
  UEventId: opt(int32),
});

export type TMemorialsCreer = z.infer<typeof ZMemorialsCreer>;

export const ZPersonModifier = z.object({
  Id: id.min(1, "must be a positive integer"),
  IdExterne: opt(int32),
  Nom: opt(text(LIMITS.name)),
  Prenom: opt(text(LIMITS.name)),
  Civilite: opt(text(LIMITS.civility)),
  DateDeces: opt(dateTime),
  LieuDeces: opt(text(LIMITS.placeOfDeath)),
  DateNaissance: opt(dateTime),
  ImageUrl: opt(url),
  MajTitreMemorials: opt(z.boolean("must be true or false")),
});

export type TPersonModifier = z.infer<typeof ZPersonModifier>;
