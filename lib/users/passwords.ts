// Passwords hashed with scrypt, a memory-hard function built into Node (N=2^15, r=8, p=1: 32 MiB).
// crypto.scrypt runs on libuv's thread pool, off the event loop; at most PASSWORD_WORKERS hashes
// run at once (each takes 32 MiB and a core for ~100 ms) and at most PASSWORD_QUEUE wait, so a
// burst of sign-ins can neither exhaust memory nor starve the other work of the thread pool
// (file and DNS calls share it). Callers hold no database connection while they wait.

import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { promisify } from "node:util";
import { settings } from "@memorial/lib/settings";

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
/** The cost of the hashes this process makes (verifyPassword reads each hash's own). */
let cost = PARAMS.N;
/** Hashes at once: below libuv's 4 threads, so that one is always left for other work. */
export const PASSWORD_WORKERS = Math.max(1, Math.min(3, availableParallelism()));
const PASSWORD_QUEUE = 64;

/** Thrown when PASSWORD_QUEUE hashes are already waiting: the caller answers "try later". */
export class PasswordWorkBusy extends Error {
  constructor() {
    super("too many password checks at once");
  }
}

let running = 0;
let highWater = 0;
const waiting: (() => void)[] = [];

/** The most hashes that ran at once since the process started (for tests and diagnostics). */
export function passwordWorkHighWater(): number {
  return highWater;
}

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PASSWORD_WORKERS) {
    if (waiting.length >= PASSWORD_QUEUE) throw new PasswordWorkBusy();
    // The slot of a finishing hash is handed over as is (`running` unchanged), so none slips in.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  highWater = Math.max(highWater, running);
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * Lowers the cost of the hashes this process makes from now on, for the tests' fixtures: they make
 * hundreds of users whose passwords protect nothing, and each hash costs a core 0.14 s, again at
 * each sign-in. Every hash names its cost and verifyPassword reads it back, so the service checks
 * these as it checks any other. Refused in production mode (lib/settings.ts).
 */
export function lowerHashCostForTests(N: number): void {
  if (settings().production) throw new Error("the cost of password hashes is lowered only in tests");
  cost = N;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = { ...PARAMS, N: cost };
  const hash = await bounded(() => scrypt(password, salt, 32, params));
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt") return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await bounded(() =>
    scrypt(password, Buffer.from(salt, "base64"), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: PARAMS.maxmem,
    }),
  );
  return timingSafeEqual(actual, expected);
}
