// API keys authenticated from a small in-process cache: a key seen once is not looked up again for
// a while. A revocation empties the cache of every process at once: the key.revoked event is heard
// at commit by the process that revoked it and through LISTEN/NOTIFY by all the others; while this
// process cannot listen, the cache is bypassed (a revoked key is never served from it).
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
    if (signals.some((s) => s.type === "key.revoked" || s.type === "reset")) {
      cache.entries.clear();
      cache.epoch++;
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
