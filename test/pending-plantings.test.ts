// A family's confirmation never fails for want of stock: the planting waits in the queue and is
// served oldest first as soon as stock returns, exactly once, whatever the restarts and the
// concurrency. Real PostgreSQL, real use cases, the queue's own loops.
import { db } from "@memorial/lib/db/client";
import { runJobsOnce } from "@memorial/lib/jobs/tasks";
import { memorialDetail } from "@memorial/lib/memorials/dashboard-queries";
import { getPublicMemorial } from "@memorial/lib/memorials/public-queries";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { SERVE_QUEUE_JOB } from "@memorial/lib/plantings/planting-queue";
import { serviceAdminScope } from "@memorial/lib/scope";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { confirmAsFamily } from "@/e2e/support/confirmation";
import { addStockAsCommandLine, makeIsolatedOperator } from "@/e2e/support/factories";
import { awaitingFamilyTarget, plantingCommand } from "./support/commands";
import { confirmationToken } from "./support/confirmation-token";
import { callerMemorial } from "./support/memorials";
import { serveQueue, serveQueueUntilServed } from "./support/planting-queue";

/** A worker of the job `serve-planting-queue` (lib/jobs): its run is one pass of the queue. */
const startPlantingQueue = () => ({ runOnce: () => serveQueue(), stop: async () => {} });

afterAll(() => db.$disconnect());

async function operator(stock: number) {
  const op = await makeIsolatedOperator({ stock });
  const caller = (await authenticateKey(op.key)) as Caller;
  return { op, caller };
}

/** A memorial awaiting its family's confirmation, and a confirmation link (its raw token). */
async function awaitingMemorial(caller: Caller, lastName = "Dupont") {
  // As the API creates it: the partner's key acts.
  const result = await callerMemorial(
    caller,
    plantingCommand(awaitingFamilyTarget("famille@example.org", { deceased: { lastName } }), {
      planter: "La famille",
      message: "Pour toi",
      externalId: 4242,
    }),
  );
  const token = await confirmationToken(result.memorialId, caller.operatorId, {
    message: "Pour toi",
    externalId: 4242n,
  });
  return { memorialId: result.memorialId, token };
}

const treesOf = (memorialId: number) => db.tree.findMany({ where: { memorialId }, orderBy: { id: "asc" } });
const waitingOf = (memorialId: number) =>
  db.queuedPlanting.findMany({ where: { memorialId, plantedAt: null } });

describe("a confirmation without stock", () => {
  it("makes the memorial visible, queues its tree, and plants it with its transaction once stock returns", async () => {
    const { op, caller } = await operator(0);
    const { memorialId, token } = await awaitingMemorial(caller);

    expect(await confirmAsFamily(token, memorialId)).toEqual({ outcome: "confirmed", memorialId });
    const memorial = await db.memorial.findUniqueOrThrow({ where: { id: memorialId } });
    expect(memorial.status).toBe("visible");
    expect(await treesOf(memorialId)).toHaveLength(0);
    expect(await waitingOf(memorialId)).toHaveLength(1);
    expect((await getPublicMemorial(memorialId))?.waitingTrees).toBe(1);
    expect((await memorialDetail(serviceAdminScope(op.operatorId), memorialId))?.waitingTrees).toBe(1);
    expect(
      await db.domainEvent.count({
        where: { memorialId, type: { in: ["memorial.confirmed", "planting.queued"] } },
      }),
    ).toBe(2);
    // The link is used: a second press changes nothing.
    expect(await confirmAsFamily(token, memorialId)).toEqual({ outcome: "already-confirmed", memorialId });
    expect(await db.queuedPlanting.count({ where: { memorialId } })).toBe(1);

    // No stock yet: a pass plants nothing and loses nothing.
    await serveQueue();
    expect(await waitingOf(memorialId)).toHaveLength(1);

    // Stock added: it adds the job that serves the queue, which plants it.
    await addStockAsCommandLine(op.plantationId, op.speciesId, 5);
    await runJobsOnce({ [SERVE_QUEUE_JOB]: { run: () => serveQueueUntilServed({ memorialId }) } });
    const trees = await treesOf(memorialId);
    expect(trees).toHaveLength(1);
    expect(trees[0]).toMatchObject({ planter: "La famille", message: "Pour toi", operatorId: op.operatorId });
    const transaction = await db.transaction.findUniqueOrThrow({ where: { id: trees[0].transactionId } });
    expect(transaction).toMatchObject({ type: "Plantation", memorialId, treeCount: 1, externalId: 4242n });
    const queued = await db.queuedPlanting.findFirstOrThrow({ where: { memorialId } });
    expect(queued.treeId).toBe(trees[0].id);
    expect(queued.plantedAt).not.toBeNull();
    expect(await db.domainEvent.count({ where: { memorialId, type: "tree.planted" } })).toBe(1);
    expect((await db.stock.findFirstOrThrow({ where: { plantationId: op.plantationId } })).stock).toBe(4);
    expect((await memorialDetail(serviceAdminScope(op.operatorId), memorialId))?.waitingTrees).toBe(0);
  });

  it("serves the queue oldest first, and a later confirmation waits behind the earlier ones", async () => {
    const { op, caller } = await operator(0);
    const first = await awaitingMemorial(caller, "Premier");
    const second = await awaitingMemorial(caller, "Second");
    await confirmAsFamily(first.token, first.memorialId);
    await confirmAsFamily(second.token, second.memorialId);
    // Stock for one tree, not yet served: a third confirmation must not jump the queue.
    await addStockAsCommandLine(op.plantationId, op.speciesId, 1);
    const third = await awaitingMemorial(caller, "Troisieme");
    await confirmAsFamily(third.token, third.memorialId);
    expect(await treesOf(third.memorialId)).toHaveLength(0);

    await serveQueueUntilServed({ memorialId: first.memorialId });
    expect(await treesOf(first.memorialId)).toHaveLength(1);
    expect(await treesOf(second.memorialId)).toHaveLength(0);
    await addStockAsCommandLine(op.plantationId, op.speciesId, 10);
    await serveQueueUntilServed({
      memorialId: { in: [first.memorialId, second.memorialId, third.memorialId] },
    });
    for (const m of [first, second, third]) expect(await treesOf(m.memorialId)).toHaveLength(1);
  });

  it("is not planted again by a queue that restarts, nor lost by one that stopped mid-planting", async () => {
    const { op, caller } = await operator(0);
    const { memorialId, token } = await awaitingMemorial(caller);
    await confirmAsFamily(token, memorialId);
    const queued = await db.queuedPlanting.findFirstOrThrow({ where: { memorialId } });
    await addStockAsCommandLine(op.plantationId, op.speciesId, 3);

    // A loop that holds the row (it was planting) when its process dies: the row is locked, so a
    // new loop skips it and plants nothing; when the dead loop's connection goes, nothing was
    // written and the new loop plants it.
    const dying = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await dying.connect();
    await dying.query("BEGIN");
    await dying.query(`SELECT 1 FROM "queued_planting" WHERE "id" = $1 FOR UPDATE`, [queued.id]);
    const stopped = startPlantingQueue();
    await stopped.stop();
    const restarted = startPlantingQueue();
    await restarted.runOnce();
    expect(await treesOf(memorialId)).toHaveLength(0);
    await dying.end();
    await restarted.runOnce();
    await restarted.runOnce();
    await restarted.stop();
    const again = startPlantingQueue();
    await again.runOnce();
    await again.stop();
    expect(await treesOf(memorialId)).toHaveLength(1);
    expect(await db.transaction.count({ where: { memorialId, type: "Plantation" } })).toBe(1);
  });

  it("never plants twice under concurrent confirmations and queue loops", async () => {
    const { op, caller } = await operator(0);
    const memorials = [];
    for (let i = 0; i < 6; i++) memorials.push(await awaitingMemorial(caller, `Nom${i}`));
    // Every link pressed twice at once, while three loops serve the queue.
    const loops = [1, 2, 3].map(() => startPlantingQueue());
    await Promise.all([
      ...memorials.flatMap((m) => [
        confirmAsFamily(m.token, m.memorialId),
        confirmAsFamily(m.token, m.memorialId),
      ]),
      ...loops.map((loop) => loop.runOnce()),
    ]);
    expect(await db.tree.count({ where: { operatorId: op.operatorId } })).toBe(0);
    expect(await db.queuedPlanting.count({ where: { operatorId: op.operatorId } })).toBe(6);

    await addStockAsCommandLine(op.plantationId, op.speciesId, 4);
    await Promise.all(loops.flatMap((loop) => [loop.runOnce(), serveQueue()]));
    expect(await db.tree.count({ where: { operatorId: op.operatorId } })).toBe(4);
    expect((await db.stock.findFirstOrThrow({ where: { plantationId: op.plantationId } })).stock).toBe(0);
    // Four memorials got one tree each (concurrent loops may finish them in any order).
    const planted = await db.queuedPlanting.findMany({
      where: { operatorId: op.operatorId, treeId: { not: null } },
    });
    expect(new Set(planted.map((p) => p.memorialId)).size).toBe(4);

    await addStockAsCommandLine(op.plantationId, op.speciesId, 10);
    await Promise.all(loops.flatMap((loop) => [loop.runOnce(), loop.runOnce()]));
    await Promise.all(loops.map((loop) => loop.stop()));
    for (const m of memorials) {
      expect(await treesOf(m.memorialId)).toHaveLength(1);
      expect(await db.transaction.count({ where: { memorialId: m.memorialId, type: "Plantation" } })).toBe(1);
    }
    expect((await db.stock.findFirstOrThrow({ where: { plantationId: op.plantationId } })).stock).toBe(8);
  });
});
