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
// The three are limits of the one rate limiter (lib/limits/rate-limit.ts), hit together before the
// password is checked (and given back when it was right), so simultaneous guesses count each other.
// scrypt runs after that, with no database connection held, and with bounded concurrency
// (lib/users/passwords.ts).
import { createHash } from "node:crypto";
import { db } from "@memorial/lib/db/client";
import { forget, giveBack, hit, type Limit, type LimitCount } from "@memorial/lib/limits/rate-limit";
import { hashPassword, PasswordWorkBusy, verifyPassword } from "@memorial/lib/users/passwords";
import { UNKNOWN_CLIENT } from "./client-address";

const WINDOW_MINUTES = 15;
export const CLIENT_MAX_FAILURES = 20;
export const PAIR_FREE_FAILURES = 3;
const PAIR_MAX_DELAY_SECONDS = 300;
export const ACCOUNT_PAUSE_FROM = 10;
const ACCOUNT_MAX_PAUSE_MS = 5_000;

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

function normaliseEmail(email: string): string {
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

/** The three limits of a sign-in attempt (WINDOW_MINUTES windows). */
export function signInLimits(email: string, client: string): { client: Limit; pair: Limit; account: Limit } {
  const windowSeconds = WINDOW_MINUTES * 60;
  return {
    client: { bucket: "sign-in-client", subject: client, max: CLIENT_MAX_FAILURES, windowSeconds },
    pair: {
      bucket: "sign-in-pair",
      subject: `${email} ${client}`,
      max: null,
      windowSeconds,
      backoff: { free: PAIR_FREE_FAILURES, maxSeconds: PAIR_MAX_DELAY_SECONDS },
    },
    account: { bucket: "sign-in-account", subject: email, max: null, windowSeconds },
  };
}

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
  const limits = signInLimits(email, clientKey);
  // The attempt counts as a failure from now on: a simultaneous guess sees it.
  const gate = await hit([limits.client, limits.pair, limits.account]);
  if (!gate.allowed) return { ok: false, reason: "RateLimited", retryAfterSeconds: gate.retryAfterSeconds };
  const [, pair, account] = gate.counts as [LimitCount, LimitCount, LimitCount];
  const user = await db.operatorUser.findUnique({
    where: { email },
    select: { id: true, operatorId: true, email: true, passwordHash: true },
  });

  const pause = accountPauseMs(account.hits - 1);
  if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  let valid: boolean;
  try {
    // An unknown address costs the same scrypt work as a known one, so timing does not tell them
    // apart. (The dummy hash is made once, at the first unknown address: not on a known user's way.)
    const stored = user?.passwordHash ?? (await unknownUserHash());
    valid = await verifyPassword(password, stored);
  } catch (error) {
    if (!(error instanceof PasswordWorkBusy)) throw error;
    // Not a guess that was checked: it does not count.
    await Promise.all([limits.client, limits.pair, limits.account].map((limit) => giveBack(limit, 1)));
    return { ok: false, reason: "RateLimited", retryAfterSeconds: 1 };
  }
  if (!user || !valid) return { ok: false, reason: "CredentialsSignin" };
  // The right password clears this client's failures on the address, and they no longer count
  // for the client or the address either.
  await Promise.all([giveBack(limits.client, pair.hits), giveBack(limits.account, pair.hits)]);
  await forget(limits.pair);
  return {
    ok: true,
    user: {
      id: user.id,
      operatorId: user.operatorId,
      email: user.email,
      passwordStamp: passwordStamp(user.passwordHash),
    },
  };
}
