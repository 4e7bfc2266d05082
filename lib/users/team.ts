// An operator's team: its dashboard users and their roles, and the invitations of new colleagues.
// - An invitation is a random token (only its SHA-256 kept) sent by e-mail through the outbox, in
//   the same transaction; it works once and expires after INVITATION_TTL_DAYS (default 7).
// - Accepting it creates the user and consumes the token in one transaction: the token's row is
//   updated only while still unused, so simultaneous presses create one user.
// - The last admin of an operator can be neither demoted nor removed: the change and the count of
//   admins happen under the operator row's lock, so two admins demoting each other at the same
//   time cannot both succeed.
import { recordChange } from "@memorial/lib/changes/record";
import { db, type Tx, transaction } from "@memorial/lib/db/client";
import type { Language } from "@memorial/lib/i18n/languages";
import { settings } from "@memorial/lib/settings";
import { invitationEmail } from "@memorial/lib/users/team-email";
import { checkNewPassword, EMAIL_PATTERN } from "./create-user";
import { hashPassword } from "./passwords";
import type { Role } from "./roles";
import { isTokenShape, newLinkToken, tokenHash } from "./tokens";

export function invitationTtlDays(): number {
  return settings().INVITATION_TTL_DAYS;
}

export interface TeamMember {
  id: number;
  email: string;
  role: Role;
  createdAt: Date;
}

export interface PendingInvitation {
  id: number;
  email: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
}

export async function listTeam(
  tx: Pick<Tx, "operatorUser" | "operatorInvitation">,
  operatorId: number,
): Promise<{ users: TeamMember[]; invitations: PendingInvitation[] }> {
  const [users, invitations] = await Promise.all([
    tx.operatorUser.findMany({
      where: { operatorId },
      select: { id: true, email: true, role: true, createdAt: true },
      orderBy: [{ email: "asc" }],
    }),
    tx.operatorInvitation.findMany({
      where: { operatorId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
      select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
      orderBy: [{ createdAt: "desc" }],
    }),
  ]);
  return { users: users as TeamMember[], invitations: invitations as PendingInvitation[] };
}

export type TeamRefusal =
  | "invalid-email"
  | "invalid-role"
  | "user-exists"
  | "not-found"
  | "last-admin"
  | "self";

export type TeamResult<T extends object = object> = ({ ok: true } & T) | { ok: false; reason: TeamRefusal };

/** Locks the operator's row: every change of its team waits for the one before. */
async function lockOperator(tx: Tx, operatorId: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT "id" FROM "operator" WHERE "id" = ${operatorId} FOR UPDATE`;
  return rows.length === 1;
}

export async function inviteUser(input: {
  operatorId: number;
  invitedById: number;
  email: string;
  role: string;
  language: Language;
  linkBase: string;
}): Promise<TeamResult<{ invitationId: number }>> {
  const email = String(input.email ?? "")
    .trim()
    .toLowerCase();
  if (!EMAIL_PATTERN.test(email) || email.length > 254) return { ok: false, reason: "invalid-email" };
  if (input.role !== "admin" && input.role !== "staff") return { ok: false, reason: "invalid-role" };
  const role: Role = input.role;
  return transaction(async (tx) => {
    if (!(await lockOperator(tx, input.operatorId))) return { ok: false, reason: "not-found" };
    // An address has one account in the whole service (it signs in with it).
    if (await tx.operatorUser.findUnique({ where: { email }, select: { id: true } })) {
      return { ok: false, reason: "user-exists" };
    }
    const [operator, inviter] = await Promise.all([
      tx.operator.findUniqueOrThrow({ where: { id: input.operatorId }, select: { name: true } }),
      tx.operatorUser.findUnique({ where: { id: input.invitedById }, select: { email: true } }),
    ]);
    // A new invitation to the same address replaces the ones before (their links stop working).
    await tx.operatorInvitation.updateMany({
      where: { operatorId: input.operatorId, email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    const days = invitationTtlDays();
    const { token, hash } = newLinkToken();
    const invitation = await tx.operatorInvitation.create({
      data: {
        operatorId: input.operatorId,
        email,
        role,
        language: input.language,
        tokenHash: hash,
        invitedById: input.invitedById,
        expiresAt: new Date(Date.now() + days * 86_400_000),
      },
    });
    const mail = await invitationEmail({
      language: input.language,
      operatorName: operator.name,
      inviter: inviter?.email ?? operator.name,
      role,
      link: `${input.linkBase}/dashboard/invite/${token}`,
      days,
    });
    await tx.outgoingEmail.create({ data: { to: email, ...mail } });
    await recordChange(tx, {
      kind: "user.invited",
      target: { type: "invitation", id: invitation.id },
      operatorId: input.operatorId,
      after: { email, role },
    });
    return { ok: true, invitationId: invitation.id };
  });
}

export async function revokeInvitation(operatorId: number, invitationId: number): Promise<TeamResult> {
  return transaction(async (tx) => {
    const { count } = await tx.operatorInvitation.updateMany({
      where: { id: invitationId, operatorId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (count !== 1) return { ok: false, reason: "not-found" };
    await recordChange(tx, {
      kind: "invitation.revoked",
      target: { type: "invitation", id: invitationId },
      operatorId,
      before: { revoked: false },
      after: { revoked: true },
    });
    return { ok: true };
  });
}

/** The user's role, its operator locked for the change; null when the operator or the user is not there. */
async function lockedMember(tx: Tx, operatorId: number, userId: number) {
  if (!(await lockOperator(tx, operatorId))) return null;
  return tx.operatorUser.findFirst({ where: { id: userId, operatorId }, select: { role: true } });
}

/** Admins of the operator other than `userId`, counted under the operator's lock. */
async function otherAdmins(tx: Tx, operatorId: number, userId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ n: number }[]>`
    SELECT COUNT(*)::int AS n FROM "operator_user"
    WHERE "operator_id" = ${operatorId} AND "role" = 'admin' AND "id" <> ${userId}`;
  return row.n;
}

export async function changeRole(input: {
  operatorId: number;
  userId: number;
  role: string;
}): Promise<TeamResult> {
  if (input.role !== "admin" && input.role !== "staff") return { ok: false, reason: "invalid-role" };
  const role: Role = input.role;
  return transaction(async (tx) => {
    const user = await lockedMember(tx, input.operatorId, input.userId);
    if (!user) return { ok: false, reason: "not-found" };
    if (
      user.role === "admin" &&
      role !== "admin" &&
      (await otherAdmins(tx, input.operatorId, input.userId)) === 0
    ) {
      return { ok: false, reason: "last-admin" };
    }
    await tx.operatorUser.update({ where: { id: input.userId }, data: { role } });
    await recordChange(tx, {
      kind: "user.role_changed",
      target: { type: "user", id: input.userId },
      operatorId: input.operatorId,
      before: { role: user.role },
      after: { role },
    });
    return { ok: true };
  });
}

export async function removeUser(input: { operatorId: number; userId: number }): Promise<TeamResult> {
  return transaction(async (tx) => {
    const user = await lockedMember(tx, input.operatorId, input.userId);
    if (!user) return { ok: false, reason: "not-found" };
    if (user.role === "admin" && (await otherAdmins(tx, input.operatorId, input.userId)) === 0) {
      return { ok: false, reason: "last-admin" };
    }
    // Its sessions end with it (getOperatorSession also finds no user any more).
    await tx.dashboardSession.deleteMany({ where: { userId: input.userId } });
    await tx.operatorUser.delete({ where: { id: input.userId } });
    await recordChange(tx, {
      kind: "user.removed",
      target: { type: "user", id: input.userId },
      operatorId: input.operatorId,
      before: { role: user.role },
    });
    return { ok: true };
  });
}

export type InvitationLookup =
  | { state: "pending"; email: string; role: Role; operatorName: string; language: string; expiresAt: Date }
  | { state: "used"; language: string }
  | { state: "expired"; language: string }
  | { state: "unknown" };

export async function lookupInvitation(token: string): Promise<InvitationLookup> {
  if (!isTokenShape(token)) return { state: "unknown" };
  const row = await db.operatorInvitation.findUnique({ where: { tokenHash: tokenHash(token) } });
  if (!row) return { state: "unknown" };
  if (row.acceptedAt) return { state: "used", language: row.language };
  // A revoked invitation (replaced by a newer one, or withdrawn) no longer works either.
  if (row.revokedAt || row.expiresAt <= new Date()) return { state: "expired", language: row.language };
  const operator = await db.operator.findUniqueOrThrow({
    where: { id: row.operatorId },
    select: { name: true },
  });
  return {
    state: "pending",
    email: row.email,
    role: row.role as Role,
    operatorName: operator.name,
    language: row.language,
    expiresAt: row.expiresAt,
  };
}

export type AcceptResult =
  | { ok: true; userId: number; email: string }
  | { ok: false; reason: "used" | "expired" | "unknown" | "user-exists" };

/**
 * The invitee chose a password: the user is created and the token consumed in one transaction.
 * The password is checked first (a refusal of it consumes nothing); scrypt runs before the
 * transaction, holding no connection.
 */
export async function acceptInvitation(token: string, password: string): Promise<AcceptResult> {
  checkNewPassword(password);
  if (!isTokenShape(token)) return { ok: false, reason: "unknown" };
  const passwordHash = await hashPassword(password);
  const hash = tokenHash(token);
  try {
    return await transaction(async (tx): Promise<AcceptResult> => {
      // Consumed only while unused, unrevoked and unexpired: of simultaneous presses, one row update
      // wins; the others wait for its lock, then find the row used and update nothing.
      const [invitation] = await tx.$queryRaw<
        { id: number; operator_id: number; email: string; role: string }[]
      >`
        UPDATE "operator_invitation" SET "accepted_at" = now()
        WHERE "token_hash" = ${hash} AND "accepted_at" IS NULL AND "revoked_at" IS NULL AND "expires_at" > now()
        RETURNING "id", "operator_id", "email", "role"`;
      if (!invitation) {
        const row = await tx.operatorInvitation.findUnique({ where: { tokenHash: hash } });
        if (!row) return { ok: false, reason: "unknown" };
        return { ok: false, reason: row.acceptedAt ? "used" : "expired" };
      }
      if (await tx.operatorUser.findUnique({ where: { email: invitation.email }, select: { id: true } })) {
        throw new UserExists();
      }
      const user = await tx.operatorUser.create({
        data: {
          operatorId: invitation.operator_id,
          email: invitation.email,
          role: invitation.role,
          passwordHash,
        },
      });
      await tx.operatorInvitation.update({ where: { id: invitation.id }, data: { userId: user.id } });
      // The person holding the invitation's link is the new user: the row names them.
      await recordChange(tx, {
        kind: "user.created",
        target: { type: "user", id: user.id },
        operatorId: user.operatorId,
        after: { email: user.email, role: user.role, invitationId: invitation.id },
        actor: { kind: "user", id: user.id, operatorId: user.operatorId },
      });
      return { ok: true, userId: user.id, email: user.email };
    });
  } catch (error) {
    // The address got an account meanwhile (the unique index decides): nothing is consumed.
    if (error instanceof UserExists || (error as { code?: string }).code === "P2002") {
      return { ok: false, reason: "user-exists" };
    }
    throw error;
  }
}

class UserExists extends Error {}
