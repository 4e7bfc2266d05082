// Checking an operator user's password, with limits that slow guessing without letting a stranger
// lock the right user out (a lock per e-mail address did: five wrong passwords from anywhere kept
// the owner out for 15 minutes, again and again):
// - per client address: at most CLIENT_MAX_FAILURES failures in WINDOW_MINUTES, whatever the
//   e-mail addresses tried (one client trying 40 addresses is stopped after 20);
// - per (e-mail address, client address): PAIR_FREE_FAILURES failures are free, then each attempt
//   must wait a delay that doubles per failure (1 s, 2 s, 4 s ... up to PAIR_MAX_DELAY_SECONDS);
//   earlier ones are refused unchecked. Failures from other addresses do not count here;
// - per e-mail address, from all clients: from ACCOUNT_PAUSE_FROM failures on, the answer is
//   paused (doubling up to ACCOUNT_MAX_PAUSE_MS) but the password is still checked: a distributed
//   guesser is slowed, the owner still gets in.
// The counts and the record of the attempt are made under advisory locks in one short transaction;
// the attempt is recorded as a failure before the password is checked (and removed when it was
// right), so simultaneous guesses count each other. scrypt runs after that transaction, with no
// database connection held, and with bounded concurrency (lib/users/passwords.ts).
import { createHash } from "node:crypto";
import { db, transaction } from "@/lib/db/client";
import { hashPassword, PasswordWorkBusy, verifyPassword } from "@/lib/users/passwords";
import { UNKNOWN_CLIENT } from "./client-address";

export const WINDOW_MINUTES = 15;
export const CLIENT_MAX_FAILURES = 20;
export const PAIR_FREE_FAILURES = 3;
export const PAIR_MAX_DELAY_SECONDS = 300;
export const ACCOUNT_PAUSE_FROM = 10;
export const ACCOUNT_MAX_PAUSE_MS = 5_000;

export type PasswordCheck =
  | { ok: true; user: { id: number; operatorId: number; email: string; passwordStamp: string } }
  | { ok: false; reason: "CredentialsSignin" }
  | { ok: false; reason: "RateLimited"; retryAfterSeconds: number };

let dummyHash: Promise<string> | undefined;

function unknownUserHash(): Promise<string> {
  dummyHash ??= hashPassword("not a password of anyone");
  return dummyHash;
}

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

/** Seconds a client must wait after its last failure, having failed `failures` times on an address. */
export function pairDelaySeconds(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - PAIR_FREE_FAILURES), PAIR_MAX_DELAY_SECONDS);
}

/** The pause before an address's password is checked, after `failures` failures from anywhere. */
export function accountPauseMs(failures: number): number {
  if (failures < ACCOUNT_PAUSE_FROM) return 0;
  return Math.min(250 * 2 ** (failures - ACCOUNT_PAUSE_FROM), ACCOUNT_MAX_PAUSE_MS);
}

const LOCK_CLIENT = 7_240_401;
const LOCK_EMAIL = 7_240_402;

type Gate =
  | { refused: true; retryAfterSeconds: number }
  | {
      refused: false;
      attemptId: number;
      accountFailures: number;
      user: { id: number; operatorId: number; email: string; passwordHash: string } | null;
    };

/**
 * Checks the password of the user with that e-mail, asked from `client` (lib/auth/client-address.ts).
 * A failure is recorded; a success clears this client's failures on that address.
 */
export async function checkPassword(
  rawEmail: string,
  password: string,
  client: string = UNKNOWN_CLIENT,
): Promise<PasswordCheck> {
  const email = normaliseEmail(rawEmail);
  if (!email || email.length > 254 || !password || password.length > 1000) {
    return { ok: false, reason: "CredentialsSignin" };
  }
  const clientKey = client.slice(0, 64) || UNKNOWN_CLIENT;
  const gate: Gate = await transaction(async (tx) => {
    // Always the client's lock first, then the address's: no two attempts wait for each other in a cycle.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_CLIENT}::int, hashtext(${clientKey}))`;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_EMAIL}::int, hashtext(${email}))`;
    const [counts] = await tx.$queryRaw<
      { client_failures: number; pair_failures: number; pair_wait_ms: number; account_failures: number }[]
    >`
      WITH recent AS (
        SELECT "email", "client", "created_at" FROM "sign_in_attempt_failure"
        WHERE ("client" = ${clientKey} OR "email" = ${email})
          AND "created_at" > now() - make_interval(mins => ${WINDOW_MINUTES}))
      SELECT
        (SELECT COUNT(*) FROM recent WHERE "client" = ${clientKey})::int AS client_failures,
        (SELECT COUNT(*) FROM recent WHERE "client" = ${clientKey} AND "email" = ${email})::int AS pair_failures,
        COALESCE((SELECT EXTRACT(EPOCH FROM (now() - MAX("created_at"))) * 1000
                  FROM recent WHERE "client" = ${clientKey} AND "email" = ${email}), 0)::float8 AS pair_wait_ms,
        (SELECT COUNT(*) FROM recent WHERE "email" = ${email})::int AS account_failures`;
    if (counts.client_failures >= CLIENT_MAX_FAILURES) {
      return { refused: true, retryAfterSeconds: WINDOW_MINUTES * 60 };
    }
    // pair_wait_ms is the time since this client's last failure on the address.
    const delayMs = pairDelaySeconds(counts.pair_failures) * 1000;
    if (delayMs > counts.pair_wait_ms) {
      return { refused: true, retryAfterSeconds: Math.ceil((delayMs - counts.pair_wait_ms) / 1000) };
    }
    const [attempt] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO "sign_in_attempt_failure" ("email", "client") VALUES (${email}, ${clientKey}) RETURNING "id"`;
    const user = await tx.operatorUser.findUnique({
      where: { email },
      select: { id: true, operatorId: true, email: true, passwordHash: true },
    });
    return { refused: false, attemptId: attempt.id, accountFailures: counts.account_failures, user };
  });
  if (gate.refused) return { ok: false, reason: "RateLimited", retryAfterSeconds: gate.retryAfterSeconds };

  const pause = accountPauseMs(gate.accountFailures);
  if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  let valid: boolean;
  try {
    // An unknown address costs the same scrypt work as a known one, so timing does not tell them
    // apart. (The dummy hash is made once, at the first unknown address: not on a known user's way.)
    const stored = gate.user?.passwordHash ?? (await unknownUserHash());
    valid = await verifyPassword(password, stored);
  } catch (error) {
    if (!(error instanceof PasswordWorkBusy)) throw error;
    // Not a guess that was checked: it does not count.
    await db.$executeRaw`DELETE FROM "sign_in_attempt_failure" WHERE "id" = ${gate.attemptId}`;
    return { ok: false, reason: "RateLimited", retryAfterSeconds: 1 };
  }
  if (!gate.user || !valid) {
    // Rows older than a day are of no use to any limit; each failure sweeps a few.
    await db.$executeRaw`
      DELETE FROM "sign_in_attempt_failure" WHERE "id" IN (
        SELECT "id" FROM "sign_in_attempt_failure" WHERE "created_at" < now() - interval '1 day' LIMIT 100)`;
    return { ok: false, reason: "CredentialsSignin" };
  }
  await db.$executeRaw`
    DELETE FROM "sign_in_attempt_failure" WHERE "email" = ${email} AND "client" = ${clientKey}`;
  return {
    ok: true,
    user: {
      id: gate.user.id,
      operatorId: gate.user.operatorId,
      email: gate.user.email,
      passwordStamp: passwordStamp(gate.user.passwordHash),
    },
  };
}
