// API keys authenticated from a small in-process cache (lib/events/expiring-cache.ts): a key seen
// once is not looked up again for a while. A revocation drops the revoked key from the cache of
// every process at once: the key.revoked event is heard at commit by the process that revoked it
// and through LISTEN/NOTIFY by all the others; a lost connection (reset) empties it; while this
// process cannot listen, the cache is bypassed (a revoked key is never served from it).
import { expiringCache } from "@memorial/lib/events/expiring-cache";
import { authenticateKey, type Caller, hashKey, recordKeyUse } from "./keys";

// A key served from the cache still has its last use recorded (keys.ts writes it at most once a
// minute); this process asks at most this often per key, so that a hit costs no statement.
const TOUCH_INTERVAL_MS = 10_000;

const cache = expiringCache({
  // A revocation drops its key (a revocation without a key id, every key).
  dropsAll: (signal) => signal.type === "key.revoked" && signal.keyId === undefined,
  groupsOf: (signal) => (signal.type === "key.revoked" && signal.keyId !== undefined ? [signal.keyId] : []),
  // A safety net only: entries are expired by events, not by age.
  maxAgeMs: 5 * 60_000,
  maxEntries: 10_000,
});

/** The operator behind a key, or null when the key is unknown or revoked. */
export async function authenticate(key: string): Promise<Caller | null> {
  if (!key || key.length > 200) return null;
  const hash = hashKey(key);
  let loaded = false;
  // Unknown keys are not kept (a key created a moment later must work): the cache keeps no null.
  const entry = await cache.get(
    `key:${hash}`,
    // A key's entry is filed under its id (partnerKeyScope always names it).
    (value) => (value.caller.actor.kind === "key" ? value.caller.actor.id : 0),
    async () => {
      loaded = true;
      const caller = await authenticateKey(key);
      return caller && { caller, touchedAt: Date.now() };
    },
  );
  if (!entry) return null;
  if (!loaded && Date.now() - entry.touchedAt >= TOUCH_INTERVAL_MS) {
    entry.touchedAt = Date.now();
    const { actor } = entry.caller;
    if (actor.kind === "key") recordKeyUse(actor.id);
  }
  return entry.caller;
}
