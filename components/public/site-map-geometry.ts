// Projection of planting sites onto the drawn outline of Western Europe: an equirectangular
// projection corrected for the map's middle latitude, which keeps shapes recognisable at this
// scale and needs no map library.
import { type Ring, WESTERN_EUROPE, WESTERN_EUROPE_BOUNDS } from "./europe-outline";

const PX_PER_DEGREE = 20;
const MARGIN_DEGREES = 1.5;

export interface MapFrame {
  width: number;
  height: number;
  project(longitude: number, latitude: number): [number, number];
}

/** The frame that shows Western Europe and every given site, even one lying outside it. */
export function mapFrame(points: { latitude: number; longitude: number }[]): MapFrame {
  let [west, south, east, north] = WESTERN_EUROPE_BOUNDS;
  for (const p of points) {
    west = Math.min(west, p.longitude - MARGIN_DEGREES);
    east = Math.max(east, p.longitude + MARGIN_DEGREES);
    south = Math.max(-89, Math.min(south, p.latitude - MARGIN_DEGREES));
    north = Math.min(89, Math.max(north, p.latitude + MARGIN_DEGREES));
  }
  const scaleX = Math.cos((((south + north) / 2) * Math.PI) / 180) * PX_PER_DEGREE;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    width: round((east - west) * scaleX),
    height: round((north - south) * PX_PER_DEGREE),
    project: (longitude, latitude) => [
      round((longitude - west) * scaleX),
      round((north - latitude) * PX_PER_DEGREE),
    ],
  };
}

/** The SVG path of the coast outline in a frame. */
export function outlinePath(frame: MapFrame, rings: Ring[] = WESTERN_EUROPE): string {
  return rings
    .map((ring) => `M${ring.map(([lng, lat]) => frame.project(lng, lat).join(" ")).join("L")}Z`)
    .join("");
}

/** The most markers spreadApart sets apart. */
const SPREAD_MAX = 60;

/**
 * Marker positions at least `gap` apart, each as near its own point as that allows: neighbouring
 * sites (a few km apart, less than a marker at this scale) are pushed apart symmetrically, a few
 * steps at a time, and kept inside the frame. Points already apart do not move.
 */
export function spreadApart(
  points: [number, number][],
  gap: number,
  frame: { width: number; height: number },
): [number, number][] {
  // Past SPREAD_MAX markers the map is a cloud whatever is done (its legend lists every site), and
  // the pairs to compare grow as the square: they are drawn where they are.
  if (points.length > SPREAD_MAX) return points;
  const placed = points.map(([x, y]) => [x, y] as [number, number]);
  for (let step = 0; step < 60; step++) {
    let moved = false;
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const a = placed[i] as [number, number];
        const b = placed[j] as [number, number];
        let dx = b[0] - a[0];
        let dy = b[1] - a[1];
        let distance = Math.hypot(dx, dy);
        if (distance >= gap - 0.01) continue;
        if (distance < 0.01) {
          // The same point: apart along a direction of their own, the same on every render.
          const angle = (j * 2.399) % (2 * Math.PI);
          [dx, dy, distance] = [Math.cos(angle), Math.sin(angle), 1];
        }
        const push = (gap - distance) / 2 / distance;
        a[0] -= dx * push;
        a[1] -= dy * push;
        b[0] += dx * push;
        b[1] += dy * push;
        moved = true;
      }
    }
    for (const p of placed) {
      p[0] = Math.min(frame.width - gap / 2, Math.max(gap / 2, p[0]));
      p[1] = Math.min(frame.height - gap / 2, Math.max(gap / 2, p[1]));
    }
    if (!moved) break;
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  return placed.map(([x, y]) => [round(x), round(y)]);
}

/** Items grouped by the point they are drawn at (rounded to `precision` units), in first-seen order. */
export function byPlace<T>(items: T[], point: (item: T) => readonly [number, number], precision = 1): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const [x, y] = point(item);
    const key = `${Math.round(x / precision)},${Math.round(y / precision)}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}
