// The signed-in operator user, checked where data is read: every page, route handler and server
// action of the dashboard calls one of these and passes the session's Scope to its queries.

import { isSessionOpen } from "@memorial/lib/auth/dashboard-sessions";
import type { OperatorSession } from "@memorial/lib/auth/operator-session";
import { sessionUser } from "@memorial/lib/auth/queries";
import { passwordStamp } from "@memorial/lib/auth/sign-in";
import { noteOperator } from "@memorial/lib/observability/request-context";
import { dashboardScope } from "@memorial/lib/scope";
import { hasRole, isRole, type Role } from "@memorial/lib/users/roles";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { authOptions, SIGN_IN_PATH } from "@/web/auth/options";

export type { OperatorSession };

/**
 * The session of this request, read once: the layouts, the page and the titles of one
 * rendering share the first read (React's cache lasts one server request). A route handler or a
 * Server Action calls it once anyway.
 */
export const getOperatorSession: () => Promise<OperatorSession | null> = cache(readOperatorSession);

async function readOperatorSession(): Promise<OperatorSession | null> {
  const session = await getServerSession(authOptions());
  const user = session?.user as
    | { userId?: unknown; operatorId?: unknown; passwordStamp?: unknown; sessionId?: unknown }
    | undefined;
  if (typeof user?.userId !== "number" || typeof user.operatorId !== "number") return null;
  // The session must still be open on the server (signing out closes it), and the user must still
  // exist, still belong to that operator, and still have the password the session was opened with
  // (a change of password ends the other sessions).
  const [open, row] = await Promise.all([
    isSessionOpen(user.sessionId, user.userId),
    sessionUser(user.userId, user.operatorId),
  ]);
  if (!open || !row || user.passwordStamp !== passwordStamp(row.passwordHash)) return null;
  const role: Role = isRole(row.role) ? row.role : "staff";
  noteOperator(row.operator.id);
  return {
    userId: row.id,
    operatorId: row.operator.id,
    email: row.email,
    operatorName: row.operator.name,
    operatorLanguage: row.operator.language,
    role,
    scope: dashboardScope({ userId: row.id, operatorId: row.operator.id }),
  };
}

/**
 * For pages: the session, or a redirect to the sign-in page. Every role may see what this guards
 * (it is requireRole("staff")); admin pages use requireRole("admin").
 */
export async function requireOperator(): Promise<OperatorSession> {
  const session = await getOperatorSession();
  if (!session) redirect(SIGN_IN_PATH);
  return session;
}

/**
 * For pages of a role: the session (or a redirect to the sign-in page) and whether its user may
 * see the page. A page refused shows its "not allowed" message instead of its content.
 */
export async function requireRole(role: Role): Promise<{ session: OperatorSession; allowed: boolean }> {
  const session = await requireOperator();
  return { session, allowed: hasRole(session.role, role) };
}
