import { describe, expect, it } from "vitest";
import { anniversaryIn, datesComingBackOn } from "./anniversaries";

describe("anniversaries", () => {
  it("come back on the same UTC day, the 29th of February on the 28th in other years", () => {
    expect(anniversaryIn(new Date("2020-02-29T00:00:00Z"), 2025)).toBe("2025-02-28");
    expect(anniversaryIn(new Date("2020-02-29T00:00:00Z"), 2028)).toBe("2028-02-29");
    expect(anniversaryIn(new Date("1950-07-04T00:00:00Z"), 2026)).toBe("2026-07-04");
    expect(datesComingBackOn(new Date("2027-02-28T07:00:00Z"))).toEqual([
      { month: 2, day: 28 },
      { month: 2, day: 29 },
    ]);
    expect(datesComingBackOn(new Date("2028-02-28T07:00:00Z"))).toEqual([{ month: 2, day: 28 }]);
    expect(datesComingBackOn(new Date("2028-02-29T23:59:00Z"))).toEqual([{ month: 2, day: 29 }]);
  });
});
