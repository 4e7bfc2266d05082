// The one vocabulary of refused form fields: the reason words of the shared field rules
// (lib/validation.ts) and of the use cases' DomainErrors, and the message of each in the user's
// language. The action pipeline (lib/dashboard/action.ts) returns the words; the forms show them.

import type { DashboardKey } from "@memorial/lib/i18n/translate";
import type { FieldReason } from "@memorial/lib/validation";
import type { ZodIssue } from "zod";

export type { FieldReason } from "@memorial/lib/validation";

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
  "death-in-future": "fieldDeathInFuture",
  "not-found": "fieldNotFound",
  "awaiting-confirmation": "fieldAwaitingConfirmation",
  // The webhook use cases' own reasons (lib/webhooks/endpoints.ts).
  "private-address": "webhookUrlPrivate",
  unresolvable: "webhookUrlUnresolvable",
  "too-many": "webhookTooMany",
  // A tree's life (lib/trees/transitions.ts) and the field team's sheet (lib/trees/sheet.ts).
  "not-in-ground": "trees_err_notInGround",
  "already-in-ground": "trees_err_alreadyInGround",
  "already-dead": "trees_err_alreadyDead",
  "before-order": "trees_err_beforeOrder",
  "in-future": "trees_err_inFuture",
  "before-in-ground": "trees_err_beforeInGround",
  "before-last-check": "trees_err_beforeLastCheck",
  "outside-site": "trees_err_outsideSite",
  "invalid-point": "trees_err_invalidPoint",
  "out-of-range": "trees_err_height",
  "dead-is-a-death": "trees_err_deadIsDeath",
  "invalid-health": "trees_err_unknownHealth",
  "invalid-reason": "trees_err_unknownReason",
  "not-for-step": "trees_err_notForStep",
  "unknown-step": "trees_err_unknownStep",
  "column-count": "trees_err_columnCount",
  changed: "trees_err_changed",
  "invalid-photo": "trees_err_notAnImage",
  "not-an-image": "trees_err_notAnImage",
  // A moment that must be ahead (a ceremony's start, a claim code's expiry), and a ceremony's
  // start the clocks skip (lib/ceremonies/rules.ts).
  past: "fieldInFuture",
  skipped: "ceremony_errSkipped",
};

/** The reason word of a domain problem (FieldProblem.reason) as the forms know it. */
export function formReason(reason: string): string {
  if (reason.startsWith("required")) return "required";
  return reason in REASON_MESSAGE ? reason : "invalid";
}

/** The reason word of a zod issue: the one the shared rule names, else one read from its kind. */
export function issueReason(
  issue: Pick<ZodIssue, "code"> & { params?: unknown; origin?: unknown; input?: unknown },
): FieldReason {
  const named = (issue.params as { reason?: unknown } | undefined)?.reason;
  if (typeof named === "string") return named as FieldReason;
  if (issue.code === "too_big" && issue.origin === "string") return "too-long";
  if (issue.code === "too_big" || issue.code === "too_small" || issue.code === "not_multiple_of")
    return "invalid-number";
  if (issue.code === "invalid_type" && issue.input === undefined) return "required";
  return "invalid";
}
