// The replacement guarantee, used by lib/trees and the planting queue: a tree dead within
// REPLACEMENT_YEARS of its day in the ground is replaced by the service, in the transaction of the
// death (declare-death.ts) or, when no stock is left anywhere, later by the planting queue
// (lib/plantings/planting-queue.ts) when stock returns.
//
// The replacement is a new tree row in the same memorial, for the same operator, context, funeral
// home and person, free (free=true, unit price 0, a Plantation transaction of amount 0 with one
// free tree: the operator's prepaid balance is not used), with replaces_tree_id = the dead tree
// (UNIQUE: one replacement whatever happens). Its stock is taken as a planting's (takeFromStock:
// a conditional decrement, never below zero): the same site and species; else the same site, another species (the closest
// CO2 per tree); else the same species at the nearest active site (haversine). The operator's
// rules (countries, highest price) do not apply: the guarantee is the service's. A test tree is
// replaced the same way without taking the real stock (as a test key's planting).
import type { ChangeRecorder } from "@memorial/lib/changes/record";
import { Prisma, type Tx } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";
import { isLanguage } from "@memorial/lib/i18n/languages";
import { t } from "@memorial/lib/i18n/translate";
import { takeFromStock } from "./take-from-stock";

interface DeadTree {
  id: number;
  memorial_id: number;
  operator_id: number;
  is_test: boolean;
  plantation_id: number;
  species_id: number;
  language: string;
}

interface Pick {
  plantation_id: number;
  species_id: number;
}

async function deadTree(tx: Tx, treeId: number): Promise<DeadTree> {
  const [tree] = await tx.$queryRaw<DeadTree[]>`
    SELECT t."id", t."memorial_id", t."operator_id", t."is_test", t."plantation_id", t."species_id",
           m."language"
    FROM "tree" t JOIN "memorial" m ON m."id" = t."memorial_id"
    WHERE t."id" = ${treeId}`;
  if (!tree) throw new DomainError("INTERNAL", `tree ${treeId} to replace does not exist`);
  return tree;
}

/** The best (site, species) with stock for a replacement of `dead`, in the order of preference. */
const CANDIDATE = (dead: DeadTree, skipLocked: boolean) => Prisma.sql`
  SELECT s."plantation_id", s."species_id"
  FROM "stock" s
  JOIN "plantation" p ON p."id" = s."plantation_id"
  JOIN "species" sp ON sp."id" = s."species_id"
  CROSS JOIN (
    SELECT dp."latitude"::float8 AS "lat", dp."longitude"::float8 AS "lng", dsp."co2_kg_per_tree" AS "co2"
    FROM "plantation" dp, "species" dsp
    WHERE dp."id" = ${dead.plantation_id} AND dsp."id" = ${dead.species_id}) d
  WHERE s."stock" > 0 AND p."active"
    AND (s."plantation_id" = ${dead.plantation_id} OR s."species_id" = ${dead.species_id})
  ORDER BY (s."plantation_id" = ${dead.plantation_id} AND s."species_id" = ${dead.species_id}) DESC,
    (s."plantation_id" = ${dead.plantation_id}) DESC,
    abs(sp."co2_kg_per_tree" - d."co2"),
    asin(sqrt(power(sin(radians(p."latitude"::float8 - d."lat") / 2), 2)
      + cos(radians(d."lat")) * cos(radians(p."latitude"::float8))
        * power(sin(radians(p."longitude"::float8 - d."lng") / 2), 2))),
    s."plantation_id", s."species_id"
  LIMIT 1 ${skipLocked ? Prisma.sql`FOR UPDATE OF s SKIP LOCKED` : Prisma.empty}`;

/** Takes one tree of stock for the replacement (never below zero), or null when none is left. */
async function takeStock(tx: Tx, dead: DeadTree): Promise<Pick | null> {
  if (dead.is_test) {
    const [pick] = await tx.$queryRaw<Pick[]>`${CANDIDATE(dead, false)}`;
    return pick ?? null;
  }
  return takeFromStock<Pick>(tx, (skipLocked) => CANDIDATE(dead, skipLocked));
}

/** The planter's name of a replacement: the catalogue's word in the memorial's language. */
function replacementPlanter(language: string): string {
  return t(isLanguage(language) ? language : "fr", "page.replacementPlanter");
}

/**
 * Plants the replacement of dead tree `deadTreeId` if stock allows, in the caller's transaction:
 * the new tree, its free transaction, the dead tree `replaced` with its history, tree.replaced.
 * Returns null (nothing written) when no stock is left.
 */
export async function plantReplacement(
  tx: Tx,
  changes: ChangeRecorder,
  deadTreeId: number,
  recordedBy: string,
): Promise<{ treeId: number } | null> {
  const dead = await deadTree(tx, deadTreeId);
  const pick = await takeStock(tx, dead);
  if (!pick) return null;
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    WITH t AS (
      INSERT INTO "transaction" ("operator_id", "context_id", "type", "memorial_id", "person_id", "tree_count",
        "free_tree_count", "species_id", "plantation_id", "amount", "is_test")
      SELECT d."operator_id", d."context_id", 'Plantation'::"TransactionType", d."memorial_id", d."person_id", 1, 1,
        ${pick.species_id}, ${pick.plantation_id}, 0, d."is_test"
      FROM "tree" d WHERE d."id" = ${dead.id}
      RETURNING "id")
    INSERT INTO "tree" ("memorial_id", "operator_id", "context_id", "epf_id", "person_id", "species_id",
      "plantation_id", "quantity", "planter", "message", "free", "unit_price", "is_test", "transaction_id",
      "replaces_tree_id")
    SELECT d."memorial_id", d."operator_id", d."context_id", d."epf_id", d."person_id", ${pick.species_id},
      ${pick.plantation_id}, 1, ${replacementPlanter(dead.language)}, NULL, true, 0, d."is_test", t."id", d."id"
    FROM "tree" d, t WHERE d."id" = ${dead.id}
    RETURNING "id"`;
  const marked = await tx.$executeRaw`
    UPDATE "tree" SET "status" = 'replaced' WHERE "id" = ${dead.id} AND "status" = 'dead'`;
  if (marked !== 1) throw new DomainError("INTERNAL", `tree ${dead.id} to replace is not dead`);
  const on = new Date().toISOString().slice(0, 10); // today, UTC
  await tx.$executeRaw`
    INSERT INTO "tree_history" ("tree_id", "step", "occurred_on", "recorded_by", "replacement_tree_id")
    VALUES (${dead.id}, 'replaced', ${on}::date, ${recordedBy}, ${row.id})`;
  await changes.record({
    kind: "tree.replaced",
    target: { type: "tree", id: dead.id },
    operatorId: dead.operator_id,
    memorialId: dead.memorial_id,
    before: { status: "dead" },
    after: { status: "replaced", replacementTreeId: row.id },
    event: {
      isTest: dead.is_test,
      payload: {
        treeId: dead.id,
        memorialId: dead.memorial_id,
        replacementTreeId: row.id,
        speciesId: pick.species_id,
        plantationId: pick.plantation_id,
        on,
      },
    },
  });
  return { treeId: row.id };
}

/**
 * The replacement of a tree that just died (declare-death.ts): planted now when stock allows,
 * else queued (served by the planting queue when stock returns).
 */
export async function replaceTree(
  tx: Tx,
  changes: ChangeRecorder,
  deadTreeId: number,
  recordedBy: string,
): Promise<{ treeId: number } | { queued: true }> {
  const planted = await plantReplacement(tx, changes, deadTreeId, recordedBy);
  if (planted) return planted;
  const dead = await deadTree(tx, deadTreeId);
  const [queued] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "queued_planting" ("memorial_id", "operator_id", "context_id", "epf_id", "person_id",
      "planter", "is_test", "replaces_tree_id")
    SELECT d."memorial_id", d."operator_id", d."context_id", d."epf_id", d."person_id",
      ${replacementPlanter(dead.language)}, d."is_test", d."id"
    FROM "tree" d WHERE d."id" = ${dead.id}
    RETURNING "id"`;
  // Part of the death's change, whose row names the replacement.
  await changes.record({
    kind: "event.planting.queued",
    operatorId: dead.operator_id,
    memorialId: dead.memorial_id,
    event: { isTest: dead.is_test, payload: { queuedPlantingId: queued.id, replacesTreeId: dead.id } },
  });
  return { queued: true };
}
