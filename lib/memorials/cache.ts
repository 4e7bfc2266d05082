// The cache of public memorial data, in this process's memory. It consumes the domain events'
// signals: a tree planted, a confirmation, a person modified... drop the memorials concerned at
// once, whether the change was made by this process (at commit) or by another instance or the
// command line (through LISTEN/NOTIFY). While this process cannot listen, the cache is bypassed,
// and when listening (re)starts everything cached before is dropped: no change can be missed.
import { onEventSignals } from "@/lib/events/events";
import { ensureListening, isListening } from "@/lib/events/listener";
import { processSingleton } from "@/lib/singleton";

// A safety net only: entries are expired by events, not by age.
const MAX_AGE_MS = 10 * 60_000;
const MAX_ENTRIES = 5_000;

interface Store {
  entries: Map<number, { value: unknown; expires: number }>;
  /** Bumped for a memorial by each of its changes, and for all by a reset. */
  generations: Map<number, number>;
  epoch: number;
  subscribed: boolean;
}

const store = processSingleton<Store>("publicMemorialCache", () => ({
  entries: new Map(),
  generations: new Map(),
  epoch: 0,
  subscribed: false,
}));

function subscribe() {
  if (store.subscribed) return;
  store.subscribed = true;
  onEventSignals((signals) => {
    for (const signal of signals) {
      if (signal.type === "reset") {
        store.entries.clear();
        store.generations.clear();
        store.epoch++;
        continue;
      }
      for (const id of signal.memorialIds) {
        store.entries.delete(id);
        store.generations.set(id, (store.generations.get(id) ?? 0) + 1);
      }
    }
  });
}

/** The public data of memorial `id`: from the cache, or loaded (and kept unless null). */
export async function cachedMemorial<T>(id: number, load: () => Promise<T | null>): Promise<T | null> {
  subscribe();
  await ensureListening();
  if (!isListening()) return load();
  const hit = store.entries.get(id);
  if (hit && hit.expires > Date.now()) {
    // Most recently used last: the oldest entries go first when the cache is full.
    store.entries.delete(id);
    store.entries.set(id, hit);
    return hit.value as T;
  }
  const epoch = store.epoch;
  const generation = store.generations.get(id) ?? 0;
  const value = await load();
  // A change that arrived while loading makes what was read stale: it is not kept.
  if (value !== null && epoch === store.epoch && generation === (store.generations.get(id) ?? 0)) {
    store.entries.set(id, { value, expires: Date.now() + MAX_AGE_MS });
    if (store.entries.size > MAX_ENTRIES) {
      const oldest = store.entries.keys().next().value;
      if (oldest !== undefined) store.entries.delete(oldest);
    }
  }
  return value;
}
