// The cache of what an operator may have planted now (GET /v1/Especes), in this process's memory
// (lib/events/expiring-cache.ts). The stock moves with every planting, so any tree planted, on
// any instance, drops it all, and so does a change of the catalogue (species, sites, stock added,
// an operator's rules: signalCatalogueChanged).
import { expiringCache } from "@memorial/lib/events/expiring-cache";

const cache = expiringCache({
  // A replacement takes stock too (lib/plantings/replace-tree.ts).
  dropsAll: (signal) =>
    signal.type === "tree.planted" || signal.type === "tree.replaced" || signal.type === "catalogue.changed",
  groupsOf: () => [],
  // A safety net for changes made behind the service's back (SQL by hand).
  maxAgeMs: 60_000,
  maxEntries: 2_000,
});

/** A read of the catalogue, from the cache or loaded. */
export function cachedCatalogue<T>(key: string, load: () => Promise<T>): Promise<T> {
  return cache.get(key, null, load) as Promise<T>;
}
