// "Forgot password?": a link by e-mail that sets a new password, once, within
// PASSWORD_RESET_TTL_MINUTES (default 60).
// - The answer is the same whether or not the address has an account (no account enumeration):
//   the request is recorded either way and only a known address gets an e-mail.
// - Limits of the one rate limiter (lib/limits/rate-limit.ts): at most RESET_MAX_PER_ADDRESS
//   requests per address and RESET_MAX_PER_CLIENT per client address within RESET_WINDOW_MINUTES;
//   beyond them nothing is sent (the answer stays the same), so the form cannot flood a mailbox.
// - A new link replaces the unused ones before it. Setting the password consumes the token and
//   changes the hash in one transaction, and ends every session of the user (their password stamp
//   no longer matches; their session rows are deleted too).
import { recordChange } from "@memorial/lib/changes/record";
import { db, transaction } from "@memorial/lib/db/client";
import type { Language } from "@memorial/lib/i18n/languages";
import { hit } from "@memorial/lib/limits/rate-limit";
import { settings } from "@memorial/lib/settings";
import { passwordResetEmail } from "@memorial/lib/users/team-email";
import { checkNewPassword, EMAIL_PATTERN } from "./create-user";
import { hashPassword } from "./passwords";
import { isTokenShape, newLinkToken, tokenHash } from "./tokens";

const RESET_WINDOW_MINUTES = 60;
export const RESET_MAX_PER_ADDRESS = 3;
export const RESET_MAX_PER_CLIENT = 30;

export function resetTtlMinutes(): number {
  return settings().PASSWORD_RESET_TTL_MINUTES;
}

export type ResetRequestOutcome = "sent" | "unknown" | "limited" | "invalid";

/**
 * Records a request and, for a known address within the limits, writes the e-mail into the outbox.
 * The outcome is for tests and logs only: the edges answer the same for every outcome but "invalid"
 * (not an e-mail address at all).
 */
export async function requestPasswordReset(input: {
  email: string;
  client: string;
  language: Language;
  linkBase: string;
}): Promise<ResetRequestOutcome> {
  const email = String(input.email ?? "")
    .trim()
    .toLowerCase();
  if (!EMAIL_PATTERN.test(email) || email.length > 254) return "invalid";
  const client = input.client.slice(0, 64) || "unknown";
  return transaction(async (tx): Promise<ResetRequestOutcome> => {
    const windowSeconds = RESET_WINDOW_MINUTES * 60;
    const limited = await hit(
      [
        { bucket: "reset-address", subject: email, max: RESET_MAX_PER_ADDRESS, windowSeconds },
        { bucket: "reset-client", subject: client, max: RESET_MAX_PER_CLIENT, windowSeconds },
      ],
      tx,
    );
    if (!limited.allowed) return "limited";
    const user = await tx.operatorUser.findUnique({
      where: { email },
      select: { id: true, operator: { select: { name: true } } },
    });
    if (!user) return "unknown";
    // The newest link replaces the unused ones before it.
    await tx.passwordResetToken.updateMany({
      where: { userId: user.id, usedAt: null, expiresAt: { gt: new Date() } },
      data: { expiresAt: new Date() },
    });
    const minutes = resetTtlMinutes();
    const { token, hash } = newLinkToken();
    await tx.passwordResetToken.create({
      data: { userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() + minutes * 60_000) },
    });
    const mail = await passwordResetEmail({
      language: input.language,
      operatorName: user.operator.name,
      link: `${input.linkBase}/dashboard/reset/${token}`,
      minutes,
    });
    await tx.outgoingEmail.create({ data: { to: email, ...mail } });
    return "sent";
  });
}

export type ResetLookup = { state: "pending"; email: string } | { state: "used" | "expired" | "unknown" };

export async function lookupPasswordReset(token: string): Promise<ResetLookup> {
  if (!isTokenShape(token)) return { state: "unknown" };
  const row = await db.passwordResetToken.findUnique({ where: { tokenHash: tokenHash(token) } });
  if (!row) return { state: "unknown" };
  if (row.usedAt) return { state: "used" };
  if (row.expiresAt <= new Date()) return { state: "expired" };
  const user = await db.operatorUser.findUnique({ where: { id: row.userId }, select: { email: true } });
  return user ? { state: "pending", email: user.email } : { state: "unknown" };
}

export type ResetResult = { ok: true; email: string } | { ok: false; reason: "used" | "expired" | "unknown" };

/** Sets the new password (the rules of lib/users/create-user.ts) and consumes the link, once. */
export async function resetPassword(token: string, password: string): Promise<ResetResult> {
  checkNewPassword(password);
  if (!isTokenShape(token)) return { ok: false, reason: "unknown" };
  const passwordHash = await hashPassword(password);
  const hash = tokenHash(token);
  return transaction(async (tx): Promise<ResetResult> => {
    const [used] = await tx.$queryRaw<{ user_id: number }[]>`
      UPDATE "password_reset_token" SET "used_at" = now()
      WHERE "token_hash" = ${hash} AND "used_at" IS NULL AND "expires_at" > now()
      RETURNING "user_id"`;
    if (!used) {
      const row = await tx.passwordResetToken.findUnique({ where: { tokenHash: hash } });
      if (!row) return { ok: false, reason: "unknown" };
      return { ok: false, reason: row.usedAt ? "used" : "expired" };
    }
    const user = await tx.operatorUser.update({ where: { id: used.user_id }, data: { passwordHash } });
    // Every session ends: those opened with the old password, wherever they are.
    await tx.dashboardSession.deleteMany({ where: { userId: user.id } });
    // The other links of the user stop working too.
    await tx.passwordResetToken.updateMany({
      where: { userId: user.id, usedAt: null },
      data: { expiresAt: new Date() },
    });
    // Whoever holds the link acts as its user (signed out): the row names them.
    await recordChange(tx, {
      kind: "user.password_reset",
      target: { type: "user", id: user.id },
      operatorId: user.operatorId,
      actor: { kind: "user", id: user.id, operatorId: user.operatorId },
    });
    return { ok: true, email: user.email };
  });
}
