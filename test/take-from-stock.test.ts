// Taking a tree from the stock is one function (lib/plantings/take-from-stock.ts) for
// the planting (allocate-tree.ts) and the replacement guarantee (replace-tree.ts). Its conditional
// decrement holds under simultaneous takers, and a replacement that finds no stock left behaves as
// a planting that finds none (the documented rule: a family's confirmation, like a dead tree's
// replacement, never fails for want of stock: it waits in the planting queue, nothing taken, and
// is served once stock returns).
import { db, Prisma } from "@memorial/lib/db/client";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { type StockPair, takeFromStock } from "@memorial/lib/plantings/take-from-stock";
import { serviceAdminScope } from "@memorial/lib/scope";
import { utcDay } from "@memorial/lib/trees/transitions";
import { afterAll, describe, expect, it } from "vitest";
import { confirmAsFamily } from "@/e2e/support/confirmation";
import { addStockAsCommandLine, makeIsolatedOperator } from "@/e2e/support/factories";
import { declareDeath, recordInGround } from "@/e2e/support/trees";
import { awaitingFamilyTarget, plantingCommand } from "./support/commands";
import { confirmationToken } from "./support/confirmation-token";
import { callerMemorial } from "./support/memorials";
import { serveQueueUntilServed } from "./support/planting-queue";

afterAll(() => db.$disconnect());

const stockOf = async (plantationId: number, speciesId: number) =>
  (await db.stock.findUniqueOrThrow({ where: { plantationId_speciesId: { plantationId, speciesId } } }))
    .stock;

describe("takeFromStock", () => {
  it("takes exactly the stock there is under simultaneous takers, never below zero", async () => {
    const op = await makeIsolatedOperator({ stock: 5 });
    const candidate = (skipLocked: boolean) => Prisma.sql`
      SELECT s."plantation_id", s."species_id" FROM "stock" s
      WHERE s."plantation_id" = ${op.plantationId} AND s."species_id" = ${op.speciesId} AND s."stock" > 0
      LIMIT 1 ${skipLocked ? Prisma.sql`FOR UPDATE OF s SKIP LOCKED` : Prisma.empty}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => db.$transaction((tx) => takeFromStock<StockPair>(tx, candidate))),
    );
    expect(results.filter((pair) => pair !== null)).toHaveLength(5);
    expect(results.filter((pair) => pair === null)).toHaveLength(15);
    for (const pair of results.filter((p) => p !== null)) {
      expect(pair).toEqual({ plantation_id: op.plantationId, species_id: op.speciesId });
    }
    expect(await stockOf(op.plantationId, op.speciesId)).toBe(0);
  });
});

describe("no stock left", () => {
  it("queues a dead tree's replacement as it queues a confirmation's planting, and serves both when stock returns", async () => {
    const op = await makeIsolatedOperator({ stock: 1 });
    const caller = (await authenticateKey(op.key)) as Caller;
    const admin = serviceAdminScope(op.operatorId);
    // A tree planted (the last of the stock), and a memorial awaiting its family's confirmation.
    // As the API creates them: the partner's key acts.
    const planted = await callerMemorial(caller);
    const tree = await db.tree.findFirstOrThrow({ where: { memorialId: planted.memorialId } });
    const awaiting = await callerMemorial(
      caller,
      plantingCommand(awaitingFamilyTarget("famille@example.org")),
    );
    const token = await confirmationToken(awaiting.memorialId, op.operatorId);
    expect(await stockOf(op.plantationId, op.speciesId)).toBe(0);
    const treesBefore = await db.tree.count({ where: { operatorId: op.operatorId } });

    // The planting and the replacement, each with no stock left.
    expect(await confirmAsFamily(token, awaiting.memorialId)).toEqual({
      outcome: "confirmed",
      memorialId: awaiting.memorialId,
    });
    const today = utcDay(new Date());
    await recordInGround(admin, { treeIds: [tree.id], on: today, recordedBy: "cli" });
    expect(
      await declareDeath(admin, { treeId: tree.id, on: today, reason: "flood", recordedBy: "cli" }),
    ).toEqual({ replacement: { queued: true } });

    // Alike: a row waiting in the queue and planting.queued each, no tree written, nothing taken.
    for (const memorialId of [awaiting.memorialId, planted.memorialId]) {
      expect(await db.queuedPlanting.count({ where: { memorialId, plantedAt: null } })).toBe(1);
      expect(await db.domainEvent.count({ where: { memorialId, type: "planting.queued" } })).toBe(1);
    }
    expect(await db.tree.count({ where: { operatorId: op.operatorId } })).toBe(treesBefore);
    expect(await stockOf(op.plantationId, op.speciesId)).toBe(0);

    // Alike again when stock returns: both served by the queue, each taking one tree.
    await addStockAsCommandLine(op.plantationId, op.speciesId, 2);
    await serveQueueUntilServed({ memorialId: { in: [awaiting.memorialId, planted.memorialId] } });
    for (const memorialId of [awaiting.memorialId, planted.memorialId]) {
      expect(await db.queuedPlanting.count({ where: { memorialId, plantedAt: null } })).toBe(0);
    }
    expect(await db.tree.count({ where: { memorialId: awaiting.memorialId } })).toBe(1);
    expect(await db.tree.count({ where: { replacesTreeId: tree.id } })).toBe(1);
    expect(await stockOf(op.plantationId, op.speciesId)).toBe(0);
  });
});
