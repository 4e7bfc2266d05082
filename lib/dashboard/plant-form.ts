// The planting form of the dashboard: its fields, and their parsing into the domain's planting
// command (lib/memorials/commands.ts), the very command the API's Creer gives the use case.

import { parseLanguage } from "@/lib/i18n/languages";
import type { DashboardKey } from "@/lib/i18n/translate";
import type { ContextIds, CreateMemorialCommand } from "@/lib/memorials/commands";
import { LIMITS } from "@/lib/memorials/limits";
import { dateTime, INT32_MAX, parseDateTime, url } from "@/lib/validation";

export interface PlantFormValues {
  memorialId: string;
  contextId: string;
  lastName: string;
  firstName: string;
  civility: string;
  deathDate: string;
  deathDateApproximate: boolean;
  birthDate: string;
  url: string;
  imageUrl: string;
  familyEmail: string;
  familyName: string;
  familyLanguage: string;
  planter: string;
  message: string;
  language: string;
  anonymous: boolean;
  anonymousName: string;
  confirm: boolean;
  orphan: boolean;
  externalId: string;
}

export const EMPTY_PLANT_FORM: PlantFormValues = {
  memorialId: "",
  contextId: "",
  lastName: "",
  firstName: "",
  civility: "",
  deathDate: "",
  deathDateApproximate: false,
  birthDate: "",
  url: "",
  imageUrl: "",
  familyEmail: "",
  familyName: "",
  familyLanguage: "",
  planter: "",
  message: "",
  language: "",
  anonymous: false,
  anonymousName: "",
  confirm: false,
  orphan: false,
  externalId: "",
};

/** Why a field is refused: a stable word the form shows in the user's language. */
export type FieldReason =
  | "required"
  | "invalid-date"
  | "date-range"
  | "invalid-email"
  | "invalid-url"
  | "invalid-number"
  | "too-long"
  | "after-death"
  | "not-found"
  | "awaiting-confirmation"
  | "invalid";

export type FieldReasons = Partial<Record<keyof PlantFormValues, FieldReason>>;

/** The message, in the user's language, of each reason a field is refused for. */
export const REASON_MESSAGE: Record<string, DashboardKey> = {
  required: "fieldRequired",
  "invalid-date": "fieldInvalidDate",
  "date-range": "fieldDateRange",
  "invalid-email": "fieldInvalidEmail",
  "invalid-url": "fieldInvalidUrl",
  "invalid-number": "fieldInvalidNumber",
  "too-long": "fieldTooLong",
  "after-death": "fieldAfterDeath",
  "not-found": "fieldNotFound",
  "awaiting-confirmation": "fieldAwaitingConfirmation",
};

/** The form field of a field of the domain's command (a refusal of the use case). */
export const FORM_FIELD: Record<string, keyof PlantFormValues> = {
  "target.memorialId": "memorialId",
  "deceased.lastName": "lastName",
  "deceased.firstName": "firstName",
  "deceased.birthDate": "birthDate",
  "deceased.deathDate": "deathDate",
  "family.email": "familyEmail",
};

/** The reason word of a domain problem, as the form knows it. */
export function formReason(reason: string): FieldReason {
  if (reason.startsWith("required")) return "required";
  const known: FieldReason[] = ["after-death", "not-found", "awaiting-confirmation"];
  return (known as string[]).includes(reason) ? (reason as FieldReason) : "invalid";
}

/**
 * The planting form, parsed into the domain's command (the same one the API's Creer gives), or
 * the reason each refused field is refused. The use case checks the rest (names, e-mail for a
 * confirmation, dates in order) and names its fields the same way.
 */
export function parsePlantForm(
  values: PlantFormValues,
  context: ContextIds,
): { ok: true; command: CreateMemorialCommand } | { ok: false; fields: FieldReasons } {
  const fields: FieldReasons = {};
  const fail = (key: keyof PlantFormValues, reason: FieldReason) => {
    fields[key] ??= reason;
    return null;
  };
  const textOf = (key: keyof PlantFormValues, max: number): string | null => {
    const value = String(values[key] ?? "").trim();
    if (value.includes("\u0000")) return fail(key, "invalid");
    if (Array.from(value).length > max) return fail(key, "too-long");
    return value || null;
  };
  const dateOf = (key: keyof PlantFormValues): Date | null => {
    const value = textOf(key, 40);
    if (value === null) return null;
    const result = dateTime.safeParse(value);
    if (result.success) return result.data;
    return fail(key, parseDateTime(value) ? "date-range" : "invalid-date");
  };
  const urlOf = (key: keyof PlantFormValues): string | null => {
    const value = textOf(key, LIMITS.url);
    if (value === null) return null;
    return url(LIMITS.url).safeParse(value).success ? value : fail(key, "invalid-url");
  };
  const integerOf = (key: keyof PlantFormValues, max: number): number | null => {
    const value = textOf(key, 20);
    if (value === null) return null;
    if (!/^-?\d{1,16}$/.test(value) || Math.abs(Number(value)) > max) return fail(key, "invalid-number");
    return Number(value);
  };

  const memorialId = integerOf("memorialId", INT32_MAX);
  const planter = textOf("planter", LIMITS.planter);
  const message = textOf("message", LIMITS.message);
  const language = values.language ? parseLanguage(values.language) : null;
  const externalId = integerOf("externalId", 2 ** 53 - 1);
  let target: CreateMemorialCommand["target"] | null = null;
  if (values.orphan) {
    target = { kind: "orphan" }; // as the API's 4.1 rule 3: the memorial id is then ignored
  } else if (memorialId !== null && memorialId > 0) {
    // Planting into an existing memorial names no deceased and no family: they are the memorial's.
    target = { kind: "existing", memorialId };
  } else {
    const deathDate = dateOf("deathDate");
    if (deathDate === null && !fields.deathDate) fail("deathDate", "required");
    const email = textOf("familyEmail", LIMITS.email);
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail("familyEmail", "invalid-email");
    const deceased = {
      firstName: textOf("firstName", LIMITS.name),
      lastName: textOf("lastName", LIMITS.name),
      civility: textOf("civility", LIMITS.civility),
      deathDate: deathDate ?? new Date(0),
      deathDateApproximate: values.deathDateApproximate,
      birthDate: dateOf("birthDate"),
      url: urlOf("url"),
      imageUrl: urlOf("imageUrl"),
    };
    target = {
      kind: "new",
      deceased,
      family: {
        email,
        name: textOf("familyName", LIMITS.name),
        language: values.familyLanguage ? parseLanguage(values.familyLanguage) : null,
      },
      // 4.1 rule 7: the anonymous name is used only for an anonymous memorial.
      anonymous: values.anonymous ? { name: textOf("anonymousName", LIMITS.anonymousName) } : null,
      awaitConfirmation: values.confirm,
    };
  }
  if (Object.keys(fields).length > 0 || target === null) return { ok: false, fields };
  return {
    ok: true,
    command: {
      target,
      context,
      planter,
      message,
      language,
      externalId,
      memorialsLot: null,
      uEventId: null,
      specialEmailType: null,
    },
  };
}
