// A year's transactions export: without a month, the export's batches hold every
// transaction of the calendar year (UTC), in the listing's order, and none of the years around it.

import { db } from "@memorial/lib/db/client";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { serviceAdminScope } from "@memorial/lib/scope";
import { allMonthTransactions } from "@memorial/lib/transactions/dashboard-queries";
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

describe("a year's transactions", () => {
  it("are every transaction from 1 January to 31 December, and only those", async () => {
    const op = await makeIsolatedOperator({ stock: 10 });
    const caller = (await authenticateKey(op.key)) as Caller;
    const year = 2024;
    const instants = [
      new Date(Date.UTC(year - 1, 11, 31, 23, 59, 59, 999)), // the year before
      new Date(Date.UTC(year, 0, 1)), // the first instant of the year
      new Date(Date.UTC(year, 5, 15, 12)),
      new Date(Date.UTC(year, 11, 31, 23, 59, 59, 999)), // the last one
      new Date(Date.UTC(year + 1, 0, 1)), // the year after
    ];
    for (const instant of instants) {
      const { memorialId } = await fixtureMemorial(caller);
      await db.transaction.updateMany({ where: { memorialId }, data: { createdAt: instant } });
    }
    const inYear = await db.transaction.findMany({
      where: { operatorId: op.operatorId, createdAt: { gte: instants[1], lte: instants[3] } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(inYear).toHaveLength(6); // three memorials: their creation and their planting

    const scope = serviceAdminScope(op.operatorId);
    for (const batch of [1, 4, 1000]) {
      const rows = (await collect(transactionBatches({ scope, year, month: null }, batch))).flat();
      expect(
        rows.map((row) => row.id),
        `batch ${batch}`,
      ).toEqual(inYear.map((row) => row.id));
    }
    const exported = await collect(allMonthTransactions(scope, year, null, 4));
    expect(exported.map((row) => row.createdAt)).toEqual(inYear.map((row) => row.createdAt.toISOString()));
    // A month still means that month only.
    const june = (await collect(transactionBatches({ scope, year, month: 6 }))).flat();
    expect(june.map((row) => row.createdAt.toISOString())).toEqual([
      instants[2].toISOString(),
      instants[2].toISOString(),
    ]);
  });
});
