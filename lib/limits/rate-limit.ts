// The one rate limiter of the service: sign-in, password reset, the guestbook,
// reminder subscriptions and the API count their hits here, in one table (rate_limit) by one
// function. A limit names a bucket (what is counted: "sign-in-client", "api-key" ...) and a
// subject (whose hits: a client address, an e-mail address, an id; stored as its SHA-256, never in
// clear). Windows are fixed: the first hit opens one of `windowSeconds`, and a subject has at most
// `max` hits in it; a limit may also ask for a growing gap between hits (backoff).
//
// Why not rate-limiter-flexible's PostgreSQL store: it needs a second pg pool beside Prisma's, it
// counts refused hits, and it cannot take several limits at once nor take part in the caller's
// transaction. Here a hit is one INSERT ... ON CONFLICT DO UPDATE ... WHERE ... RETURNING per
// limit, which PostgreSQL makes atomic (the row is locked, the condition read under the lock), so a
// limit is exact under any number of simultaneous requests and instances; several limits are
// taken together in the caller's transaction (or one of their own) under a savepoint, so a hit
// refused by one of them counts in none, and a use case that then fails rolls its hits back.
import { createHash } from "node:crypto";
import { db, type Tx, transaction } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";

export interface Limit {
  /** What is counted; a name of at most 40 characters, one per limit of the service. */
  bucket: string;
  /** Whose hits: a client address, a normalised e-mail address, an id. */
  subject: string | number;
  /** Hits allowed in a window; null counts without refusing (a figure another rule reads). */
  max: number | null;
  windowSeconds: number;
  /**
   * After `free` hits in the window, a hit must come at least 2^(hits - free) seconds after the
   * last one (at most `maxSeconds`); earlier hits are refused.
   */
  backoff?: { free: number; maxSeconds: number };
}

export interface LimitCount {
  bucket: string;
  /** Hits in the window, this one included. */
  hits: number;
  max: number | null;
  /** Seconds until the window ends. */
  resetSeconds: number;
}

export type LimitOutcome =
  | { allowed: true; counts: LimitCount[] }
  | {
      allowed: false;
      /** The limit that refused. */
      bucket: string;
      retryAfterSeconds: number;
      /** That limit's figures, the refused hit not counted. */
      count: LimitCount;
    };

/** A use case refused by a limit: 429 with Retry-After at every edge. */
export class RateLimitedError extends DomainError {
  constructor(
    readonly bucket: string,
    readonly retryAfterSeconds: number,
    message = `too many requests; retry in ${retryAfterSeconds} s`,
  ) {
    super("RATE_LIMITED", message);
  }
}

/**
 * The address as the limits count it: lower-cased, without the +tag of its local part
 * (x+1@example.org and x+2@example.org are one mailbox).
 */
export function countedAddress(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf("+");
  return `${plus > 0 ? local.slice(0, plus) : local}${address.slice(at)}`;
}

export function subjectDigest(subject: string | number): string {
  return createHash("sha256").update(String(subject)).digest("hex");
}

type Row = { hits: number; reset_seconds: number; inserted: boolean };

function check(limit: Limit): void {
  if (!/^[a-z0-9-]{1,40}$/.test(limit.bucket)) throw new TypeError(`bad bucket name ${limit.bucket}`);
  if (limit.max !== null && !(Number.isInteger(limit.max) && limit.max >= 1))
    throw new TypeError(`${limit.bucket}: max must be a whole number from 1`);
  if (!(Number.isInteger(limit.windowSeconds) && limit.windowSeconds >= 1))
    throw new TypeError(`${limit.bucket}: windowSeconds must be a whole number from 1`);
}

/** One limit's hit: counted, or refused (no row returned) leaving the count as it was. */
async function hitOne(client: Tx | typeof db, limit: Limit): Promise<Row | null> {
  const subject = subjectDigest(limit.subject);
  const free = limit.backoff?.free ?? null;
  const maxDelay = limit.backoff?.maxSeconds ?? null;
  // An ended window starts again at this hit. In a running one, the hit is counted only while the
  // count is under max and the backoff's gap has passed; otherwise the row is left as it was
  // (though locked until the end of the transaction, so the next hit reads this decision).
  const [row] = await client.$queryRaw<Row[]>`
    INSERT INTO "rate_limit" AS r ("bucket", "subject", "hits", "reset_at", "last_hit_at")
    VALUES (${limit.bucket}, ${subject}, 1, now() + make_interval(secs => ${limit.windowSeconds}), now())
    ON CONFLICT ("bucket", "subject") DO UPDATE SET
      "hits" = CASE WHEN r."reset_at" <= now() THEN 1 ELSE r."hits" + 1 END,
      "reset_at" = CASE WHEN r."reset_at" <= now() THEN EXCLUDED."reset_at" ELSE r."reset_at" END,
      "last_hit_at" = now()
    WHERE r."reset_at" <= now() OR (
      (${limit.max}::int IS NULL OR r."hits" < ${limit.max}::int)
      AND (${free}::int IS NULL OR r."hits" < ${free}::int
           OR r."last_hit_at" + make_interval(secs => LEAST(power(2, r."hits" - ${free}::int), ${maxDelay}::int)) <= now()))
    RETURNING "hits", (xmax = 0) AS "inserted",
      -- (reset_at is kept to the millisecond: never say more than the window.)
      LEAST(ceil(EXTRACT(EPOCH FROM "reset_at" - now())), ${limit.windowSeconds})::int AS "reset_seconds"`;
  return row ?? null;
}

/** Why a limit refused: the figures of its row and the seconds until a hit would be counted. */
async function refusal(
  client: Tx | typeof db,
  limit: Limit,
): Promise<Extract<LimitOutcome, { allowed: false }>> {
  const [row] = await client.$queryRaw<{ hits: number; reset_seconds: number; gap_seconds: number }[]>`
    SELECT "hits", ceil(EXTRACT(EPOCH FROM "reset_at" - now()))::int AS "reset_seconds",
      ceil(EXTRACT(EPOCH FROM "last_hit_at" - now()))::int AS "gap_seconds"
    FROM "rate_limit" WHERE "bucket" = ${limit.bucket} AND "subject" = ${subjectDigest(limit.subject)}`;
  const hits = row?.hits ?? 0;
  const resetSeconds = Math.min(Math.max(1, row?.reset_seconds ?? 1), limit.windowSeconds);
  let retryAfterSeconds = resetSeconds;
  if (limit.backoff && hits >= limit.backoff.free && (limit.max === null || hits < limit.max)) {
    // gap_seconds is minus the seconds since the last hit.
    const delay = Math.min(2 ** (hits - limit.backoff.free), limit.backoff.maxSeconds);
    retryAfterSeconds = Math.max(1, delay + (row?.gap_seconds ?? 0));
  }
  return {
    allowed: false,
    bucket: limit.bucket,
    retryAfterSeconds,
    count: { bucket: limit.bucket, hits, max: limit.max, resetSeconds },
  };
}

/** Each new row sweeps a few whose window has ended: the table holds live counts only. */
async function sweep(client: Tx | typeof db): Promise<void> {
  await client.$executeRaw`
    DELETE FROM "rate_limit" WHERE ("bucket", "subject") IN (
      SELECT "bucket", "subject" FROM "rate_limit" WHERE "reset_at" < now()
      LIMIT 10 FOR UPDATE SKIP LOCKED)`;
}

/**
 * Counts one hit on every limit, or on none when one of them refuses. Given `tx`, the hits belong
 * to that transaction (a use case that fails after them leaves no hit behind); the limits' rows
 * stay locked until it ends, so simultaneous hits of one subject are taken in turn.
 */
export async function hit(limits: Limit[], tx?: Tx): Promise<LimitOutcome> {
  limits.forEach(check);
  // Always the same order of rows, whoever asks: no two transactions wait for each other in a cycle.
  const sorted = [...limits].sort((a, b) =>
    a.bucket === b.bucket
      ? subjectDigest(a.subject).localeCompare(subjectDigest(b.subject))
      : a.bucket.localeCompare(b.bucket),
  );
  if (sorted.length === 1 && !tx) return hitAlone(sorted[0] as Limit);
  const run = async (client: Tx): Promise<LimitOutcome> => {
    await client.$executeRawUnsafe("SAVEPOINT rate_limit_hit");
    const counts: LimitCount[] = [];
    let inserted = false;
    for (const limit of sorted) {
      const row = await hitOne(client, limit);
      if (!row) {
        await client.$executeRawUnsafe("ROLLBACK TO SAVEPOINT rate_limit_hit");
        return refusal(client, limit);
      }
      inserted ||= row.inserted;
      counts.push({ bucket: limit.bucket, hits: row.hits, max: limit.max, resetSeconds: row.reset_seconds });
    }
    await client.$executeRawUnsafe("RELEASE SAVEPOINT rate_limit_hit");
    if (inserted) await sweep(client);
    return { allowed: true, counts: limits.map((l) => counts[sorted.indexOf(l)] as LimitCount) };
  };
  return tx ? run(tx) : transaction(run);
}

/** One limit outside a transaction: its one statement is atomic by itself. */
async function hitAlone(limit: Limit): Promise<LimitOutcome> {
  const row = await hitOne(db, limit);
  if (!row) return refusal(db, limit);
  if (row.inserted) await sweep(db);
  return {
    allowed: true,
    counts: [{ bucket: limit.bucket, hits: row.hits, max: limit.max, resetSeconds: row.reset_seconds }],
  };
}

/** Takes `hits` back from a limit's current window (a hit that turned out not to count). */
export async function giveBack(
  limit: Pick<Limit, "bucket" | "subject">,
  hits: number,
  client: Tx | typeof db = db,
): Promise<void> {
  await client.$executeRaw`
    UPDATE "rate_limit" SET "hits" = GREATEST("hits" - ${hits}::int, 0)
    WHERE "bucket" = ${limit.bucket} AND "subject" = ${subjectDigest(limit.subject)} AND "reset_at" > now()`;
}

/** Forgets a limit's count: its next hit opens a new window. */
export async function forget(
  limit: Pick<Limit, "bucket" | "subject">,
  client: Tx | typeof db = db,
): Promise<void> {
  await client.$executeRaw`
    DELETE FROM "rate_limit" WHERE "bucket" = ${limit.bucket} AND "subject" = ${subjectDigest(limit.subject)}`;
}

/**
 * Takes up to `wanted` hits of a limit at once, as many as its window has left (a lease, for a
 * counter kept in memory between takes: the API's limit per key, lib/v1/rate-limit.ts). The row is
 * locked while it is read and written, so the hits granted to every process never pass `max`.
 */
export async function take(
  limit: Omit<Limit, "max" | "backoff"> & { max: number },
  wanted: number,
): Promise<{ granted: number; hits: number; resetSeconds: number }> {
  check(limit);
  const subject = subjectDigest(limit.subject);
  return transaction(async (tx) => {
    // The row exists before it is locked (a window that ended is opened again below).
    await tx.$executeRaw`
      INSERT INTO "rate_limit" ("bucket", "subject", "hits", "reset_at", "last_hit_at")
      VALUES (${limit.bucket}, ${subject}, 0, now() + make_interval(secs => ${limit.windowSeconds}), now())
      ON CONFLICT ("bucket", "subject") DO NOTHING`;
    const [old] = await tx.$queryRaw<{ hits: number; ended: boolean }[]>`
      SELECT "hits", "reset_at" <= now() AS "ended" FROM "rate_limit"
      WHERE "bucket" = ${limit.bucket} AND "subject" = ${subject} FOR UPDATE`;
    const before = !old || old.ended ? 0 : old.hits;
    const granted = Math.max(0, Math.min(wanted, limit.max - before));
    const [row] = await tx.$queryRaw<{ hits: number; reset_seconds: number }[]>`
      INSERT INTO "rate_limit" AS r ("bucket", "subject", "hits", "reset_at", "last_hit_at")
      VALUES (${limit.bucket}, ${subject}, ${granted}, now() + make_interval(secs => ${limit.windowSeconds}), now())
      ON CONFLICT ("bucket", "subject") DO UPDATE SET
        "hits" = ${before + granted}::int,
        "reset_at" = CASE WHEN r."reset_at" <= now() THEN EXCLUDED."reset_at" ELSE r."reset_at" END,
        "last_hit_at" = now()
      RETURNING "hits", LEAST(ceil(EXTRACT(EPOCH FROM "reset_at" - now())), ${limit.windowSeconds})::int AS "reset_seconds"`;
    return {
      granted,
      hits: row?.hits ?? before + granted,
      resetSeconds: Math.max(1, row?.reset_seconds ?? 1),
    };
  });
}
