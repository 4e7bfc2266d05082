// The exports' keyset batches (lib/db/keyset.ts) against the real PostgreSQL: every row once, in
// the listing's order, across batch boundaries that fall between rows of the same instant (the
// key's id breaks the tie), and no empty batch when the rows fill the last one exactly.

import { db } from "@memorial/lib/db/client";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { allReportLines } from "@memorial/lib/reports/queries";
import { serviceAdminScope } from "@memorial/lib/scope";
import { transactionBatches } from "@memorial/lib/transactions/queries";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator } from "@/e2e/support/factories";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

const collect = async <T>(source: AsyncIterable<T>) => {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
};

/**
 * Five plantings of one operator this month (ten transactions: the memorial's and the tree's), at
 * two instants: [t, t, t-1s, t, t-1s] by planting, so each instant holds several rows.
 */
async function fivePlantings() {
  const op = await makeIsolatedOperator({ stock: 10 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const now = new Date();
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
  const t = new Date(Date.UTC(year, month - 1, 2, 12));
  const earlier = new Date(t.getTime() - 1000);
  for (const instant of [t, t, earlier, t, earlier]) {
    const { memorialId } = await fixtureMemorial(caller);
    await db.transaction.updateMany({ where: { memorialId }, data: { createdAt: instant } });
    await db.tree.updateMany({ where: { memorialId }, data: { plantedAt: instant } });
  }
  // The listings' order, as Prisma reads it: by instant, then by id.
  const transactions = await db.transaction.findMany({
    where: { operatorId: op.operatorId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const trees = await db.tree.findMany({
    where: { operatorId: op.operatorId },
    orderBy: [{ plantedAt: "asc" }, { id: "asc" }],
  });
  expect(transactions).toHaveLength(10);
  expect(trees).toHaveLength(5);
  return {
    op,
    year,
    month,
    transactions: transactions.map((row) => row.id),
    trees: trees.map((row) => row.id),
  };
}

describe("keyset batches", () => {
  it("give every transaction and report line once, in order, whatever the batch size", async () => {
    const { op, year, month, transactions, trees } = await fivePlantings();
    const scope = serviceAdminScope(op.operatorId);
    for (const [batch, sizes] of [
      [1, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]],
      [3, [3, 3, 3, 1]],
      [5, [5, 5]],
      [1000, [10]],
    ] as const) {
      const batches = await collect(transactionBatches({ scope, year, month }, batch));
      expect(
        batches.map((rows) => rows.length),
        `batch ${batch}`,
      ).toEqual(sizes);
      expect(batches.flat().map((row) => row.id)).toEqual(transactions);

      const lines = await collect(
        allReportLines(
          {
            viewer: scope,
            scope: { kind: "operator" },
            start: new Date(Date.UTC(year, month - 1, 1)),
            end: new Date(Date.UTC(year, month, 1)),
          },
          batch,
        ),
      );
      expect(
        lines.map((line) => line.id),
        `batch ${batch}`,
      ).toEqual(trees);
    }
  });
});
