// Dashboard sessions known to the server. The session cookie (a next-auth JWT, signed and
// encrypted) carries a random session id; the session works only while the row of that id's
// SHA-256 exists and has not expired. Signing out deletes the row, so a copy of the cookie stops
// working at once instead of at its expiry.
import { createHash, randomBytes } from "node:crypto";
import { db } from "@memorial/lib/db/client";

export const SESSION_HOURS = 8;

function digest(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("base64url");
}

/** Opens a session for the user; returns the id to keep in the cookie. */
export async function openSession(userId: number): Promise<string> {
  const sessionId = randomBytes(32).toString("base64url");
  await db.dashboardSession.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await db.dashboardSession.create({
    data: { id: digest(sessionId), userId, expiresAt: new Date(Date.now() + SESSION_HOURS * 3600_000) },
  });
  return sessionId;
}

export async function isSessionOpen(sessionId: unknown, userId: number): Promise<boolean> {
  if (typeof sessionId !== "string" || sessionId.length > 100) return false;
  const row = await db.dashboardSession.findUnique({ where: { id: digest(sessionId) } });
  return row !== null && row.userId === userId && row.expiresAt > new Date();
}

export async function closeSession(sessionId: unknown): Promise<void> {
  if (typeof sessionId !== "string" || sessionId.length > 100) return;
  await db.dashboardSession.deleteMany({ where: { id: digest(sessionId) } });
}

/** Ends every session of a user but `keep` (after a change of password). */
export async function closeOtherSessions(userId: number, keep?: unknown): Promise<void> {
  await db.dashboardSession.deleteMany({
    where: { userId, ...(typeof keep === "string" ? { id: { not: digest(keep) } } : {}) },
  });
}
