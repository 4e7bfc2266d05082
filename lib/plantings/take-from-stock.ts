// Taking a tree from the stock, one function for the planting (allocate-tree.ts) and the
// replacement guarantee (replace-tree.ts), which each choose their pair differently but take it
// the same way. The decision is PostgreSQL's: a conditional UPDATE ... WHERE stock > 0 holds the
// row lock until commit, so the stock never goes below zero whatever the concurrency.
import { Prisma } from "@memorial/lib/db/client";
import type { SqlClient } from "@memorial/lib/db/raw";

/** The (plantation, species) pair taken, with whatever other columns the candidate selects. */
export interface StockPair {
  plantation_id: number;
  species_id: number;
}

/**
 * Takes one tree from the stock, inside the caller's transaction: the pair `candidate` chooses
 * (a SELECT of one stock row `s` with its plantation_id and species_id, whose order is the caller's
 * preference; with `skipLocked` it must end in FOR UPDATE OF s SKIP LOCKED). Null when no stock is
 * left for that choice (nothing is written then).
 *
 * First the best pair nobody else holds now (no waiting); when every pair is held, wait for the
 * best one. The candidate may be emptied by a concurrent taker while we wait for its lock; the
 * UPDATE then matches nothing and we look again, until a tree is taken or none is left.
 *
 * `then`: more common table expressions written in the same statement only when a tree was
 * taken (they read `taken`), and the columns they add to the answer (the planting's prepaid tree).
 */
export async function takeFromStock<Row extends StockPair>(
  tx: SqlClient,
  candidate: (skipLocked: boolean) => Prisma.Sql,
  then?: { ctes: Prisma.Sql; columns: Prisma.Sql },
): Promise<Row | null> {
  for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
    const [taken] = await tx.$queryRaw<Row[]>`
      WITH pick AS (${candidate(attempt === 0)}),
      taken AS (
        UPDATE "stock" s SET "stock" = s."stock" - 1
        FROM pick
        WHERE s."plantation_id" = pick."plantation_id" AND s."species_id" = pick."species_id" AND s."stock" > 0
        RETURNING pick.*)
      ${then ? Prisma.sql`, ${then.ctes}` : Prisma.empty}
      SELECT taken.* ${then ? Prisma.sql`, ${then.columns}` : Prisma.empty} FROM taken`;
    if (taken) return taken;
    const [left] = await tx.$queryRaw<StockPair[]>`${candidate(false)}`;
    if (!left) return null;
  }
  return null;
}

/** Looks again at most this often when concurrent takers empty each candidate first. */
const TAKE_ATTEMPTS = 50;
