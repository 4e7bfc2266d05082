// Chooses the (plantation, species) of a tree and takes it from the stock (takeFromStock, the one
// way of taking a tree, shared with the replacement guarantee), inside the caller's transaction.

import { OPERATOR_RULES } from "@memorial/lib/catalogue/rules";
import { Prisma } from "@memorial/lib/db/client";
import type { SqlClient } from "@memorial/lib/db/raw";
import { DomainError } from "@memorial/lib/errors";
import { takeFromStock } from "./take-from-stock";

export interface AllocatedTree {
  plantationId: number;
  speciesId: number;
  unitPrice: string;
  /** A prepaid tree was used (2.3: prepaid trees count as free). */
  free: boolean;
}

/**
 * The pair with the most trees left, among the active sites and species the operator's rules
 * allow; ties by id so the choice is deterministic. `skipLocked`: among the pairs no concurrent
 * planting holds at this moment, so that simultaneous plantings spread over the pairs near the top
 * instead of queueing on one row's lock.
 * @public The benchmark's floor (scripts/bench/http/bare-creer.mjs) sends it too, imported from the
 * compiled package, where knip does not follow it.
 */
export const CANDIDATE = (operatorId: number, skipLocked = false) => Prisma.sql`
  SELECT s."plantation_id", s."species_id", sp."unit_price"::text AS "unit_price"
  FROM "stock" s
  JOIN "plantation" p ON p."id" = s."plantation_id"
  JOIN "species" sp ON sp."id" = s."species_id"
  JOIN "operator" o ON o."id" = ${operatorId}
  WHERE s."stock" > 0 AND ${OPERATOR_RULES}
  ORDER BY s."stock" DESC, s."plantation_id", s."species_id"
  LIMIT 1 ${skipLocked ? Prisma.sql`FOR UPDATE OF s SKIP LOCKED` : Prisma.empty}`;

type Row = { plantation_id: number; species_id: number; unit_price: string; free?: boolean };

/** A candidate row as the tree it gives: its site, species and price, and whether it is prepaid. */
const allocationOf = (row: Row) => ({
  plantationId: row.plantation_id,
  speciesId: row.species_id,
  unitPrice: String(row.unit_price),
  free: row.free === true,
});

const noTree = () =>
  new DomainError(
    "NO_TREE_AVAILABLE",
    "no tree is available: no stock left at the planting sites and species allowed for this operator",
  );

/**
 * How the tree is paid: "use" one of the operator's prepaid trees while any remain (the
 * operator's plantings); "reserved": a prepaid tree set aside before (a claim code issued against
 * the balance), so the tree is free and the balance is not touched again; "none": paid otherwise
 * (a visitor's payment), the balance is not touched.
 */
export type PrepaidUse = "use" | "reserved" | "none";

/**
 * Takes a tree from the stock and, if any remain, one of the operator's prepaid trees, in one
 * statement (the prepaid tree only when a tree was taken). A test key plants on its own data: the
 * same choice, nothing taken from the real stock or balance.
 */
export async function allocateTree(
  tx: SqlClient,
  operatorId: number,
  options: { consumeStock: boolean; prepaid?: PrepaidUse },
): Promise<AllocatedTree> {
  const prepaid = options.prepaid ?? "use";
  if (prepaid !== "use") {
    const picked = await pickAndTake(tx, operatorId, options.consumeStock);
    return { ...picked, free: prepaid === "reserved" };
  }
  if (!options.consumeStock) {
    const [row] = await tx.$queryRaw<Row[]>`
      SELECT c.*, (SELECT o."prepaid_trees" > 0 FROM "operator" o WHERE o."id" = ${operatorId}) AS "free"
      FROM (${CANDIDATE(operatorId)}) c`;
    if (!row) throw noTree();
    return allocationOf(row);
  }
  // The prepaid balance is decremented only when a tree was taken (the CHECK keeps it >= 0).
  const taken = await takeFromStock<Row>(tx, (skipLocked) => CANDIDATE(operatorId, skipLocked), {
    ctes: Prisma.sql`prepaid AS (
      UPDATE "operator" SET "prepaid_trees" = "prepaid_trees" - 1
      WHERE "id" = ${operatorId} AND "prepaid_trees" > 0 AND EXISTS (SELECT 1 FROM taken)
      RETURNING 1)`,
    columns: Prisma.sql`EXISTS (SELECT 1 FROM prepaid) AS "free"`,
  });
  if (!taken) throw noTree();
  return allocationOf(taken);
}

/** The tree's pair, taken from the stock (or only chosen, for a test key), the balance untouched. */
async function pickAndTake(tx: SqlClient, operatorId: number, consumeStock: boolean) {
  const row = consumeStock
    ? await takeFromStock<Row>(tx, (skipLocked) => CANDIDATE(operatorId, skipLocked))
    : (await tx.$queryRaw<Row[]>`${CANDIDATE(operatorId)}`)[0];
  if (!row) throw noTree();
  return { plantationId: row.plantation_id, speciesId: row.species_id, unitPrice: String(row.unit_price) };
}
