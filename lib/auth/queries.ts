// Reads of the signed-in user for the dashboard's session (web/auth/session.ts).
import { db } from "@memorial/lib/db/client";

/**
 * The user a session names, if it still exists and still belongs to that operator: what the
 * session shows of it and of its operator, and its password hash (the session's password stamp is
 * checked against it). Null otherwise.
 */
export async function sessionUser(userId: number, operatorId: number) {
  return db.operatorUser.findFirst({
    where: { id: userId, operatorId },
    select: {
      id: true,
      email: true,
      passwordHash: true,
      role: true,
      operator: { select: { id: true, name: true, language: true } },
    },
  });
}
