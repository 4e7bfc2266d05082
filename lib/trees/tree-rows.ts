// What the use cases of lib/trees read of the trees they change (internal): the tree with its
// planting site, in the caller's scope (another operator's tree, or one of the other environment,
// is simply not found), optionally locked for the rest of the transaction.
import type { EventOfKind } from "@memorial/lib/changes/kinds";
import type { Change, ChangeRecorder } from "@memorial/lib/changes/record";
import { Prisma, type Tx } from "@memorial/lib/db/client";
import { invalid, notFound } from "@memorial/lib/errors";
import type { EventPayloads } from "@memorial/lib/events/payloads";
import { ownTreesOfSql } from "@memorial/lib/memorials/policy";
import { type OperatorScope, ownerOf, type Scope } from "@memorial/lib/scope";
import { isRefusal, type Refusal, type TreeFacts, type TreeStatus, utcDay } from "./transitions";
import { inTransaction, type Within } from "./within";

export interface TreeRow extends TreeFacts {
  id: number;
  memorialId: number;
  operatorId: number;
  isTest: boolean;
  plantationId: number;
  speciesId: number;
}

interface Raw {
  id: number;
  status: TreeStatus;
  planted_at: Date;
  in_ground_on: string | null;
  last_checked_on: string | null;
  memorial_id: number;
  operator_id: number;
  is_test: boolean;
  plantation_id: number;
  species_id: number;
  site_latitude: number;
  site_longitude: number;
}

/** The operator scope that may change trees (an API key, a dashboard user, the command line). */
export function changerOf(scope: Scope): OperatorScope {
  const owner = ownerOf(scope);
  if (!owner) throw notFound("tree not found", { field: "tree.id", reason: "not-found" });
  return owner;
}

/** The trees `ids` of the scope's operator and environment, in id order; any missing → 404. */
export async function treesOf(
  tx: Tx,
  scope: OperatorScope,
  ids: number[],
  options: { lock: boolean },
): Promise<TreeRow[]> {
  const rows = await tx.$queryRaw<Raw[]>`
    SELECT t."id", t."status"::text AS "status", t."planted_at",
           to_char(t."in_ground_on", 'YYYY-MM-DD') AS "in_ground_on",
           to_char(t."last_checked_on", 'YYYY-MM-DD') AS "last_checked_on",
           t."memorial_id", t."operator_id", t."is_test", t."plantation_id", t."species_id",
           p."latitude"::float8 AS "site_latitude", p."longitude"::float8 AS "site_longitude"
    FROM "tree" t JOIN "plantation" p ON p."id" = t."plantation_id"
    WHERE t."id" = ANY(${ids}::int[]) AND ${ownTreesOfSql(scope)}
    ORDER BY t."id"
    ${options.lock ? Prisma.sql`FOR UPDATE OF t` : Prisma.empty}`;
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) {
    throw notFound(`tree ${missing} not found`, { field: "tree.id", reason: "not-found" });
  }
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    orderedAt: r.planted_at,
    inGroundOn: r.in_ground_on,
    lastCheckedOn: r.last_checked_on,
    site: { latitude: r.site_latitude, longitude: r.site_longitude },
    memorialId: r.memorial_id,
    operatorId: r.operator_id,
    isTest: r.is_test,
    plantationId: r.plantation_id,
    speciesId: r.species_id,
  }));
}

/** Today's UTC day: a step's date may not be after it. */
const today = () => utcDay(new Date());

/** Throws a rule's refusal as the domain's INVALID_INPUT error. */
export function orRefuse<T>(result: T | Refusal): T {
  if (isRefusal(result)) throw invalid(result.message, result.problem);
  return result;
}

/** Who recorded a step, as kept in tree_history. */
function recorder(recordedBy: string): string {
  const text = recordedBy.trim();
  if (!text)
    throw invalid("who records the step is required", { field: "tree.recordedBy", reason: "required" });
  return text.slice(0, 200);
}

/** A photo's key as lib/photos makes them. */
function photoKeyOf(photoKey: string | undefined | null): string | null {
  if (photoKey === undefined || photoKey === null) return null;
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/.test(photoKey)) {
    throw invalid("the photo's key is not one of a stored photo", {
      field: "tree.photo",
      reason: "invalid-photo",
    });
  }
  return photoKey;
}

/** What a step of trees' life works with: its transaction, the trees read, who records, today. */
export interface TreeStep extends Within {
  trees: TreeRow[];
  recordedBy: string;
  photoKey: string | null;
  day: string;
}

/**
 * A step of trees' life (in the ground, a check, a death): the scope's operator, at least one
 * tree, the photo's key and who records checked before anything is read; then, in the caller's
 * transaction or its own, the trees read (locked when `lock`) and `work` done with them.
 */
export function treeStep<T>(
  scope: Scope,
  input: { treeIds: number[]; recordedBy: string; photoKey?: string | null },
  options: { lock: boolean; within?: Within },
  work: (step: TreeStep) => Promise<T>,
): Promise<T> {
  const owner = changerOf(scope);
  const treeIds = [...new Set(input.treeIds)];
  if (treeIds.length === 0) throw invalid("name at least one tree", { field: "tree.id", reason: "required" });
  const photoKey = photoKeyOf(input.photoKey);
  const recordedBy = recorder(input.recordedBy);
  const day = today();
  return inTransaction(options.within, async (tx, changes) => {
    const trees = await treesOf(tx, owner, treeIds, { lock: options.lock });
    return work({ tx, changes, trees, recordedBy, photoKey, day });
  });
}

/**
 * Records a tree's step, its audit row (the tree's fields before and after) and its domain event:
 * the tree, its memorial, the day, and the rest of the event's payload.
 */
export function recordTreeChange<K extends "tree.in_ground" | "tree.checked" | "tree.death_declared">(
  changes: ChangeRecorder,
  kind: K,
  tree: TreeRow,
  on: string,
  payload: Omit<EventPayloads[EventOfKind<K>], "treeId" | "memorialId" | "on">,
  audit: { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  const change = {
    kind,
    target: { type: "tree", id: tree.id },
    operatorId: tree.operatorId,
    memorialId: tree.memorialId,
    ...audit,
    event: { isTest: tree.isTest, payload: { treeId: tree.id, memorialId: tree.memorialId, on, ...payload } },
  };
  // The payload is the step and the rest of the kind's payload, as the parameters say.
  return changes.record(change as unknown as Change);
}
