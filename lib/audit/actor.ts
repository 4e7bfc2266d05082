// Who is acting (lib/scope.ts's Actor, the actor of the way in's scope), for the audit log. Each way
// in says it once, around the work it does: the v1 handler (the key), the dashboard's action
// pipeline and routes (the signed-in user), the
// family's and visitors' routes, the command line and the job runner (a job acting on someone's
// behalf, or the service's own schedule). lib/changes/audit.ts reads it; a write made with no actor
// known is a defect, which its row shows (test/audit-coverage.test.ts finds such paths).
import type { Actor } from "@memorial/lib/scope";
import { currentWork, runAsActor } from "@memorial/lib/work-context";

/**
 * The actor of a write whose way in did not say who acts: a defect of that way in, which
 * e2e/api/audit-coverage.spec.ts looks for. The change is not refused for it (a family's write is
 * not lost for the service's mistake); the row says so, and the error is logged.
 */
export const UNATTRIBUTED: Actor = { kind: "system", name: "unattributed" };

/** Runs `work` as `actor`: every audit row it writes names them. */
export function actingAs<T>(actor: Actor, work: () => T): T {
  return runAsActor(actor, work);
}

/** The actor of the work being done, if one was said. */
export function currentActor(): Actor | undefined {
  return currentWork()?.actor;
}
