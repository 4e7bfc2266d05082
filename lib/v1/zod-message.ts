// A zod error as one sentence that names the field, e.g. "Defunt.DateDeces: is required", and as
// the Error object's Code and Champ. An unknown field comes first: a misspelt field is
// usually the cause of whatever else is wrong, and it must never pass unnoticed.
import type { ZodError } from "zod";
import { UNKNOWN_FIELD_ISSUE } from "./schemas/wire-object";

export interface ZodProblem {
  code: "INVALID_INPUT" | "UNKNOWN_FIELD";
  /** The path of the field at fault in the wire object ("Famille.Foo"), or null for the whole body. */
  champ: string | null;
  message: string;
}

export function zodProblem(error: ZodError): ZodProblem {
  const unknown = error.issues.flatMap((issue) =>
    issue.code === UNKNOWN_FIELD_ISSUE
      ? issue.keys.map((key) => ({ path: [...issue.path.map(String), key].join("."), issue }))
      : [],
  );
  const others = error.issues.filter((issue) => issue.code !== UNKNOWN_FIELD_ISSUE).length;
  const first = unknown[0];
  if (first) {
    // Without the parse's own message (lib/v1/schemas/wire-object.ts), zod's own says "Unrecognized key".
    const said = first.issue.message.startsWith("Unrecognized key")
      ? "is not a field of the specification"
      : first.issue.message;
    return {
      code: "UNKNOWN_FIELD",
      champ: first.path,
      message: `${first.path}: ${said}${more(unknown.length - 1 + others)}`,
    };
  }
  const issue = error.issues[0];
  if (!issue) return { code: "INVALID_INPUT", champ: null, message: "the request is invalid" };
  const path = issue.path.map(String).join(".");
  const message = /received undefined$/.test(issue.message) ? "is required" : issue.message;
  return {
    code: "INVALID_INPUT",
    champ: path || null,
    message: path ? `${path}: ${message}${more(others - 1)}` : `${message}${more(others - 1)}`,
  };
}

export function zodMessage(error: ZodError): string {
  return zodProblem(error).message;
}

const more = (count: number) => (count > 0 ? ` (and ${count} more problem${count > 1 ? "s" : ""})` : "");
