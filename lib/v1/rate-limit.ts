// The API's limit per key: at most API_RATE_LIMIT requests a minute per key (0: no
// limit), counted by the one rate limiter (lib/limits/rate-limit.ts) in its table, so that every
// instance counts against the same window. Every answer to an authenticated request says where the
// key stands, in the headers partners' clients read (RateLimit-Limit, RateLimit-Remaining,
// RateLimit-Reset: seconds until the window ends); past the limit the answer is 429 with
// Retry-After and the Error object (Code RATE_LIMITED), nothing done.
//
// A write per request would cost every API call a round trip and a commit on one hot row per key
// (the reads answer from memory: Especes, Infos). So an instance takes the key's hits from the
// table in leases (`take`: a fiftieth of the limit at once, at most 100, one lease at a time per
// key) and counts them off in memory. The table never grants more than the limit in a window,
// whatever the number of instances; an instance may refuse while another still holds hits it has
// not used (at most a lease each), and those return with the next window.
import { take } from "@memorial/lib/limits/rate-limit";
import type { Caller } from "@memorial/lib/operators/keys";
import { settings } from "@memorial/lib/settings";

const API_RATE_WINDOW_SECONDS = 60;

export type ApiRateLimit =
  | { allowed: true; headers: Record<string, string> }
  | { allowed: false; headers: Record<string, string>; retryAfterSeconds: number; max: number };

interface Lease {
  /** When the window of the table's row ends (ms since the epoch). */
  windowEnd: number;
  /** Hits of the lease not used yet. */
  left: number;
  /** The window's hits in the table when the lease was taken (every instance's, this lease's included). */
  hitsAtTake: number;
  max: number;
}

// One lease per key and process, even when Next.js bundles this module twice.
const leases = {
  byKey: new Map<number, Lease>(),
  taking: new Map<number, Promise<Lease>>(),
};

/** The size of a lease: small limits exactly, large ones in a few writes a window. */
const leaseSize = (max: number) => Math.max(1, Math.min(100, Math.floor(max / 50)));

async function newLease(keyId: number, max: number): Promise<Lease> {
  const { granted, hits, resetSeconds } = await take(
    { bucket: "api-key", subject: keyId, max, windowSeconds: API_RATE_WINDOW_SECONDS },
    leaseSize(max),
  );
  return { windowEnd: Date.now() + resetSeconds * 1000, left: granted, hitsAtTake: hits, max };
}

/** The lease this process holds for the key, while it has a hit left in its window. */
function heldLease(keyId: number, max: number): Lease | undefined {
  const current = leases.byKey.get(keyId);
  return current && current.max === max && current.left > 0 && current.windowEnd > Date.now()
    ? current
    : undefined;
}

/** A lease with a hit left for the key, or one that says the window is used up. */
async function leaseFor(keyId: number, max: number): Promise<Lease> {
  const current = heldLease(keyId, max);
  if (current) return current;
  let taking = leases.taking.get(keyId);
  if (!taking) {
    taking = newLease(keyId, max).finally(() => leases.taking.delete(keyId));
    leases.taking.set(keyId, taking);
  }
  const lease = await taking;
  leases.byKey.set(keyId, lease);
  // Requests that waited for the same lease share its hits; one that finds none asks again.
  return lease;
}

/**
 * Counts the request of `caller`'s key; null when the limit is off (or the caller is no key). A hit
 * of the lease this process holds is counted at once, without a promise: only a request that needs
 * a new lease waits, for the table.
 */
export function apiRateLimit(caller: Caller): ApiRateLimit | null | Promise<ApiRateLimit> {
  const max = settings().API_RATE_LIMIT;
  if (max === 0 || caller.actor.kind !== "key") return null;
  const held = heldLease(caller.actor.id, max);
  return held ? countHit(held, max) : limitFromTable(caller.actor.id, max);
}

async function limitFromTable(keyId: number, max: number): Promise<ApiRateLimit> {
  let lease = await leaseFor(keyId, max);
  // Hits of a lease are taken by the requests that waited for it; the ones that find it spent ask
  // for another while the window has room.
  while (lease.left === 0 && lease.hitsAtTake < max && lease.windowEnd > Date.now()) {
    lease = await leaseFor(keyId, max);
  }
  return countHit(lease, max);
}

function countHit(lease: Lease, max: number): ApiRateLimit {
  const resetSeconds = Math.max(1, Math.ceil((lease.windowEnd - Date.now()) / 1000));
  if (lease.left === 0) {
    return {
      allowed: false,
      headers: rateLimitHeaders(max, 0, resetSeconds),
      retryAfterSeconds: resetSeconds,
      max,
    };
  }
  lease.left -= 1;
  // What the key has left: the table's room, and this instance's unused hits.
  const remaining = Math.max(0, max - lease.hitsAtTake + lease.left);
  return { allowed: true, headers: rateLimitHeaders(max, remaining, resetSeconds) };
}

function rateLimitHeaders(max: number, remaining: number, resetSeconds: number): Record<string, string> {
  return {
    "ratelimit-limit": String(max),
    "ratelimit-remaining": String(remaining),
    "ratelimit-reset": String(Math.min(API_RATE_WINDOW_SECONDS, resetSeconds)),
  };
}

/** The answer with the limit's headers added (a Response's own headers may be immutable). */
export function withRateLimitHeaders(response: Response, headers: Record<string, string> | null): Response {
  if (!headers) return response;
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}
