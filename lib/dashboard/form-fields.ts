// The inputs of the dashboard's forms, read with the API's own field rules (lib/validation.ts:
// the same building blocks and limits as the v1 wire schemas, so the same length counting in
// characters and the same refusals), after what only a form does: an input is a string, trimmed,
// and a blank input is "nothing" (null).

import { parseId } from "@memorial/lib/validation";
import { z } from "zod";
import { type FieldReason, issueReason } from "./field-reasons";

/** What the browser sent for an input: a string, trimmed ("" for nothing). */
const formString = z.unknown().transform((value) => (value == null ? "" : String(value).trim()));

/** A checkbox: true only for true. */
export const formCheck = z.unknown().transform((value) => value === true);

/**
 * An input read by a rule of the API: blank is null, else the rule's value, or the rule's first
 * refusal as this field's issue (with its reason word).
 */
export function formField<T>(rule: z.ZodType<T>) {
  return formString.transform((value, ctx): T | null => {
    if (value === "") return null;
    const parsed = rule.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    ctx.addIssue({
      code: "custom",
      message: issue?.message ?? "is invalid",
      params: { reason: issueReason(issue ?? { code: "custom" }) },
    });
    return z.NEVER;
  });
}

/** A number typed in a text input, then checked by the API's rule for that number. */
export function formInteger(rule: z.ZodType<number, number>) {
  return formField(
    z
      .string()
      .refine((value) => /^-?\d{1,16}$/.test(value), {
        message: "must be an integer",
        params: { reason: "invalid-number" },
      })
      .transform(Number)
      .pipe(rule),
  );
}

/** The id of a row (a key, a user, a memorial): a positive 32-bit id, else the row is not found. */
export const recordId = z.unknown().transform((value, ctx) => {
  const id = parseId(value as string | number | null | undefined);
  if (id !== null) return id;
  ctx.addIssue({
    code: "custom",
    message: `no such id: ${String(value).slice(0, 40)}`,
    params: { reason: "not-found" },
  });
  return z.NEVER;
});

/**
 * Reads fields one by one inside a form's transform, for the fields that count only in some
 * cases (the deceased of a new memorial): each refusal is added to the form's issues under the
 * field's name, and the value is then null.
 */
export function fieldReader(values: Record<string, unknown>, ctx: z.RefinementCtx) {
  return <T>(key: string, schema: z.ZodType<T | null>): T | null => {
    const parsed = schema.safeParse(values[key]);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    ctx.addIssue({
      code: "custom",
      path: [key],
      message: issue?.message ?? "is invalid",
      params: { reason: issueReason(issue ?? { code: "custom" }) },
    });
    return null;
  };
}

/** A refusal of a whole-form rule (a required date of death) as the field's issue. */
export function fieldIssue(ctx: z.RefinementCtx, key: string, reason: FieldReason, message: string) {
  ctx.addIssue({ code: "custom", path: [key], message, params: { reason } });
}

/** What the browser sent, untrimmed (a password is what it is). */
export const formRaw = z.unknown().transform((value) => (value == null ? "" : String(value)));

/** An input that must not be blank, then read by the API's rule. */
export function formRequired<T>(rule: z.ZodType<T>) {
  return formField(rule).transform((value, ctx): T => {
    if (value !== null) return value;
    ctx.addIssue({ code: "custom", message: "is required", params: { reason: "required" } });
    return z.NEVER;
  });
}
