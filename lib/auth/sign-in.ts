// Checking an operator user's password, with failures rate limited per e-mail address: after
// MAX_FAILURES failures within WINDOW_MINUTES, that address is refused without even checking the
// password until the window has passed. Attempts for one address are serialised by an advisory
// lock, so simultaneous guesses cannot slip past the count.
import { createHash } from "node:crypto";
import { transaction } from "@/lib/db/client";
import { hashPassword, verifyPassword } from "@/lib/users/passwords";

export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;

export type PasswordCheck =
  | { ok: true; user: { id: number; operatorId: number; email: string; passwordStamp: string } }
  | { ok: false; reason: "CredentialsSignin" | "RateLimited" };

let dummyHash: Promise<string> | undefined;

/**
 * A short digest of the stored password hash, kept in the session: when the password changes, the
 * digest no longer matches and every session opened with the old password ends.
 */
export function passwordStamp(passwordHash: string): string {
  return createHash("sha256").update(passwordHash).digest("base64url").slice(0, 16);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Checks the password of the user with that e-mail; a failure is recorded, a success clears them. */
export async function checkPassword(rawEmail: string, password: string): Promise<PasswordCheck> {
  const email = normaliseEmail(rawEmail);
  if (!email || email.length > 254 || !password || password.length > 1000) {
    return { ok: false, reason: "CredentialsSignin" };
  }
  return transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`sign-in:${email}`}))`;
    const [{ failures }] = await tx.$queryRaw<{ failures: number }[]>`
      SELECT COUNT(*)::int AS failures FROM "sign_in_failure"
      WHERE "email" = ${email} AND "created_at" > now() - make_interval(mins => ${WINDOW_MINUTES})`;
    if (failures >= MAX_FAILURES) return { ok: false, reason: "RateLimited" } as const;
    const user = await tx.operatorUser.findUnique({ where: { email } });
    // An unknown address costs the same scrypt work as a known one, so timing does not tell them apart.
    dummyHash ??= hashPassword("not a password of anyone");
    const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
    if (!user || !valid) {
      await tx.signInFailure.create({ data: { email } });
      return { ok: false, reason: "CredentialsSignin" } as const;
    }
    await tx.signInFailure.deleteMany({ where: { email } });
    return {
      ok: true,
      user: {
        id: user.id,
        operatorId: user.operatorId,
        email: user.email,
        passwordStamp: passwordStamp(user.passwordHash),
      },
    } as const;
  });
}
