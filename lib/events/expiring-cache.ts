// A read cache in this process's memory whose entries are dropped by the domain events' signals:
// the changes of this process at commit, those of the other instances and of the command line
// through LISTEN/NOTIFY. While this process cannot listen, it is bypassed, and when listening
// (re)starts (a reset) everything kept before is dropped: no change can be missed. A value read
// while a change that concerns it arrived is answered but not kept.
//
// Storage, recency, sizes and ages are lru-cache's; what is ours is the link to the events:
// groups (e.g. memorial ids) that a signal drops at once, and versions that keep a read which
// raced a change from being stored.

import { type EventSignal, onEventSignals } from "@memorial/lib/events/events";
import { ensureListening, isListening } from "@memorial/lib/events/listener";
import { LRUCache } from "lru-cache";

export interface ExpiringCacheOptions {
  /** The signals that drop every entry (a reset always does). */
  dropsAll(signal: EventSignal): boolean;
  /** The groups (e.g. memorial ids) whose entries a signal drops. */
  groupsOf(signal: EventSignal): number[];
  /** A safety net for changes that no signal announces: no entry is kept longer. */
  maxAgeMs: number;
  maxEntries: number;
  /** When an entry must go whatever happens (a time-bound rule of what it shows). */
  expiresAt?(value: unknown): number;
  /** The memory an entry takes, and the most the cache holds (least recently used go first). */
  sizeOf?(value: unknown): number;
  maxBytes?: number;
}

/**
 * The group of an entry: known before its load (a memorial id), null for none, or read from the
 * loaded value (an API key's id, known once the key is looked up).
 */
type Group<T> = number | null | ((value: T) => number);

export interface ExpiringCache {
  /** The value of `key` (in `group`, when a signal may drop it by group): kept, or loaded. */
  get<T>(key: string, group: Group<T>, load: () => Promise<T | null>): Promise<T | null>;
}

const MAX_GENERATIONS = 100_000;

interface Entry {
  value: unknown;
  group: number | null;
}

interface Store {
  entries: LRUCache<string, Entry>;
  byGroup: Map<number, Set<string>>;
  generations: Map<number, number>;
  /** Group drops so far: guards a read whose group is known only once loaded. */
  drops: number;
  epoch: number;
}

function newStore(options: ExpiringCacheOptions): Store {
  const byGroup = new Map<number, Set<string>>();
  const entries = new LRUCache<string, Entry>({
    max: options.maxEntries,
    ttl: options.maxAgeMs,
    ...(options.maxBytes
      ? {
          maxSize: options.maxBytes,
          // One entry never takes most of the cache.
          maxEntrySize: Math.floor(options.maxBytes / 4),
          sizeCalculation: (entry: Entry) => Math.max(1, options.sizeOf?.(entry.value) ?? 1),
        }
      : {}),
    // However an entry leaves (dropped, evicted, expired, replaced), its group forgets it.
    dispose: (entry, key) => {
      if (entry.group === null) return;
      const keys = byGroup.get(entry.group);
      keys?.delete(key);
      if (keys?.size === 0) byGroup.delete(entry.group);
    },
  });
  return { entries, byGroup, generations: new Map(), drops: 0, epoch: 0 };
}

export function expiringCache(options: ExpiringCacheOptions): ExpiringCache {
  const store = newStore(options);
  onEventSignals((signals) => {
    for (const signal of signals) {
      if (signal.type === "reset" || options.dropsAll(signal)) {
        store.entries.clear();
        store.generations.clear();
        store.epoch++;
        continue;
      }
      for (const group of options.groupsOf(signal)) {
        for (const key of [...(store.byGroup.get(group) ?? [])]) store.entries.delete(key);
        store.generations.set(group, (store.generations.get(group) ?? 0) + 1);
        store.drops++;
      }
      // The counters only guard reads in progress: past a bound they start again, and a new
      // epoch keeps any read begun before from being kept.
      if (store.generations.size > MAX_GENERATIONS) {
        store.generations.clear();
        store.epoch++;
      }
    }
  });

  const version = (group: number | null | "any") =>
    `${store.epoch}.${group === null ? 0 : group === "any" ? `*${store.drops}` : (store.generations.get(group) ?? 0)}`;

  /** A kept value, while this process listens (else nothing can be trusted kept). */
  const kept = (key: string) => (isListening() ? store.entries.get(key) : undefined);

  const loadAndKeep = async <T>(key: string, groupOf: Group<T>, load: () => Promise<T | null>) => {
    await ensureListening();
    if (!isListening()) return load();
    const hit = store.entries.get(key);
    if (hit) return hit.value as T;
    const known = typeof groupOf === "function" ? "any" : groupOf;
    const before = version(known);
    const value = await load();
    if (value === null || version(known) !== before) return value;
    const group = typeof groupOf === "function" ? groupOf(value) : groupOf;
    const ttl = Math.min(
      options.maxAgeMs,
      (options.expiresAt?.(value) ?? Number.POSITIVE_INFINITY) - Date.now(),
    );
    if (ttl <= 0) return value;
    store.entries.set(key, { value, group }, { ttl: Math.ceil(ttl) });
    if (group !== null && store.entries.has(key)) {
      const keys = store.byGroup.get(group) ?? new Set<string>();
      keys.add(key);
      store.byGroup.set(group, keys);
    }
    return value;
  };

  return {
    // A hit is answered without an async function of its own: the reads kept here are asked on
    // every request of the API, and each await costs it a promise.
    get<T>(key: string, groupOf: Group<T>, load: () => Promise<T | null>): Promise<T | null> {
      const hit = kept(key);
      return hit ? Promise.resolve(hit.value as T) : loadAndKeep(key, groupOf, load);
    },
  };
}
