// A zod error as one sentence that names the field, e.g. "Defunt.DateDeces: is required".
import type { ZodError } from "zod";

export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "the request is invalid";
  const path = issue.path.map(String).join(".");
  const message = /received undefined$/.test(issue.message) ? "is required" : issue.message;
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problems)` : "";
  return path ? `${path}: ${message}${more}` : `${message}${more}`;
}
