import { afterAll, describe, expect, it } from "vitest";
import { type EventSignal, publishLocal } from "./events";
import { expiringCache } from "./expiring-cache";
import { stopListening } from "./listener";

// Runs against the test database (the cache is bypassed while this process cannot LISTEN).
afterAll(() => stopListening());

const signal = (type: EventSignal["type"], memorialIds: number[] = []): EventSignal => ({
  type,
  operatorId: 1,
  memorialIds,
});

function newCache(extra: Partial<Parameters<typeof expiringCache>[0]> = {}) {
  return expiringCache({
    dropsAll: (s) => s.type === "catalogue.changed",
    groupsOf: (s) => s.memorialIds,
    maxAgeMs: 60_000,
    maxEntries: 100,
    ...extra,
  });
}

function counter() {
  let loads = 0;
  return {
    load: (value: string) => async () => {
      loads++;
      return value;
    },
    get loads() {
      return loads;
    },
  };
}

describe("expiringCache", () => {
  it("keeps a value until a signal of its group or a signal that drops all", async () => {
    const cache = newCache();
    const c = counter();
    expect(await cache.get("a", 1, c.load("A"))).toBe("A");
    expect(await cache.get("a", 1, c.load("A2"))).toBe("A");
    expect(await cache.get("b", 2, c.load("B"))).toBe("B");
    expect(c.loads).toBe(2);

    publishLocal([signal("tree.planted", [1])]);
    expect(await cache.get("a", 1, c.load("A3"))).toBe("A3");
    expect(await cache.get("b", 2, c.load("B2"))).toBe("B");

    publishLocal([signal("catalogue.changed")]);
    expect(await cache.get("b", 2, c.load("B3"))).toBe("B3");
    expect(await cache.get("a", 1, c.load("A4"))).toBe("A4");
  });

  it("answers but does not keep a value read while a change of its group arrived", async () => {
    const cache = newCache();
    const raced = await cache.get("a", 7, async () => {
      publishLocal([signal("tree.planted", [7])]);
      return "stale";
    });
    expect(raced).toBe("stale");
    expect(await cache.get("a", 7, async () => "fresh")).toBe("fresh");
    expect(await cache.get("a", 7, async () => "later")).toBe("fresh");
  });

  it("keeps no null, and nothing past the instant a value says it expires", async () => {
    const cache = newCache({
      expiresAt: (value) => (value === "past" ? Date.now() - 1 : Number.POSITIVE_INFINITY),
    });
    expect(await cache.get("n", null, async () => null)).toBeNull();
    expect(await cache.get("n", null, async () => "now")).toBe("now");
    expect(await cache.get("p", null, async () => "past")).toBe("past");
    expect(await cache.get("p", null, async () => "again")).toBe("again");
  });

  it("drops the least recently used entries beyond its byte budget, and never keeps a quarter of it in one", async () => {
    const cache = newCache({ sizeOf: (value) => String(value).length, maxBytes: 40 });
    await cache.get("big", null, async () => "x".repeat(11));
    expect(await cache.get("big", null, async () => "reloaded")).toBe("reloaded");

    for (const key of ["k1", "k2", "k3", "k4"])
      await cache.get(key, 3, async () => `${key}-${"y".repeat(7)}`);
    await cache.get("k1", 3, async () => "not loaded"); // k1 is now the most recently used
    await cache.get("k5", 3, async () => `k5-${"y".repeat(7)}`);
    expect(await cache.get("k1", 3, async () => "k1 reloaded")).toBe(`k1-${"y".repeat(7)}`);
    expect(await cache.get("k2", 3, async () => "k2 reloaded")).toBe("k2 reloaded");
    // A group's signal still finds what is left of the group after evictions.
    publishLocal([signal("tree.planted", [3])]);
    expect(await cache.get("k5", 3, async () => "k5 reloaded")).toBe("k5 reloaded");
  });

  it("files a value under the group read from it, and keeps none loaded while any group was dropped", async () => {
    const cache = newCache();
    const key = { id: 41, name: "key" };
    expect(
      await cache.get(
        "k",
        (v: typeof key) => v.id,
        async () => key,
      ),
    ).toBe(key);
    publishLocal([signal("tree.planted", [40])]);
    expect(
      await cache.get(
        "k",
        (v: typeof key) => v.id,
        async () => ({ id: 41, name: "reloaded" }),
      ),
    ).toBe(key);
    publishLocal([signal("tree.planted", [41])]);
    const raced = await cache.get(
      "k",
      (v: typeof key) => v.id,
      async () => {
        publishLocal([signal("tree.planted", [99])]);
        return { id: 41, name: "raced" };
      },
    );
    expect(raced?.name).toBe("raced");
    expect(
      (
        await cache.get(
          "k",
          (v: typeof key) => v.id,
          async () => ({ id: 41, name: "fresh" }),
        )
      )?.name,
    ).toBe("fresh");
  });
});
