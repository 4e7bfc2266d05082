// The objects of the v1 request bodies are strict: a field the specification does not
// define is refused at any level, never ignored. An ignored typo is a silent wrong answer: with
// `"AConfirmr": true` the memorial was published and planted without the family's consent.
// The refusal names the nearest defined field, since nearly every unknown field is a misspelling.
import type { z } from "zod";

/** The zod issue code of an unknown field of a strict object; the Error object's UNKNOWN_FIELD. */
export const UNKNOWN_FIELD_ISSUE = "unrecognized_keys";

/**
 * A request body as its schema reads it, an unknown field's refusal naming the nearest defined
 * field of the same object (the strict object that raised the issue knows its fields).
 */
export function parseWire<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  return schema.parse(value, { error: unknownFieldError });
}

function unknownFieldError(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== UNKNOWN_FIELD_ISSUE) return undefined;
  const shape = (issue.inst as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape;
  return unknownFieldMessage(String(issue.keys[0] ?? ""), shape ? Object.keys(shape) : []);
}

/**
 * The options of a strict object some of whose would-be fields belong to another request (the
 * place of death of a creation): such a field is refused as any unknown one
 * (UNKNOWN_FIELD, its path in Champ), its message saying where it is set; the other unknown
 * fields keep the refusal of parseWire, which this option, closer to the object, falls back to.
 */
export function setElsewhere(fields: Record<string, string>) {
  return {
    error: (issue: z.core.$ZodRawIssue): string | undefined =>
      issue.code === UNKNOWN_FIELD_ISSUE ? fields[String(issue.keys[0] ?? "")] : undefined,
  };
}

export function unknownFieldMessage(field: string, known: readonly string[]): string {
  const near = nearestField(field, known);
  return `is not a field of the specification${near ? ` (did you mean ${near}?)` : ""}`;
}

/** The defined field closest to a misspelt one, or null when none is close enough. */
export function nearestField(field: string, known: readonly string[]): string | null {
  const wanted = field.toLowerCase();
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // At most a third of the name changed (one character in three): closer than that is a typo,
  // further is another word, and naming it would mislead.
  return best !== null && bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : null;
}

/** Levenshtein distance; names are short (the body's field names, at most a few dozen characters). */
function editDistance(a: string, b: string): number {
  if (a.length > 100 || b.length > 100) return Number.POSITIVE_INFINITY;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}
