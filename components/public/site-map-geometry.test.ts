import { describe, expect, it } from "vitest";
import { byPlace, spreadApart } from "./site-map-geometry";

const frame = { width: 400, height: 400 };

describe("the map's markers", () => {
  it("keep sites apart by at least a marker, moving neighbours only", () => {
    const placed = spreadApart(
      [
        [100, 100],
        [103, 101],
        [100, 100],
        [300, 300],
      ],
      24,
      frame,
    );
    for (let i = 0; i < 3; i++) {
      for (let j = i + 1; j < 3; j++) {
        const [a, b] = [placed[i] as number[], placed[j] as number[]];
        expect(Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!)).toBeGreaterThanOrEqual(23.9);
      }
    }
    expect(placed[3]).toEqual([300, 300]);
    // Near where they were, inside the frame.
    for (const [x, y] of placed.slice(0, 3)) expect(Math.hypot(x - 100, y - 100)).toBeLessThan(30);
  });

  it("group the trees drawn at one place", () => {
    const groups = byPlace(
      [
        { id: 1, x: 10, y: 10 },
        { id: 2, x: 10.2, y: 9.9 },
        { id: 3, x: 40, y: 10 },
      ],
      (t) => [t.x, t.y],
    );
    expect(groups.map((g) => g.map((t) => t.id))).toEqual([[1, 2], [3]]);
  });
});
