// The dashboard's one pipeline of Server Actions (lib/dashboard/action.ts) bound to the signed-in
// session, for every file of actions (web/dashboard/*actions.ts): `action(spec)` is an action
// the panels call and read as `{ ok, code, fields }`; `formAction(spec)` is the same pipeline
// behind a plain form that works without JavaScript, answered by a redirect to the page that says
// how it went. test/way-in-guards.test.ts refuses an exported action built any other way.
import {
  type Access,
  type ActionResult,
  type ActionSpec,
  actionPipeline,
} from "@memorial/lib/dashboard/action";
import { redirect } from "next/navigation";
import type { z } from "zod";
import { getOperatorSession } from "@/web/auth/session";

export const action = actionPipeline({
  session: getOperatorSession,
  log: (message, error) => console.error(message, error),
});

interface FormActionSpec<Schema extends z.ZodType, Result extends object>
  extends ActionSpec<[FormData], Schema, Result, Exclude<Access, "anyone">> {
  /** The address the browser goes to after the action, refused or not (it may call notFound()). */
  answer: (result: ActionResult<Result>, form: FormData) => string;
}

/** A plain form's action: the pipeline, then a redirect (the sign-in page when signed out). */
export function formAction<Schema extends z.ZodType, Result extends object>(
  spec: FormActionSpec<Schema, Result>,
): (form: FormData) => Promise<never> {
  const run = action(spec);
  return async (form) => {
    const result = await run(form);
    if (!result.ok && result.code === "UNAUTHENTICATED") redirect("/dashboard/signin");
    // An unexpected failure (logged by the pipeline): the dashboard's error page, never a redirect
    // that would read as a refusal of the user's input.
    if (!result.ok && result.code === "INTERNAL") throw new Error("the dashboard action failed");
    redirect(spec.answer(result, form));
  };
}
