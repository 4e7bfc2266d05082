// The rules of a tree's life, without the database: each transition allowed or refused by state,
// each date bound, the site's radius, the replacement's window.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkRule,
  deathRule,
  distanceKm,
  inGroundRule,
  isDay,
  isRefusal,
  nextStatus,
  pointOf,
  replacementDue,
  SITE_RADIUS_KM,
  TREE_STATUSES,
  type TreeFacts,
  type TreeStatus,
} from "./transitions";

const site = { latitude: 50.5, longitude: 4.5 };
const tree = (extra: Partial<TreeFacts> = {}): TreeFacts => ({
  status: "ordered",
  orderedAt: new Date("2026-03-10T22:30:00Z"),
  inGroundOn: null,
  lastCheckedOn: null,
  site,
  ...extra,
});
const TODAY = "2026-11-25";
const inGround = (extra: Partial<TreeFacts> = {}) =>
  tree({ status: "in_ground", inGroundOn: "2026-04-01", ...extra });

describe("the transition table", () => {
  it("leads each state to the next one and refuses every other step", () => {
    const table: Record<TreeStatus, [TreeStatus | null, TreeStatus | null, TreeStatus | null]> = {
      ordered: ["in_ground", null, null],
      in_ground: [null, "monitored", "dead"],
      monitored: [null, "monitored", "dead"],
      dead: [null, null, null],
      replaced: [null, null, null],
    };
    for (const status of TREE_STATUSES) {
      expect([
        nextStatus(status, "in_ground"),
        nextStatus(status, "check"),
        nextStatus(status, "death"),
      ]).toEqual(table[status]);
    }
  });

  it("names why a step is refused: already in the ground, not in the ground, already dead", () => {
    expect(inGroundRule(1, inGround(), { on: "2026-05-01" }, TODAY)).toMatchObject({
      problem: { field: "tree.status", reason: "already-in-ground" },
    });
    expect(checkRule(1, tree(), { on: "2026-05-01", health: "alive" }, TODAY)).toMatchObject({
      problem: { field: "tree.status", reason: "not-in-ground" },
    });
    expect(deathRule(1, tree(), { on: "2026-05-01", reason: "fire" }, TODAY)).toMatchObject({
      problem: { field: "tree.status", reason: "not-in-ground" },
    });
    for (const status of ["dead", "replaced"] as const) {
      const dead = inGround({ status });
      expect(checkRule(7, dead, { on: "2026-05-01", health: "alive" }, TODAY)).toMatchObject({
        problem: { field: "tree.status", reason: "already-dead" },
        message: "tree 7 is already dead",
      });
      expect(deathRule(7, dead, { on: "2026-05-01", reason: "fire" }, TODAY)?.problem.reason).toBe(
        "already-dead",
      );
      expect(isRefusal(inGroundRule(7, dead, { on: "2026-05-01" }, TODAY))).toBe(true);
    }
  });
});

describe("putting a tree in the ground", () => {
  it("accepts the order's UTC day through today, and no day outside", () => {
    // Ordered 2026-03-10 at 22:30 UTC: the order's day is the 10th.
    expect(inGroundRule(1, tree(), { on: "2026-03-10" }, TODAY)).toEqual({ point: site });
    expect(inGroundRule(1, tree(), { on: TODAY }, TODAY)).toEqual({ point: site });
    expect(inGroundRule(1, tree(), { on: "2026-03-09" }, TODAY)).toMatchObject({
      problem: { field: "tree.date", reason: "before-order" },
    });
    expect(inGroundRule(1, tree(), { on: "2026-11-26" }, TODAY)).toMatchObject({
      problem: { field: "tree.date", reason: "in-future" },
    });
    expect(inGroundRule(1, tree(), { on: "2026-02-30" }, TODAY)).toMatchObject({
      problem: { field: "tree.date", reason: "invalid-date" },
    });
  });

  it("keeps a point within the site's radius and refuses one outside, or half a point", () => {
    const near = { latitude: 50.52, longitude: 4.51 };
    expect(inGroundRule(1, tree(), { on: "2026-04-01", ...near }, TODAY)).toEqual({ point: near });
    expect(
      inGroundRule(1, tree(), { on: "2026-04-01", latitude: 50.6, longitude: 4.5 }, TODAY),
    ).toMatchObject({
      problem: { field: "tree.point", reason: "outside-site" },
    });
    expect(inGroundRule(1, tree(), { on: "2026-04-01", latitude: 50.5 }, TODAY)).toMatchObject({
      problem: { field: "tree.point", reason: "invalid-point" },
    });
    expect(inGroundRule(1, tree(), { on: "2026-04-01", plantedBy: "x".repeat(201) }, TODAY)).toMatchObject({
      problem: { field: "tree.plantedBy", reason: "too-long" },
    });
  });

  it("accepts exactly the points within SITE_RADIUS_KM (any site, any point)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.double({ min: -0.1, max: 0.1, noNaN: true }),
        fc.double({ min: -0.1, max: 0.1, noNaN: true }),
        (lat, lng, dLat, dLng) => {
          const here = { latitude: lat, longitude: lng };
          const result = pointOf(here, { latitude: lat + dLat, longitude: lng + dLng });
          if (isRefusal(result)) {
            expect(result.problem.reason).toBe("outside-site");
            return;
          }
          expect(distanceKm(here, result.point)).toBeLessThanOrEqual(SITE_RADIUS_KM);
        },
      ),
    );
  });
});

describe("checks and deaths", () => {
  it("refuse a date before the day in the ground, before the last check, or after today", () => {
    const checked = inGround({ status: "monitored", lastCheckedOn: "2026-06-01" });
    expect(checkRule(1, inGround(), { on: "2026-03-31", health: "alive" }, TODAY)?.problem.reason).toBe(
      "before-in-ground",
    );
    expect(checkRule(1, checked, { on: "2026-05-31", health: "sick" }, TODAY)?.problem.reason).toBe(
      "before-last-check",
    );
    expect(checkRule(1, checked, { on: "2026-06-01", health: "sick" }, TODAY)).toBeNull();
    expect(deathRule(1, checked, { on: "2026-05-31", reason: "drought" }, TODAY)?.problem.reason).toBe(
      "before-last-check",
    );
    expect(deathRule(1, checked, { on: "2026-11-26", reason: "drought" }, TODAY)?.problem.reason).toBe(
      "in-future",
    );
    expect(deathRule(1, checked, { on: TODAY, reason: "drought" }, TODAY)).toBeNull();
  });

  it("refuse an unknown health (a dead tree is a death), height or reason, and a long note", () => {
    const t = inGround();
    expect(checkRule(1, t, { on: "2026-05-01", health: "dead" }, TODAY)?.problem).toEqual({
      field: "tree.health",
      reason: "dead-is-a-death",
    });
    expect(checkRule(1, t, { on: "2026-05-01", health: "fine" }, TODAY)?.problem.field).toBe("tree.health");
    for (const heightCm of [0, 10_001, 1.5]) {
      expect(checkRule(1, t, { on: "2026-05-01", health: "alive", heightCm }, TODAY)?.problem).toEqual({
        field: "tree.heightCm",
        reason: "out-of-range",
      });
    }
    expect(checkRule(1, t, { on: "2026-05-01", health: "alive", heightCm: 10_000 }, TODAY)).toBeNull();
    expect(deathRule(1, t, { on: "2026-05-01", reason: "lightning" }, TODAY)?.problem.field).toBe(
      "tree.reason",
    );
    expect(
      deathRule(1, t, { on: "2026-05-01", reason: "other", note: "n".repeat(1001) }, TODAY)?.problem,
    ).toEqual({
      field: "tree.note",
      reason: "too-long",
    });
  });

  it("accept any day from the later of the day in the ground and the last check through today", () => {
    const day = fc.integer({ min: 0, max: 600 }).map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000));
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    fc.assert(
      fc.property(day, day, day, day, (a, b, c, d) => {
        const [inGroundOn, lastCheckedOn, on, today] = [a, b, c, d].map(iso);
        const facts = inGround({ status: "monitored", inGroundOn, lastCheckedOn });
        const refusal = checkRule(1, facts, { on, health: "alive" }, today);
        const allowed = on >= inGroundOn && on >= lastCheckedOn && on <= today;
        expect(refusal === null).toBe(allowed);
        expect(deathRule(1, facts, { on, reason: "fire" }, today) === null).toBe(allowed);
      }),
    );
  });
});

describe("the replacement's window", () => {
  it("replaces a tree dead up to REPLACEMENT_YEARS after its day in the ground, that day included", () => {
    expect(replacementDue("2026-04-01", "2029-04-01", 3)).toBe(true);
    expect(replacementDue("2026-04-01", "2029-04-02", 3)).toBe(false);
    expect(replacementDue("2028-02-29", "2031-02-28", 3)).toBe(true);
    expect(replacementDue("2028-02-29", "2031-03-01", 3)).toBe(false);
    expect(replacementDue("2026-04-01", "2026-04-01", 0)).toBe(true);
    expect(replacementDue("2026-04-01", "2026-04-02", 0)).toBe(false);
  });

  it("knows a calendar day", () => {
    expect(isDay("2028-02-29")).toBe(true);
    expect(isDay("2027-02-29")).toBe(false);
    expect(isDay("2027-2-1")).toBe(false);
  });
});
