// Chooses the (plantation, species) of a tree and takes it from the stock, inside the caller's
// database transaction. The decision is PostgreSQL's: a conditional UPDATE ... WHERE stock > 0
// holds the row lock until commit, so stock never goes below zero whatever the concurrency.

import { OPERATOR_RULES } from "@memorial/lib/catalogue/rules";
import { Prisma, type Tx } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";

export interface AllocatedTree {
  plantationId: number;
  speciesId: number;
  unitPrice: string;
  /** A prepaid tree was used (2.3: prepaid trees count as free). */
  free: boolean;
}

// The pair with the most trees left, among the active sites and species the operator's rules
// allow; ties by id so the choice is deterministic. `skipLocked`: among the pairs no concurrent
// planting holds at this moment, so that simultaneous plantings spread over the pairs near the top
// instead of queueing on one row's lock.
const CANDIDATE = (operatorId: number, skipLocked = false) => Prisma.sql`
  SELECT s."plantation_id", s."species_id", sp."unit_price"
  FROM "stock" s
  JOIN "plantation" p ON p."id" = s."plantation_id"
  JOIN "species" sp ON sp."id" = s."species_id"
  JOIN "operator" o ON o."id" = ${operatorId}
  WHERE s."stock" > 0 AND ${OPERATOR_RULES}
  ORDER BY s."stock" DESC, s."plantation_id", s."species_id"
  LIMIT 1 ${skipLocked ? Prisma.sql`FOR UPDATE OF s SKIP LOCKED` : Prisma.empty}`;

type Row = { plantation_id: number; species_id: number; unit_price: string; free?: boolean };

const noTree = () =>
  new DomainError(
    "NO_TREE_AVAILABLE",
    "no tree is available: no stock left at the planting sites and species allowed for this operator",
  );

/**
 * Takes a tree from the stock and, if any remain, one of the operator's prepaid trees, in one
 * statement (the prepaid tree only when a tree was taken). A test key plants on its own data: the
 * same choice, nothing taken from the real stock or balance.
 */
export async function allocateTree(
  tx: Tx,
  operatorId: number,
  options: { consumeStock: boolean },
): Promise<AllocatedTree> {
  if (!options.consumeStock) {
    const [row] = await tx.$queryRaw<Row[]>`
      SELECT c.*, (SELECT o."prepaid_trees" > 0 FROM "operator" o WHERE o."id" = ${operatorId}) AS "free"
      FROM (${CANDIDATE(operatorId)}) c`;
    if (!row) throw noTree();
    return {
      plantationId: row.plantation_id,
      speciesId: row.species_id,
      unitPrice: String(row.unit_price),
      free: row.free === true,
    };
  }
  // First the best pair nobody else holds now (no waiting); when every pair is held, wait for the
  // best one. The candidate may be emptied by a concurrent planting while we wait for its lock;
  // the UPDATE then matches nothing and we look again, until a tree is taken or none is left.
  // The prepaid balance is decremented only when a tree was taken (the CHECK keeps it >= 0).
  for (let attempt = 0; attempt < 50; attempt++) {
    const [taken] = await tx.$queryRaw<Row[]>`
      WITH pick AS (${CANDIDATE(operatorId, attempt === 0)}),
      taken AS (
        UPDATE "stock" s SET "stock" = s."stock" - 1
        FROM pick
        WHERE s."plantation_id" = pick."plantation_id" AND s."species_id" = pick."species_id" AND s."stock" > 0
        RETURNING s."plantation_id", s."species_id", pick."unit_price"::text AS "unit_price"),
      prepaid AS (
        UPDATE "operator" SET "prepaid_trees" = "prepaid_trees" - 1
        WHERE "id" = ${operatorId} AND "prepaid_trees" > 0 AND EXISTS (SELECT 1 FROM taken)
        RETURNING 1)
      SELECT taken.*, EXISTS (SELECT 1 FROM prepaid) AS "free" FROM taken`;
    if (taken) {
      return {
        plantationId: taken.plantation_id,
        speciesId: taken.species_id,
        unitPrice: taken.unit_price,
        free: taken.free === true,
      };
    }
    const [left] = await tx.$queryRaw<Row[]>`${CANDIDATE(operatorId)}`;
    if (!left) throw noTree();
  }
  throw noTree();
}
