// A read cache in this process's memory whose entries are dropped by the domain events' signals:
// the changes of this process at commit, those of the other instances and of the command line
// through LISTEN/NOTIFY. While this process cannot listen, it is bypassed, and when listening
// (re)starts (a reset) everything kept before is dropped: no change can be missed. A value read
// while a change that concerns it arrived is answered but not kept.
import { type EventSignal, onEventSignals } from "@/lib/events/events";
import { ensureListening, isListening } from "@/lib/events/listener";
import { processSingleton } from "@/lib/singleton";

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

export interface ExpiringCache {
  /** The value of `key` (in `group`, when a signal may drop it by group): kept, or loaded. */
  get<T>(key: string, group: number | null, load: () => Promise<T | null>): Promise<T | null>;
}

const MAX_GENERATIONS = 100_000;

interface Store {
  entries: Map<string, { value: unknown; expires: number; group: number | null; bytes: number }>;
  byGroup: Map<number, Set<string>>;
  generations: Map<number, number>;
  epoch: number;
  bytes: number;
}

export function expiringCache(name: string, options: ExpiringCacheOptions): ExpiringCache {
  const { store } = processSingleton(`expiringCache:${name}`, () => {
    const store: Store = {
      entries: new Map(),
      byGroup: new Map(),
      generations: new Map(),
      epoch: 0,
      bytes: 0,
    };
    onEventSignals((signals) => {
      for (const signal of signals) {
        if (signal.type === "reset" || options.dropsAll(signal)) {
          store.entries.clear();
          store.byGroup.clear();
          store.generations.clear();
          store.bytes = 0;
          store.epoch++;
          continue;
        }
        for (const group of options.groupsOf(signal)) {
          for (const key of store.byGroup.get(group) ?? []) {
            store.bytes -= store.entries.get(key)?.bytes ?? 0;
            store.entries.delete(key);
          }
          store.byGroup.delete(group);
          store.generations.set(group, (store.generations.get(group) ?? 0) + 1);
        }
        // The counters only guard reads in progress: past a bound they start again, and a new
        // epoch keeps any read begun before from being kept.
        if (store.generations.size > MAX_GENERATIONS) {
          store.generations.clear();
          store.epoch++;
        }
      }
    });
    return { store };
  });

  const version = (group: number | null) =>
    `${store.epoch}.${group === null ? 0 : (store.generations.get(group) ?? 0)}`;

  function remove(key: string) {
    const entry = store.entries.get(key);
    if (!entry) return;
    store.entries.delete(key);
    store.bytes -= entry.bytes;
    if (entry.group !== null) store.byGroup.get(entry.group)?.delete(key);
  }

  return {
    async get<T>(key: string, group: number | null, load: () => Promise<T | null>): Promise<T | null> {
      await ensureListening();
      if (!isListening()) return load();
      const hit = store.entries.get(key);
      if (hit && hit.expires > Date.now()) {
        // Most recently used last: the oldest entries go first when the cache is full.
        store.entries.delete(key);
        store.entries.set(key, hit);
        return hit.value as T;
      }
      remove(key);
      const before = version(group);
      const value = await load();
      if (value === null || version(group) !== before) return value;
      const bytes = options.sizeOf?.(value) ?? 0;
      const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
      if (bytes > maxBytes / 4) return value; // one entry never takes most of the cache
      const expires = Math.min(
        Date.now() + options.maxAgeMs,
        options.expiresAt?.(value) ?? Number.POSITIVE_INFINITY,
      );
      store.entries.set(key, { value, expires, group, bytes });
      store.bytes += bytes;
      if (group !== null) {
        const keys = store.byGroup.get(group) ?? new Set<string>();
        keys.add(key);
        store.byGroup.set(group, keys);
      }
      while (store.entries.size > options.maxEntries || store.bytes > maxBytes) {
        remove(store.entries.keys().next().value as string);
      }
      return value;
    },
  };
}
