// API keys authenticated from a small in-process cache: a key seen once is not looked up again for
// a while. A revocation drops the revoked key from the cache of every process at once: the
// key.revoked event is heard at commit by the process that revoked it and through LISTEN/NOTIFY by
// all the others; a lost connection (reset) empties it; while this process cannot listen, the cache
// is bypassed (a revoked key is never served from it).
import { onEventSignals } from "@/lib/events/events";
import { ensureListening, isListening } from "@/lib/events/listener";
import { processSingleton } from "@/lib/singleton";
import { authenticateKey, type Caller, hashKey, recordKeyUse } from "./keys";

// A safety net only: entries are expired by events, not by age.
const MAX_AGE_MS = 5 * 60_000;
// A key served from the cache still has its last use recorded (keys.ts writes it at most once a
// minute); this process asks at most this often per key, so that a hit costs no statement.
const TOUCH_INTERVAL_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface KeyCache {
  entries: Map<string, { caller: Caller; expires: number; touchedAt: number }>;
  epoch: number;
  subscribed: boolean;
}

const cache = processSingleton<KeyCache>("keyCache", () => ({
  entries: new Map(),
  epoch: 0,
  subscribed: false,
}));

function subscribe() {
  if (cache.subscribed) return;
  cache.subscribed = true;
  onEventSignals((signals) => {
    const revoked = signals.filter((s) => s.type === "key.revoked" || s.type === "reset");
    if (revoked.length === 0) return;
    cache.epoch++;
    if (revoked.some((s) => s.keyId === undefined)) {
      cache.entries.clear();
      return;
    }
    const keyIds = new Set(revoked.map((s) => s.keyId));
    for (const [hash, entry] of cache.entries) {
      if (keyIds.has(entry.caller.keyId)) cache.entries.delete(hash);
    }
  });
}

/** The operator behind a key, or null when the key is unknown or revoked. */
export async function authenticate(key: string): Promise<Caller | null> {
  if (!key || key.length > 200) return null;
  subscribe();
  await ensureListening();
  if (!isListening()) return authenticateKey(key);
  const hash = hashKey(key);
  const hit = cache.entries.get(hash);
  if (hit && hit.expires > Date.now()) {
    if (Date.now() - hit.touchedAt >= TOUCH_INTERVAL_MS) {
      hit.touchedAt = Date.now();
      recordKeyUse(hit.caller.keyId);
    }
    return hit.caller;
  }
  const epoch = cache.epoch;
  const caller = await authenticateKey(key);
  // Unknown keys are not kept (a key created a moment later must work); a revocation that arrived
  // while reading makes what was read stale.
  if (caller && epoch === cache.epoch) {
    if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
    cache.entries.set(hash, { caller, expires: Date.now() + MAX_AGE_MS, touchedAt: Date.now() });
  }
  return caller;
}
