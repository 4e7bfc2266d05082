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
