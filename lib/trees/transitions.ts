// The rules of a tree's life, in one place and without the database: which step may
// follow which state, and what a step's date, point and measures must be. Every edge (the
// dashboard, the CSV import, the command line) goes through the use cases of lib/trees, which ask
// these functions; the database's conditional updates and CHECKs keep the same rules under
// concurrency.
//
//   ordered --in_ground--> in_ground --check--> monitored --check--> monitored
//                          in_ground / monitored --death--> dead --(the replacement)--> replaced
//
// A refusal is a FieldProblem {field, reason} with an English sentence; the edges word it in their
// own language from {field, reason}. The refusals, by field:
//   tree.status   not-in-ground | already-in-ground | already-dead
//   tree.date     invalid-date | in-future | before-order | before-in-ground | before-last-check
//   tree.point    invalid-point | outside-site
//   tree.health   invalid-health | dead-is-a-death        tree.heightCm  out-of-range
//   tree.reason   invalid-reason                         tree.plantedBy, tree.note  too-long
// and, from the use cases: tree.id not-found (404) | required, tree.photo invalid-photo,
// tree.recordedBy required.
import type { TreeStatus as DatabaseTreeStatus } from "@memorial/lib/db/generated/enums";
import type { FieldProblem } from "@memorial/lib/errors";

export const TREE_STATUSES = ["ordered", "in_ground", "monitored", "dead", "replaced"] as const;
/** The one tree-status union of the code: the database enum's, checked below. */
export type TreeStatus = (typeof TREE_STATUSES)[number];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameAsDatabase: Same<TreeStatus, DatabaseTreeStatus> = true;
void sameAsDatabase;
export const TREE_HEALTHS = ["alive", "sick"] as const;
export type TreeHealth = (typeof TREE_HEALTHS)[number];
export const DEATH_REASONS = ["drought", "fire", "flood", "disease", "other"] as const;
export type DeathReason = (typeof DEATH_REASONS)[number];
/** The steps an operator records (the replacement is the service's, never recorded by hand). */
export type RecordedStep = "in_ground" | "check" | "death";

/** A tree's point must be within this distance of its planting site's own point. */
export const SITE_RADIUS_KM = 5;
export const PLANTED_BY_MAX = 200;
export const NOTE_MAX = 1000;
const HEIGHT_CM_MIN = 1;
const HEIGHT_CM_MAX = 10_000;

/** What the rules need to know of a tree. Dates are UTC days, "YYYY-MM-DD". */
export interface TreeFacts {
  status: TreeStatus;
  /** The order's instant (tree.planted_at). */
  orderedAt: Date;
  inGroundOn: string | null;
  lastCheckedOn: string | null;
  site: GeoPoint;
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface Refusal {
  problem: FieldProblem;
  message: string;
}

const refuse = (field: string, reason: string, message: string): Refusal => ({
  problem: { field, reason },
  message,
});

/** The state a step leads to from `status`, or null when the step may not follow it. */
export function nextStatus(status: TreeStatus, step: RecordedStep): TreeStatus | null {
  switch (step) {
    case "in_ground":
      return status === "ordered" ? "in_ground" : null;
    case "check":
      return status === "in_ground" || status === "monitored" ? "monitored" : null;
    case "death":
      return status === "in_ground" || status === "monitored" ? "dead" : null;
  }
}

/** The UTC day of an instant, "YYYY-MM-DD". */
export const utcDay = (instant: Date): string => instant.toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && utcDay(date) === value;
}

/** Great-circle distance in kilometres (haversine, mean Earth radius). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Why `status` does not allow `step`, or null when it does. */
function statusRefusal(treeId: number, status: TreeStatus, step: RecordedStep): Refusal | null {
  if (nextStatus(status, step) !== null) return null;
  if (status === "dead" || status === "replaced") {
    return refuse("tree.status", "already-dead", `tree ${treeId} is already dead`);
  }
  if (step === "in_ground") {
    return refuse("tree.status", "already-in-ground", `tree ${treeId} is already in the ground`);
  }
  return refuse(
    "tree.status",
    "not-in-ground",
    `tree ${treeId} is not in the ground yet: record its planting in the ground first`,
  );
}

/** The date of a step: a real day, not after today, not before `floors` (in order). */
function dateRefusal(
  on: string,
  today: string,
  floors: { day: string | null; reason: string; what: string }[],
): Refusal | null {
  if (!isDay(on))
    return refuse("tree.date", "invalid-date", `the date must be a day written YYYY-MM-DD, got "${on}"`);
  if (on > today)
    return refuse("tree.date", "in-future", `the date ${on} is in the future (today is ${today})`);
  for (const floor of floors) {
    if (floor.day !== null && on < floor.day) {
      return refuse("tree.date", floor.reason, `the date ${on} is before ${floor.what} (${floor.day})`);
    }
  }
  return null;
}

function textRefusal(field: string, value: string | undefined, max: number): Refusal | null {
  if (value === undefined) return null;
  if (value.length > max) return refuse(field, "too-long", `${field} is longer than ${max} characters`);
  return null;
}

/** The point of a tree put in the ground: given (both coordinates) within the site, or the site's. */
export function pointOf(
  site: GeoPoint,
  input: { latitude?: number | null; longitude?: number | null },
): { point: GeoPoint } | Refusal {
  const { latitude, longitude } = input;
  if ((latitude ?? null) === null && (longitude ?? null) === null) return { point: site };
  if (
    typeof latitude !== "number" ||
    typeof longitude !== "number" ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    return refuse(
      "tree.point",
      "invalid-point",
      "a point needs both a latitude (-90 to 90) and a longitude (-180 to 180)",
    );
  }
  // Stored with 6 decimals (about 0.1 m): the point kept is the point checked.
  const point = { latitude: round6(latitude), longitude: round6(longitude) };
  const km = distanceKm(site, point);
  if (km > SITE_RADIUS_KM) {
    return refuse(
      "tree.point",
      "outside-site",
      `the point is ${km.toFixed(1)} km from the planting site: it must be within ${SITE_RADIUS_KM} km`,
    );
  }
  return { point };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

export interface InGroundInput {
  on: string;
  latitude?: number | null;
  longitude?: number | null;
  plantedBy?: string;
}

/** Putting a tree in the ground: its point (given or the site's), or why not. */
export function inGroundRule(
  treeId: number,
  tree: TreeFacts,
  input: InGroundInput,
  today: string,
): { point: GeoPoint } | Refusal {
  const refusal =
    statusRefusal(treeId, tree.status, "in_ground") ??
    dateRefusal(input.on, today, [
      { day: utcDay(tree.orderedAt), reason: "before-order", what: "the order" },
    ]) ??
    textRefusal("tree.plantedBy", input.plantedBy, PLANTED_BY_MAX);
  if (refusal) return refusal;
  return pointOf(tree.site, input);
}

/** A check and a death come after the tree went in the ground and after its last check. */
const inGroundFloors = (tree: TreeFacts) => [
  { day: tree.inGroundOn, reason: "before-in-ground", what: "the day it was put in the ground" },
  { day: tree.lastCheckedOn, reason: "before-last-check", what: "its last check" },
];

export interface CheckInput {
  on: string;
  health: string;
  heightCm?: number | null;
  note?: string;
}

/** A check of a tree (alive or sick; a tree found dead is a death), or why not. */
export function checkRule(treeId: number, tree: TreeFacts, input: CheckInput, today: string): Refusal | null {
  return (
    statusRefusal(treeId, tree.status, "check") ??
    dateRefusal(input.on, today, inGroundFloors(tree)) ??
    healthRefusal(input.health) ??
    heightRefusal(input.heightCm) ??
    textRefusal("tree.note", input.note, NOTE_MAX)
  );
}

export interface DeathInput {
  on: string;
  reason: string;
  note?: string;
}

/** A tree's death, or why not. */
export function deathRule(treeId: number, tree: TreeFacts, input: DeathInput, today: string): Refusal | null {
  return (
    statusRefusal(treeId, tree.status, "death") ??
    dateRefusal(input.on, today, inGroundFloors(tree)) ??
    reasonRefusal(input.reason) ??
    textRefusal("tree.note", input.note, NOTE_MAX)
  );
}

function healthRefusal(health: string): Refusal | null {
  if ((TREE_HEALTHS as readonly string[]).includes(health)) return null;
  if (health === "dead") {
    return refuse(
      "tree.health",
      "dead-is-a-death",
      "a tree found dead is declared dead (with its reason), not checked",
    );
  }
  return refuse("tree.health", "invalid-health", `the health is alive or sick, got "${health}"`);
}

function heightRefusal(heightCm: number | null | undefined): Refusal | null {
  if (heightCm === undefined || heightCm === null) return null;
  if (Number.isInteger(heightCm) && heightCm >= HEIGHT_CM_MIN && heightCm <= HEIGHT_CM_MAX) return null;
  return refuse(
    "tree.heightCm",
    "out-of-range",
    `the height is a whole number of centimetres from ${HEIGHT_CM_MIN} to ${HEIGHT_CM_MAX}`,
  );
}

function reasonRefusal(reason: string): Refusal | null {
  if ((DEATH_REASONS as readonly string[]).includes(reason)) return null;
  return refuse(
    "tree.reason",
    "invalid-reason",
    `the reason is one of ${DEATH_REASONS.join(", ")}, got "${reason}"`,
  );
}

/** A refusal, or a value: tells them apart. */
export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && "problem" in value && "message" in value;

/**
 * Whether a tree dead on `diedOn` is replaced: within `years` years of its day in the ground
 * (that day `years` years later included; 29 February counts as 28 February in other years).
 */
export function replacementDue(inGroundOn: string, diedOn: string, years: number): boolean {
  const [y, m, d] = inGroundOn.split("-").map(Number);
  const last = new Date(Date.UTC(y + years, m - 1, d));
  // Date.UTC rolls 29 February over to 1 March in a common year: keep the last day of February.
  if (last.getUTCMonth() !== m - 1) last.setUTCDate(0);
  return diedOn <= utcDay(last);
}
