// The signed-in operator user, checked where data is read: every page, route handler and server
// action of the dashboard calls one of these and passes the operatorId to its queries.

import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { db } from "@/lib/db/client";
import { isSessionOpen } from "./dashboard-sessions";
import { authOptions, SIGN_IN_PATH } from "./options";
import { passwordStamp } from "./sign-in";

export interface OperatorSession {
  userId: number;
  operatorId: number;
  email: string;
  operatorName: string;
  operatorLanguage: string;
}

export async function getOperatorSession(): Promise<OperatorSession | null> {
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
    db.operatorUser.findFirst({
      where: { id: user.userId, operatorId: user.operatorId },
      select: {
        id: true,
        email: true,
        passwordHash: true,
        operator: { select: { id: true, name: true, language: true } },
      },
    }),
  ]);
  if (!open || !row || user.passwordStamp !== passwordStamp(row.passwordHash)) return null;
  return {
    userId: row.id,
    operatorId: row.operator.id,
    email: row.email,
    operatorName: row.operator.name,
    operatorLanguage: row.operator.language,
  };
}

/** For pages: the session, or a redirect to the sign-in page. */
export async function requireOperator(): Promise<OperatorSession> {
  const session = await getOperatorSession();
  if (!session) redirect(SIGN_IN_PATH);
  return session;
}
