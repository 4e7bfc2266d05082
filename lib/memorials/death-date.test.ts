import { describe, expect, it } from "vitest";
import { checkDeathDate, deathDateLimit } from "./death-date";

describe("the date of death", () => {
  it("takes today wherever today has begun, and refuses the day after", () => {
    // 23:30 UTC on 1 December: already 2 December in Brussels (and in Kiribati since 10:00 UTC).
    const now = new Date("2026-12-01T23:30:00Z");
    expect(deathDateLimit(now).toISOString()).toBe("2026-12-03T00:00:00.000Z");
    expect(() => checkDeathDate(new Date("2026-12-02T00:00:00Z"), "deathDate", now)).not.toThrow();
    expect(() => checkDeathDate(new Date("2026-12-02T23:59:59Z"), "deathDate", now)).not.toThrow();
    expect(() => checkDeathDate(new Date("2026-12-03T00:00:00Z"), "deathDate", now)).toThrow(
      "the date of death 2026-12-03 is in the future",
    );
    expect(() => checkDeathDate(new Date("2099-01-01T00:00:00Z"), "deathDate", now)).toThrow(/in the future/);
  });

  it("before 10:00 UTC, no zone has reached tomorrow yet", () => {
    const now = new Date("2026-12-01T09:00:00Z");
    expect(deathDateLimit(now).toISOString()).toBe("2026-12-02T00:00:00.000Z");
    expect(() => checkDeathDate(new Date("2026-12-01T12:00:00Z"), "deathDate", now)).not.toThrow();
    expect(() => checkDeathDate(new Date("2026-12-02T00:00:00Z"), "deathDate", now)).toThrow(/in the future/);
  });
});
