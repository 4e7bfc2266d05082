// The one pipeline of the dashboard's Server Actions (web/dashboard/actions.ts): every action is
// declared with the access it needs, a zod schema of its input and the work it does, and
// runAction does the rest in one order and with one result shape, the one the forms read:
//   1. the session: none → UNAUTHENTICATED; the role, read from the database on this very call
//      (getOperatorSession), below the action's → FORBIDDEN, before the input is even read;
//   2. the input, parsed by its schema, whose fields are the API's own rules (lib/validation.ts):
//      a refusal names each form field with its reason word (lib/dashboard/field-reasons.ts);
//   3. the work: it refuses by throwing, a DomainError of a use case (mapped to the form field of
//      its command's field, with its reason) or an ActionRefusal of the action itself;
//   4. anything else is logged and answered INTERNAL, never its English detail.
// A small wrapper rather than next-safe-action: the forms, and the e2e tests that post actions by
// their id, keep their positional arguments and the `{ ok, code, fields }` shape; the session
// and the logger are injected, so that unit tests call the pipeline without Next.js.

import { actingAs } from "@memorial/lib/audit/actor";
import type { OperatorSession } from "@memorial/lib/auth/operator-session";
import { DomainError } from "@memorial/lib/errors";
import { HostNotAllowedError } from "@memorial/lib/links";
import { type Actor, VISITOR } from "@memorial/lib/scope";
import { hasRole, type Role } from "@memorial/lib/users/roles";
import { zodMessage } from "@memorial/lib/v1/zod-message";
import type { z } from "zod";
import { formReason, issueReason } from "./field-reasons";

type ActionFailure = {
  ok: false;
  code: string;
  message: string;
  /** Why each refused field is refused (a reason word), by form field, to show beside it. */
  fields?: Record<string, string>;
};
export type ActionResult<T extends object = object> = ({ ok: true } & T) | ActionFailure;

/** A refusal of an action itself (not of a use case): its code, and the fields at fault. */
class ActionRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ActionRefusal";
  }
}

export const refuse = (code: string, message: string, fields?: Record<string, string>) =>
  new ActionRefusal(code, message, fields);

/** Who may call an action: anyone (signing in, a forgotten password), or a role and above. */
export type Access = "anyone" | Role;

export interface ActionSpec<
  Args extends unknown[],
  Schema extends z.ZodType,
  Result extends object,
  A extends Access,
> {
  access: A;
  /** The action's arguments as the object its schema reads (the browser may send anything). */
  args: (...args: Args) => unknown;
  input: Schema;
  /** The form field of each field of the use case's command that differs from it. */
  fields?: Record<string, string>;
  run: (
    input: z.output<Schema>,
    context: { session: A extends "anyone" ? OperatorSession | null : OperatorSession },
  ) => Promise<Result>;
}

export interface ActionDeps {
  /** The signed-in user, their role read from the database now; null when signed out. */
  session: () => Promise<OperatorSession | null>;
  log: (message: string, error: unknown) => void;
}

const UNAUTHENTICATED: ActionFailure = {
  ok: false,
  code: "UNAUTHENTICATED",
  message: "sign in again",
};
const FORBIDDEN: ActionFailure = {
  ok: false,
  code: "FORBIDDEN",
  message: "this needs the admin role",
};

/** One call of an action through the pipeline. */
export async function runAction<
  Args extends unknown[],
  Schema extends z.ZodType,
  Result extends object,
  A extends Access,
>(spec: ActionSpec<Args, Schema, Result, A>, deps: ActionDeps, args: Args): Promise<ActionResult<Result>> {
  try {
    let session: OperatorSession | null = null;
    if (spec.access !== "anyone") {
      session = await deps.session();
      if (!session) return UNAUTHENTICATED;
      if (!hasRole(session.role, spec.access)) return FORBIDDEN;
    }
    const parsed = spec.input.safeParse(spec.args(...args));
    if (!parsed.success) return schemaFailure(parsed.error);
    // Who acts, for the audit log: the signed-in user; signed out (a forgotten password), a visitor.
    const actor: Actor = session ? session.scope.actor : VISITOR.actor;
    const result = await actingAs(actor, () =>
      spec.run(parsed.data, { session } as { session: OperatorSession }),
    );
    return { ok: true, ...result };
  } catch (error) {
    return failure(error, spec.fields ?? {}, deps);
  }
}

/** The actions of a module, bound to their dependencies: `action(spec)` is the callable action. */
export function actionPipeline(deps: ActionDeps) {
  return <Args extends unknown[], Schema extends z.ZodType, Result extends object, A extends Access>(
    spec: ActionSpec<Args, Schema, Result, A>,
  ) =>
    (...args: Args): Promise<ActionResult<Result>> =>
      runAction(spec, deps, args);
}

/**
 * A schema refusal: each field at fault with its reason. An id that cannot name a row (its
 * issues all say not-found) is not found, as a well-formed id of another operator is.
 */
function schemaFailure(error: z.ZodError): ActionFailure {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "input";
    fields[field] ??= issueReason(issue);
  }
  const notFound = Object.values(fields).every((reason) => reason === "not-found");
  return { ok: false, code: notFound ? "NOT_FOUND" : "INVALID_INPUT", message: zodMessage(error), fields };
}

function failure(error: unknown, formField: Record<string, string>, deps: ActionDeps): ActionFailure {
  if (error instanceof ActionRefusal) {
    return {
      ok: false,
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    };
  }
  // The host this request came to may not name the links of e-mails (lib/links.ts): the form says
  // so in the user's words; nothing was written.
  if (error instanceof HostNotAllowedError) {
    return { ok: false, code: "HOST_NOT_ALLOWED", message: error.message };
  }
  if (error instanceof DomainError && error.status < 500) {
    // The use case names the field of its command; the form shows the reason beside its input.
    const problem = error.problem;
    const fields = problem
      ? { [formField[problem.field] ?? problem.field]: formReason(problem.reason) }
      : undefined;
    return { ok: false, code: error.code, message: error.message, ...(fields ? { fields } : {}) };
  }
  deps.log("dashboard action failed", error);
  return { ok: false, code: "INTERNAL", message: "unexpected error" };
}
