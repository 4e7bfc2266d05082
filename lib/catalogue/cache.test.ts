// The catalogue's cache (GET /v1/Especes) follows the stock: a replacement takes stock (the
// replacement guarantee, lib/plantings/replace-tree.ts), so tree.replaced drops it as tree.planted does.

import { publishLocal } from "@memorial/lib/events/events";
import { stopListening } from "@memorial/lib/events/listener";
import { afterAll, describe, expect, it } from "vitest";
import { cachedCatalogue } from "./cache";

// Runs against the test database (the cache is bypassed while this process cannot LISTEN).
afterAll(() => stopListening());

describe("the catalogue's cache", () => {
  it("is dropped by a planting and by a replacement, and kept by a tree's other life events", async () => {
    let loads = 0;
    const read = () => cachedCatalogue("cache-test", async () => ++loads);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    for (const type of ["tree.in_ground", "tree.checked", "tree.died"] as const) {
      publishLocal([{ type, operatorId: 1, memorialIds: [1] }]);
      expect(await read()).toBe(1);
    }
    publishLocal([{ type: "tree.replaced", operatorId: 1, memorialIds: [1] }]);
    expect(await read()).toBe(2);
    publishLocal([{ type: "tree.planted", operatorId: 1, memorialIds: [1] }]);
    expect(await read()).toBe(3);
  });
});
