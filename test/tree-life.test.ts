// A tree's life through its use cases, on the real PostgreSQL: each state, each
// transition and refusal, the history and the events written with the change, the replacement
// guarantee (stock, queue, once), and simultaneous declarations of death.

import { actingAs } from "@memorial/lib/audit/actor";
import { createPlantation, createSpecies } from "@memorial/lib/catalogue/manage";
import { db, type Tx } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { hasWaitingPlantings } from "@memorial/lib/plantings/planting-queue";
import { type OperatorScope, serviceAdminScope, VISITOR } from "@memorial/lib/scope";
import { treeLife, treesWaiting } from "@memorial/lib/trees/queries";
import { utcDay } from "@memorial/lib/trees/transitions";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { addStockAsCommandLine, COMMAND_LINE, makeIsolatedOperator, unique } from "@/e2e/support/factories";
import { declareDeath, recordCheck, recordInGround } from "@/e2e/support/trees";
import { callerMemorial } from "./support/memorials";
import { serveQueue, serveQueueUntilServed } from "./support/planting-queue";

afterAll(() => db.$disconnect());
afterEach(() => {
  delete process.env.REPLACEMENT_YEARS;
});

const today = () => utcDay(new Date());
const daysAgo = (n: number) => utcDay(new Date(Date.now() - n * 86_400_000));

/** An isolated operator (its own site and species) and its scopes. */
async function operator(options: { stock?: number; co2?: number } = {}) {
  const op = await makeIsolatedOperator({ stock: options.stock ?? 100, co2: options.co2 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const testCaller = (await authenticateKey(op.testKey)) as Caller;
  return { op, caller, testCaller, admin: serviceAdminScope(op.operatorId) };
}

/** A memorial with one tree ordered; its order moved `orderedDaysAgo` days back. */
async function orderedTree(
  caller: Caller,
  orderedDaysAgo = 400,
): Promise<{ treeId: number; memorialId: number }> {
  // As the API orders it: the partner's key acts.
  const { memorialId } = await callerMemorial(caller);
  const tree = await db.tree.findFirstOrThrow({ where: { memorialId } });
  await db.$executeRaw`
    UPDATE "tree" SET "planted_at" = now() - make_interval(days => ${orderedDaysAgo}) WHERE "id" = ${tree.id}`;
  return { treeId: tree.id, memorialId };
}

async function refusal(
  promise: Promise<unknown>,
): Promise<{ code: string; field?: string; reason?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      code: error.code,
      field: error.problem?.field,
      reason: error.problem?.reason,
      message: error.message,
    };
  }
  throw new Error("expected a refusal");
}

const eventsOf = async (memorialId: number) =>
  (await db.domainEvent.findMany({ where: { memorialId }, orderBy: { id: "asc" } })).map((e) => e.type);
const historyOf = async (treeId: number) =>
  (await db.treeHistory.findMany({ where: { treeId }, orderBy: { id: "asc" } })).map((h) => h.step);
const stockOf = async (plantationId: number, speciesId: number) =>
  (await db.stock.findUniqueOrThrow({ where: { plantationId_speciesId: { plantationId, speciesId } } }))
    .stock;

describe("a tree's life", () => {
  it("goes ordered → in the ground → monitored → dead → replaced, with its history and events", async () => {
    const { op, caller, admin } = await operator();
    const { treeId, memorialId } = await orderedTree(caller);
    expect((await treeLife(admin, treeId)).status).toBe("ordered");
    expect((await treesWaiting(admin)).trees.map((t) => t.treeId)).toEqual([treeId]);

    await recordInGround(admin, {
      treeIds: [treeId],
      on: daysAgo(300),
      latitude: 50.51,
      longitude: 4.51,
      plantedBy: "Équipe Ardennes",
      photoKey: "photo-1",
      recordedBy: "cli",
    });
    let life = await treeLife(admin, treeId);
    expect(life).toMatchObject({
      status: "in_ground",
      inGroundOn: daysAgo(300),
      latitude: "50.51",
      longitude: "4.51",
      plantedBy: "Équipe Ardennes",
      photoKey: "photo-1",
      lastCheck: null,
    });
    expect((await treesWaiting(admin)).total).toBe(0);

    await recordCheck(admin, { treeId, on: daysAgo(200), health: "alive", heightCm: 80, recordedBy: "cli" });
    await recordCheck(admin, {
      treeId,
      on: daysAgo(100),
      health: "sick",
      note: "leaves brown",
      recordedBy: "cli",
    });
    life = await treeLife(admin, treeId);
    expect(life).toMatchObject({
      status: "monitored",
      lastCheck: { on: daysAgo(100), health: "sick", heightCm: null },
      photoKey: "photo-1",
    });

    const stockBefore = await stockOf(op.plantationId, op.speciesId);
    const prepaidBefore = (await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } }))
      .prepaidTrees;
    const { replacement } = await declareDeath(admin, {
      treeId,
      on: daysAgo(10),
      reason: "drought",
      note: "dry summer",
      recordedBy: "cli",
    });
    expect(replacement).toEqual({ treeId: expect.any(Number) });
    const newTreeId = (replacement as { treeId: number }).treeId;

    life = await treeLife(admin, treeId);
    expect(life).toMatchObject({
      status: "replaced",
      diedOn: daysAgo(10),
      deathReason: "drought",
      replacedByTreeId: newTreeId,
    });
    expect(life.history.map((h) => h.step)).toEqual(["in_ground", "checked", "checked", "died", "replaced"]);
    expect(life.history[3]).toMatchObject({ reason: "drought", note: "dry summer", recordedBy: "cli" });
    expect(life.history[4]).toMatchObject({ replacementTreeId: newTreeId, on: today() });

    // The replacement: same memorial, same site and species (in stock), free, ordered.
    const fresh = await db.tree.findUniqueOrThrow({
      where: { id: newTreeId },
      include: { transaction: true },
    });
    expect(fresh).toMatchObject({
      memorialId,
      operatorId: op.operatorId,
      plantationId: op.plantationId,
      speciesId: op.speciesId,
      free: true,
      status: "ordered",
      replacesTreeId: treeId,
      planter: "Arbre de remplacement",
    });
    expect(String(fresh.unitPrice)).toBe("0");
    expect(fresh.transaction).toMatchObject({ type: "Plantation", treeCount: 1, freeTreeCount: 1 });
    expect(String(fresh.transaction.amount)).toBe("0");
    expect(await stockOf(op.plantationId, op.speciesId)).toBe(stockBefore - 1);
    expect((await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } })).prepaidTrees).toBe(
      prepaidBefore,
    );
    expect((await treeLife(admin, newTreeId)).replacesTreeId).toBe(treeId);

    expect((await eventsOf(memorialId)).filter((t) => t.startsWith("tree.") && t !== "tree.planted")).toEqual(
      ["tree.in_ground", "tree.checked", "tree.checked", "tree.died", "tree.replaced"],
    );
    const died = await db.domainEvent.findFirstOrThrow({ where: { memorialId, type: "tree.died" } });
    expect(died.payload).toMatchObject({
      treeId,
      memorialId,
      on: daysAgo(10),
      reason: "drought",
      replacementDue: true,
    });
  });

  it("puts several trees in the ground at once, each at its site's point when none is given", async () => {
    const { caller, admin } = await operator();
    const a = await orderedTree(caller);
    const b = await orderedTree(caller);
    expect(
      await recordInGround(admin, { treeIds: [b.treeId, a.treeId], on: daysAgo(1), recordedBy: "x@y.z" }),
    ).toEqual({
      treeIds: [a.treeId, b.treeId].sort((x, y) => x - y),
    });
    for (const { treeId } of [a, b]) {
      expect(await treeLife(admin, treeId)).toMatchObject({
        status: "in_ground",
        latitude: "50.5",
        longitude: "4.5",
      });
      expect(await historyOf(treeId)).toEqual(["in_ground"]);
    }
  });

  it("lists the trees waiting by site and order day", async () => {
    const { op, caller, admin } = await operator();
    const old = await orderedTree(caller, 30);
    const recent = await orderedTree(caller, 2);
    expect((await treesWaiting(admin, { plantationId: op.plantationId })).trees.map((t) => t.treeId)).toEqual(
      [old.treeId, recent.treeId],
    );
    expect((await treesWaiting(admin, { orderedFrom: daysAgo(5) })).trees.map((t) => t.treeId)).toEqual([
      recent.treeId,
    ]);
    expect((await treesWaiting(admin, { orderedTo: daysAgo(5) })).trees.map((t) => t.treeId)).toEqual([
      old.treeId,
    ]);
    expect((await treesWaiting(admin, { plantationId: op.plantationId + 100_000 })).total).toBe(0);
    expect((await treesWaiting(admin)).trees[0]).toMatchObject({
      memorialTitle: "Marie Dupont",
      planter: expect.any(String),
    });
  });
});

describe("refusals (nothing written)", () => {
  it("refuses each step the tree's state does not allow", async () => {
    const { caller, admin } = await operator();
    const { treeId } = await orderedTree(caller);
    expect(
      await refusal(recordCheck(admin, { treeId, on: today(), health: "alive", recordedBy: "cli" })),
    ).toMatchObject({
      code: "INVALID_INPUT",
      field: "tree.status",
      reason: "not-in-ground",
    });
    expect(
      await refusal(declareDeath(admin, { treeId, on: today(), reason: "fire", recordedBy: "cli" })),
    ).toMatchObject({
      field: "tree.status",
      reason: "not-in-ground",
    });
    await recordInGround(admin, { treeIds: [treeId], on: daysAgo(5), recordedBy: "cli" });
    expect(
      await refusal(recordInGround(admin, { treeIds: [treeId], on: today(), recordedBy: "cli" })),
    ).toMatchObject({
      field: "tree.status",
      reason: "already-in-ground",
    });
    process.env.REPLACEMENT_YEARS = "0";
    await declareDeath(admin, { treeId, on: daysAgo(1), reason: "fire", recordedBy: "cli" });
    expect(
      await refusal(recordCheck(admin, { treeId, on: today(), health: "alive", recordedBy: "cli" })),
    ).toMatchObject({
      field: "tree.status",
      reason: "already-dead",
      message: `tree ${treeId} is already dead`,
    });
    expect(
      await refusal(declareDeath(admin, { treeId, on: today(), reason: "fire", recordedBy: "cli" })),
    ).toMatchObject({
      reason: "already-dead",
    });
    expect(await historyOf(treeId)).toEqual(["in_ground", "died"]);
  });

  it("refuses no tree, a photo key that is not one, and a step without who records it", async () => {
    const { caller, admin } = await operator();
    const { treeId } = await orderedTree(caller);
    expect(
      await refusal(recordInGround(admin, { treeIds: [], on: today(), recordedBy: "cli" })),
    ).toMatchObject({
      field: "tree.id",
      reason: "required",
    });
    expect(
      await refusal(
        recordInGround(admin, {
          treeIds: [treeId],
          on: today(),
          photoKey: "../etc/passwd",
          recordedBy: "cli",
        }),
      ),
    ).toMatchObject({ field: "tree.photo", reason: "invalid-photo" });
    expect(
      await refusal(recordInGround(admin, { treeIds: [treeId], on: today(), recordedBy: "  " })),
    ).toMatchObject({
      field: "tree.recordedBy",
      reason: "required",
    });
    expect(await historyOf(treeId)).toEqual([]);
    // A check's photo becomes the tree's photo (its latest); a check without one keeps it.
    await recordInGround(admin, { treeIds: [treeId], on: today(), photoKey: "first", recordedBy: "cli" });
    await recordCheck(admin, { treeId, on: today(), health: "alive", photoKey: "second", recordedBy: "cli" });
    expect((await treeLife(admin, treeId)).photoKey).toBe("second");
    await recordCheck(admin, { treeId, on: today(), health: "alive", recordedBy: "cli" });
    expect((await treeLife(admin, treeId)).photoKey).toBe("second");
  });

  it("refuses dates before the order, before the day in the ground or the last check, and in the future", async () => {
    const { caller, admin } = await operator();
    const { treeId } = await orderedTree(caller, 10);
    const inGround = (on: string) =>
      refusal(recordInGround(admin, { treeIds: [treeId], on, recordedBy: "cli" }));
    expect(await inGround(daysAgo(11))).toMatchObject({ field: "tree.date", reason: "before-order" });
    expect(await inGround(daysAgo(-1))).toMatchObject({ field: "tree.date", reason: "in-future" });
    expect(await inGround("2026-13-01")).toMatchObject({ field: "tree.date", reason: "invalid-date" });
    await recordInGround(admin, { treeIds: [treeId], on: daysAgo(8), recordedBy: "cli" });
    expect(
      await refusal(recordCheck(admin, { treeId, on: daysAgo(9), health: "alive", recordedBy: "cli" })),
    ).toMatchObject({
      reason: "before-in-ground",
    });
    await recordCheck(admin, { treeId, on: daysAgo(4), health: "alive", recordedBy: "cli" });
    expect(
      await refusal(recordCheck(admin, { treeId, on: daysAgo(5), health: "alive", recordedBy: "cli" })),
    ).toMatchObject({
      reason: "before-last-check",
    });
    expect(
      await refusal(declareDeath(admin, { treeId, on: daysAgo(5), reason: "flood", recordedBy: "cli" })),
    ).toMatchObject({
      reason: "before-last-check",
    });
    expect(
      await refusal(declareDeath(admin, { treeId, on: daysAgo(-1), reason: "flood", recordedBy: "cli" })),
    ).toMatchObject({
      reason: "in-future",
    });
    expect(await historyOf(treeId)).toEqual(["in_ground", "checked"]);
    expect((await treeLife(admin, treeId)).status).toBe("monitored");
  });

  it("refuses a point outside the site, and writes none of a batch with one wrong tree", async () => {
    const { caller, admin } = await operator();
    const a = await orderedTree(caller);
    const b = await orderedTree(caller);
    expect(
      await refusal(
        recordInGround(admin, {
          treeIds: [a.treeId],
          on: today(),
          latitude: 50.6,
          longitude: 4.5,
          recordedBy: "cli",
        }),
      ),
    ).toMatchObject({ field: "tree.point", reason: "outside-site" });
    await recordInGround(admin, { treeIds: [b.treeId], on: today(), recordedBy: "cli" });
    expect(
      await refusal(recordInGround(admin, { treeIds: [a.treeId, b.treeId], on: today(), recordedBy: "cli" })),
    ).toMatchObject({
      reason: "already-in-ground",
    });
    expect((await treeLife(admin, a.treeId)).status).toBe("ordered");
    expect(await historyOf(a.treeId)).toEqual([]);
    expect(await eventsOf(a.memorialId)).not.toContain("tree.in_ground");
  });

  it("does not find another operator's tree, nor a tree of the other environment", async () => {
    const mine = await operator();
    const theirs = await operator();
    const { treeId } = await orderedTree(theirs.caller);
    for (const attempt of [
      () => recordInGround(mine.admin, { treeIds: [treeId], on: today(), recordedBy: "cli" }),
      () => recordCheck(mine.admin, { treeId, on: today(), health: "alive", recordedBy: "cli" }),
      () => declareDeath(mine.admin, { treeId, on: today(), reason: "fire", recordedBy: "cli" }),
      () => recordInGround(theirs.testCaller, { treeIds: [treeId], on: today(), recordedBy: "cli" }),
    ]) {
      expect(await refusal(attempt())).toMatchObject({ code: "NOT_FOUND" });
    }
    // Reading follows Infos: a public memorial's production tree is read by anyone; a test key
    // reads only its own operator's test trees; the public never reads a test tree.
    expect((await treeLife(mine.caller, treeId)).treeId).toBe(treeId);
    expect((await treeLife(VISITOR, treeId)).treeId).toBe(treeId);
    expect(await refusal(treeLife(theirs.testCaller, treeId))).toMatchObject({ code: "NOT_FOUND" });
    const test = await orderedTree(theirs.testCaller);
    expect((await treeLife(theirs.testCaller, test.treeId)).treeId).toBe(test.treeId);
    for (const scope of [mine.testCaller, mine.caller, theirs.caller, VISITOR]) {
      expect(await refusal(treeLife(scope, test.treeId))).toMatchObject({ code: "NOT_FOUND" });
    }
    // A hidden memorial's tree is its operator's only.
    await db.memorial.update({
      where: { id: (await db.tree.findUniqueOrThrow({ where: { id: treeId } })).memorialId },
      data: { hiddenAt: new Date() },
    });
    expect(await refusal(treeLife(mine.caller, treeId))).toMatchObject({ code: "NOT_FOUND" });
    expect((await treeLife(theirs.caller, treeId)).treeId).toBe(treeId);
  });
});

describe("the replacement guarantee", () => {
  it("does not replace a tree dead after REPLACEMENT_YEARS", async () => {
    const { caller, admin } = await operator();
    const { treeId, memorialId } = await orderedTree(caller, 800);
    await recordInGround(admin, { treeIds: [treeId], on: daysAgo(750), recordedBy: "cli" });
    process.env.REPLACEMENT_YEARS = "1";
    expect(
      await declareDeath(admin, { treeId, on: daysAgo(300), reason: "disease", recordedBy: "cli" }),
    ).toEqual({
      replacement: null,
    });
    expect((await treeLife(admin, treeId)).status).toBe("dead");
    expect(await db.tree.count({ where: { memorialId } })).toBe(1);
  });

  it("takes another species of the same site (closest CO2), else the same species at the nearest site", async () => {
    const { op, caller, admin } = await operator({ stock: 1, co2: 100 });
    const { treeId } = await orderedTree(caller);
    // The site's own species is now out of stock; two others at the same site.
    const species = async (co2: number) =>
      actingAs(COMMAND_LINE, () =>
        createSpecies({
          name: unique("Species"),
          latinName: "Betula",
          type: null,
          maxHeightM: 20,
          lifespanYears: 100,
          co2KgPerTree: co2,
          unitPrice: 30,
        }),
      );
    const far = await species(300);
    const close = await species(120);
    await addStockAsCommandLine(op.plantationId, far.id, 5);
    await addStockAsCommandLine(op.plantationId, close.id, 5);
    await recordInGround(admin, { treeIds: [treeId], on: today(), recordedBy: "cli" });
    const first = await declareDeath(admin, { treeId, on: today(), reason: "fire", recordedBy: "cli" });
    const one = await db.tree.findUniqueOrThrow({
      where: { id: (first.replacement as { treeId: number }).treeId },
    });
    expect({ plantationId: one.plantationId, speciesId: one.speciesId }).toEqual({
      plantationId: op.plantationId,
      speciesId: close.id,
    });

    // A tree of the site's own species at a site with no stock of any kind: the same species at
    // the nearest site that has it.
    const site = async (latitude: number) =>
      actingAs(COMMAND_LINE, () =>
        createPlantation({ name: unique("Site"), country: "ZZ", region: "R", latitude, longitude: 4.5 }),
      );
    const empty = await site(50.5);
    const near = await site(50.7);
    const distant = await site(52);
    await addStockAsCommandLine(near.id, op.speciesId, 1);
    await addStockAsCommandLine(distant.id, op.speciesId, 1);
    const second = await orderedTree(caller);
    await db.tree.update({
      where: { id: second.treeId },
      data: { plantationId: empty.id, speciesId: op.speciesId },
    });
    await recordInGround(admin, { treeIds: [second.treeId], on: today(), recordedBy: "cli" });
    const r = await declareDeath(admin, {
      treeId: second.treeId,
      on: today(),
      reason: "fire",
      recordedBy: "cli",
    });
    const two = await db.tree.findUniqueOrThrow({
      where: { id: (r.replacement as { treeId: number }).treeId },
    });
    expect({ plantationId: two.plantationId, speciesId: two.speciesId }).toEqual({
      plantationId: near.id,
      speciesId: op.speciesId,
    });
    expect(await stockOf(near.id, op.speciesId)).toBe(0);
    expect(await stockOf(distant.id, op.speciesId)).toBe(1);
  });

  it("waits in the planting queue when no stock is left, and is served once stock returns", async () => {
    const { op, caller, admin } = await operator({ stock: 1 });
    const { treeId, memorialId } = await orderedTree(caller);
    await recordInGround(admin, { treeIds: [treeId], on: today(), recordedBy: "cli" });
    expect(await declareDeath(admin, { treeId, on: today(), reason: "flood", recordedBy: "cli" })).toEqual({
      replacement: { queued: true },
    });
    expect((await treeLife(admin, treeId)).status).toBe("dead");
    const queued = await db.queuedPlanting.findFirstOrThrow({ where: { replacesTreeId: treeId } });
    expect(queued.plantedAt).toBeNull();
    // A waiting replacement does not hold back the operator's next confirmations.
    expect(await hasWaitingPlantings(db as unknown as Tx, op.operatorId, false)).toBe(false);
    await serveQueue();
    expect((await treeLife(admin, treeId)).status).toBe("dead");

    await addStockAsCommandLine(op.plantationId, op.speciesId, 2);
    await serveQueueUntilServed({ id: queued.id });
    const life = await treeLife(admin, treeId);
    expect(life.status).toBe("replaced");
    expect(life.history.map((h) => h.step)).toEqual(["in_ground", "died", "replaced"]);
    const served = await db.queuedPlanting.findUniqueOrThrow({ where: { id: queued.id } });
    expect(served.treeId).toBe(life.replacedByTreeId);
    expect(await db.tree.findUniqueOrThrow({ where: { id: served.treeId! } })).toMatchObject({
      memorialId,
      replacesTreeId: treeId,
      free: true,
    });
    expect(await stockOf(op.plantationId, op.speciesId)).toBe(1);
    expect(await db.domainEvent.count({ where: { memorialId, type: "tree.replaced" } })).toBe(1);
    // Served once: another pass changes nothing.
    await serveQueue();
    expect(await db.tree.count({ where: { replacesTreeId: treeId } })).toBe(1);
  });
});

describe("simultaneous declarations of death", () => {
  it("of one tree: one wins, the others are refused 'already dead', one replacement", async () => {
    const { op, caller, admin } = await operator({ stock: 10 });
    const { treeId } = await orderedTree(caller);
    await recordInGround(admin, { treeIds: [treeId], on: today(), recordedBy: "cli" });
    const stockBefore = await stockOf(op.plantationId, op.speciesId);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        declareDeath(admin, { treeId, on: today(), reason: "fire", recordedBy: "cli" }),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const lost of results.filter((r) => r.status === "rejected")) {
      const error = (lost as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(DomainError);
      expect(error.problem).toEqual({ field: "tree.status", reason: "already-dead" });
    }
    expect(await db.tree.count({ where: { replacesTreeId: treeId } })).toBe(1);
    expect(await historyOf(treeId)).toEqual(["in_ground", "died", "replaced"]);
    expect(await stockOf(op.plantationId, op.speciesId)).toBe(stockBefore - 1);
  });

  it("of trees sharing the last tree of stock: one replaced now, the others queued, stock never below zero", async () => {
    const { op, caller, admin } = await operator({ stock: 8 });
    const trees: number[] = [];
    for (let i = 0; i < 8; i++) trees.push((await orderedTree(caller)).treeId);
    await recordInGround(admin as OperatorScope, { treeIds: trees, on: today(), recordedBy: "cli" });
    expect(await stockOf(op.plantationId, op.speciesId)).toBe(0);
    await addStockAsCommandLine(op.plantationId, op.speciesId, 1);
    const results = await Promise.all(
      trees.map((treeId) => declareDeath(admin, { treeId, on: today(), reason: "fire", recordedBy: "cli" })),
    );
    expect(results.filter((r) => r.replacement && "treeId" in r.replacement)).toHaveLength(1);
    expect(results.filter((r) => r.replacement && "queued" in r.replacement)).toHaveLength(7);
    expect(await stockOf(op.plantationId, op.speciesId)).toBe(0);
    expect(await db.queuedPlanting.count({ where: { replacesTreeId: { in: trees }, plantedAt: null } })).toBe(
      7,
    );
  });
});
