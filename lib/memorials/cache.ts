// The cache of memorial reads (the public page's data, Infos for each kind of viewer), in this
// process's memory (lib/events/expiring-cache.ts). The domain events drop the memorials they
// concern at once (a tree planted, a confirmation, a person modified, a family's change), on every
// instance. The catalogue's changes (new species, sites, stock) change no memorial already read:
// species and sites are never renamed by the service.
import { expiringCache } from "@memorial/lib/events/expiring-cache";

const cache = expiringCache({
  dropsAll: () => false,
  groupsOf: (signal) => signal.memorialIds,
  // A safety net only: entries are expired by events, not by age.
  maxAgeMs: 10 * 60_000,
  maxEntries: 5_000,
});

/** What `view` reads of memorial `id`: from the cache, or loaded (and kept unless null). */
export function cachedMemorial<T>(
  id: number,
  view: string,
  load: () => Promise<T | null>,
): Promise<T | null> {
  return cache.get(`${id}:${view}`, id, load);
}
