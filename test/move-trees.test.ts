// On the real PostgreSQL: moving trees between an operator's memorials
// (lib/trees/move-trees.ts). The trees keep their id, history and transaction; their memorial and
// person follow the target; one tree_move row per tree and one tree.moved event per move; every
// refusal writes nothing; ten moves of the same tree at once end with one consistent result.
import { actingAs } from "@memorial/lib/audit/actor";
import { withEvents } from "@memorial/lib/changes/record";
import { db } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { moveTrees, type TreeMoveInput } from "@memorial/lib/trees/move-trees";
import { afterAll, describe, expect, it } from "vitest";
import { COMMAND_LINE, makeIsolatedOperator } from "@/e2e/support/factories";
import { awaitingFamilyTarget, newMemorialTarget, plantingCommand } from "./support/commands";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

const ORIGIN = "http://trees.test";

async function operator() {
  const op = await makeIsolatedOperator({ stock: 100 });
  const caller = (await authenticateKey(op.key)) as Caller;
  return { op, caller };
}

/** A new memorial with its first tree, and `more` trees planted in it after. */
async function memorial(caller: Caller, lastName: string, more = 0) {
  const created = await fixtureMemorial(
    caller,
    plantingCommand(newMemorialTarget({ deceased: { lastName } }), {
      planter: "Les voisins",
      message: "Pour toi",
    }),
    ORIGIN,
  );
  for (let i = 0; i < more; i++) {
    await fixtureMemorial(
      caller,
      plantingCommand({ kind: "existing", memorialId: created.memorialId }),
      ORIGIN,
    );
  }
  return created;
}

// A move as the command line's `trees move` makes it (their `by` is mostly "cli"): it acts.
const move = (input: TreeMoveInput) =>
  actingAs(COMMAND_LINE, () => withEvents((tx, changes) => moveTrees(tx, changes, input)));
const treesOf = (memorialId: number) => db.tree.findMany({ where: { memorialId }, orderBy: { id: "asc" } });
const movesOf = (treeId: number) => db.treeMove.findMany({ where: { treeId }, orderBy: { id: "asc" } });
const movedEvents = (operatorId: number) =>
  db.domainEvent.findMany({ where: { operatorId, type: "tree.moved" }, orderBy: { id: "asc" } });

/** What a refusal must leave as it was: the trees' memorials, the moves and the changes. */
async function snapshot(operatorId: number) {
  const trees = await db.tree.findMany({
    where: { operatorId },
    select: { id: true, memorialId: true, personId: true },
    orderBy: { id: "asc" },
  });
  const moves = await db.treeMove.count({ where: { operatorId } });
  return { trees, moves, changes: (await movedEvents(operatorId)).length };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("moving trees", () => {
  it("moves one tree: it keeps its id, history, planter and transaction; memorial and person follow", async () => {
    const { op, caller } = await operator();
    const from = await memorial(caller, "Source", 1);
    const to = await memorial(caller, "Cible");
    const [tree, other] = await treesOf(from.memorialId);
    await db.treeHistory.create({
      data: { treeId: tree!.id, step: "in_ground", occurredOn: new Date("2026-11-01"), recordedBy: "cli" },
    });
    await db.$executeRaw`UPDATE "tree" SET "status" = 'in_ground', "in_ground_on" = '2026-11-01' WHERE "id" = ${tree!.id}`;

    const result = await move({
      operatorId: op.operatorId,
      fromMemorialId: from.memorialId,
      toMemorialId: to.memorialId,
      treeIds: [tree!.id],
      by: "cli",
    });
    expect(result).toEqual({
      movedTreeIds: [tree!.id],
      fromMemorialId: from.memorialId,
      toMemorialId: to.memorialId,
    });
    const moved = await db.tree.findUniqueOrThrow({ where: { id: tree!.id } });
    expect(moved).toMatchObject({
      memorialId: to.memorialId,
      personId: to.personId,
      planter: tree!.planter,
      message: tree!.message,
      transactionId: tree!.transactionId,
      epfId: tree!.epfId,
      status: "in_ground",
    });
    expect(await db.treeHistory.count({ where: { treeId: tree!.id } })).toBe(1);
    // The transaction is an accounting record: it still names the memorial the tree was paid for.
    const transaction = await db.transaction.findUniqueOrThrow({ where: { id: tree!.transactionId } });
    expect(transaction.memorialId).toBe(from.memorialId);
    // The other tree stays.
    expect((await treesOf(from.memorialId)).map((t) => t.id)).toEqual([other!.id]);
    expect(await movesOf(tree!.id)).toMatchObject([
      { fromMemorialId: from.memorialId, toMemorialId: to.memorialId, movedBy: "cli", mergeId: null },
    ]);
    const [event] = await movedEvents(op.operatorId);
    expect(event).toMatchObject({
      memorialId: to.memorialId,
      payload: {
        treeIds: [tree!.id],
        fromMemorialId: from.memorialId,
        toMemorialId: to.memorialId,
        mergeId: null,
        memorialIds: [from.memorialId],
      },
    });
  });

  it('moves every tree with "all", into the global memorial too, and records the merge that moved them', async () => {
    const { op, caller } = await operator();
    const from = await memorial(caller, "Tous", 2);
    const to = await fixtureMemorial(caller, plantingCommand({ kind: "orphan" }), ORIGIN);
    const global = await db.memorial.findUniqueOrThrow({ where: { id: to.memorialId } });
    expect(global.kind).toBe("global");
    const ids = (await treesOf(from.memorialId)).map((t) => t.id);
    // A merge's record the move names, as lib/duplicates/merge-memorials.ts writes it.
    const [pair] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO "memorial_duplicate" ("operator_id", "first_memorial_id", "second_memorial_id",
        "name_similarity", "death_days_apart")
      VALUES (${op.operatorId}, ${Math.min(from.memorialId, global.id)}, ${Math.max(from.memorialId, global.id)}, 1, 0)
      RETURNING "id"`;
    const [merge] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO "memorial_merge" ("operator_id", "duplicate_id", "kept_memorial_id", "merged_memorial_id", "merged_by")
      VALUES (${op.operatorId}, ${pair!.id}, ${global.id}, ${from.memorialId}, 'service') RETURNING "id"`;
    const mergeId = merge!.id;
    const result = await move({
      operatorId: op.operatorId,
      fromMemorialId: from.memorialId,
      toMemorialId: global.id,
      treeIds: "all",
      by: "service",
      mergeId,
    });
    expect(result.movedTreeIds).toEqual(ids);
    expect(await treesOf(from.memorialId)).toEqual([]);
    const now = await db.tree.findMany({ where: { id: { in: ids } } });
    expect(now.every((t) => t.memorialId === global.id && t.personId === null)).toBe(true);
    expect(await db.treeMove.count({ where: { treeId: { in: ids }, mergeId } })).toBe(3);
    // Nothing left to move: nothing written, no event.
    const again = await move({
      operatorId: op.operatorId,
      fromMemorialId: from.memorialId,
      toMemorialId: global.id,
      treeIds: "all",
      by: "service",
    });
    expect(again.movedTreeIds).toEqual([]);
    expect(await movedEvents(op.operatorId)).toHaveLength(1);
  });

  it("leaves in place the trees another operator planted in the memorial", async () => {
    const { op, caller } = await operator();
    const other = await operator();
    const from = await memorial(caller, "Partage");
    const to = await memorial(caller, "Ailleurs");
    // A newspaper plants in the funeral home's public memorial.
    await fixtureMemorial(
      other.caller,
      plantingCommand({ kind: "existing", memorialId: from.memorialId }),
      ORIGIN,
    );
    const [own, foreign] = await treesOf(from.memorialId);
    const result = await move({
      operatorId: op.operatorId,
      fromMemorialId: from.memorialId,
      toMemorialId: to.memorialId,
      treeIds: "all",
      by: "cli",
    });
    expect(result.movedTreeIds).toEqual([own!.id]);
    expect((await treesOf(from.memorialId)).map((t) => t.id)).toEqual([foreign!.id]);
    // Naming it is refused.
    const before = await snapshot(op.operatorId);
    const error = await refusal(
      move({
        operatorId: op.operatorId,
        fromMemorialId: from.memorialId,
        toMemorialId: to.memorialId,
        treeIds: [foreign!.id],
        by: "cli",
      }),
    );
    expect(error.code).toBe("NOT_FOUND");
    expect(error.message).toContain(`tree ${foreign!.id}`);
    expect(await snapshot(op.operatorId)).toEqual(before);
  });

  it("refuses, writing nothing: same memorial, another operator's memorial, a tree of another memorial, a closed, awaiting or hidden target, test and live mixed", async () => {
    const { op, caller } = await operator();
    const other = await operator();
    const from = await memorial(caller, "Refus", 1);
    const to = await memorial(caller, "Refus cible");
    const [tree, second] = await treesOf(from.memorialId);
    const [targetTree] = await treesOf(to.memorialId);
    const theirs = await memorial(other.caller, "Autre");
    const awaiting = await fixtureMemorial(
      caller,
      plantingCommand(awaitingFamilyTarget("family@example.org")),
      ORIGIN,
    );
    const closed = await memorial(caller, "Close");
    await db.$executeRaw`UPDATE "memorial" SET "status" = 'expired', "closed_at" = now(), "closed_reason" = 'declined'
      WHERE "id" = ${closed.memorialId}`;
    const hidden = await memorial(caller, "Cachee");
    await db.memorial.update({ where: { id: hidden.memorialId }, data: { hiddenAt: new Date() } });
    const testMemorial = await memorial(caller, "Essai");
    await db.memorial.update({ where: { id: testMemorial.memorialId }, data: { isTest: true } });

    const base = {
      operatorId: op.operatorId,
      fromMemorialId: from.memorialId,
      toMemorialId: to.memorialId,
      treeIds: [tree!.id],
      by: "cli",
    };
    const cases: [Partial<TreeMoveInput>, string, RegExp][] = [
      [{ toMemorialId: from.memorialId }, "INVALID_INPUT", /already in this memorial/],
      [
        { toMemorialId: theirs.memorialId },
        "NOT_FOUND",
        new RegExp(`memorial ${theirs.memorialId} does not exist`),
      ],
      [{ fromMemorialId: theirs.memorialId }, "NOT_FOUND", /does not exist/],
      [{ toMemorialId: 2_000_000_000 }, "NOT_FOUND", /does not exist/],
      [{ treeIds: [tree!.id, targetTree!.id] }, "NOT_FOUND", new RegExp(`tree ${targetTree!.id} is not`)],
      [{ treeIds: [] }, "INVALID_INPUT", /at least one tree/],
      [{ treeIds: [0] }, "INVALID_INPUT", /not a tree id/],
      [{ toMemorialId: awaiting.memorialId }, "MEMORIAL_CLOSED", /awaits its family/],
      [{ toMemorialId: closed.memorialId }, "MEMORIAL_CLOSED", /is closed/],
      [{ toMemorialId: hidden.memorialId }, "MEMORIAL_CLOSED", /hidden by its family/],
      [{ toMemorialId: testMemorial.memorialId }, "INVALID_INPUT", /same environment/],
      // A test key's move sees only test memorials.
      [{ isTest: true }, "NOT_FOUND", /does not exist/],
    ];
    const before = await snapshot(op.operatorId);
    for (const [change, code, message] of cases) {
      const error = await refusal(move({ ...base, ...change }));
      expect([error.code, error.message]).toEqual([code, expect.stringMatching(message)]);
      expect(error.status).toBe(code === "MEMORIAL_CLOSED" ? 409 : code === "NOT_FOUND" ? 404 : 400);
    }
    expect(await snapshot(op.operatorId)).toEqual(before);
    expect((await treesOf(from.memorialId)).map((t) => t.id)).toEqual([tree!.id, second!.id]);
  });

  it("ends consistent when ten moves of the same tree run at once", async () => {
    const { op, caller } = await operator();
    const from = await memorial(caller, "Course");
    const targets = [await memorial(caller, "Course A"), await memorial(caller, "Course B")];
    const [tree] = await treesOf(from.memorialId);
    // Five to each target, and the reverse direction's locks taken in the same order.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        move({
          operatorId: op.operatorId,
          fromMemorialId: from.memorialId,
          toMemorialId: targets[i % 2]!.memorialId,
          treeIds: [tree!.id],
          by: `racer ${i}`,
        }),
      ),
    );
    const won = outcomes.filter((o) => o.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const lost of outcomes.filter((o) => o.status === "rejected")) {
      expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: "NOT_FOUND" });
    }
    const winner = (won[0] as PromiseFulfilledResult<{ toMemorialId: number }>).value;
    const now = await db.tree.findUniqueOrThrow({ where: { id: tree!.id } });
    expect(now.memorialId).toBe(winner.toMemorialId);
    expect(await movesOf(tree!.id)).toMatchObject([{ toMemorialId: winner.toMemorialId }]);
    expect(await movedEvents(op.operatorId)).toHaveLength(1);

    // Back and forth at once between two memorials: no deadlock, each move whole.
    const [a, b] = targets.map((t) => t.memorialId) as [number, number];
    const back = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        move({
          operatorId: op.operatorId,
          fromMemorialId: i % 2 ? a : b,
          toMemorialId: i % 2 ? b : a,
          treeIds: "all",
          by: `swing ${i}`,
        }),
      ),
    );
    expect(back.every((o) => o.status === "fulfilled")).toBe(true);
    const moves = await movesOf(tree!.id);
    const last = moves.at(-1)!;
    expect((await db.tree.findUniqueOrThrow({ where: { id: tree!.id } })).memorialId).toBe(last.toMemorialId);
    // Each recorded move starts where the previous one ended.
    for (let i = 1; i < moves.length; i++) expect(moves[i]!.fromMemorialId).toBe(moves[i - 1]!.toMemorialId);
  });
});
