// From the command line: `tree move` moves the operator's trees between its memorials
// (one or several named with --tree, or every one), records the move and its event, and refuses
// another operator's memorial or a target that cannot take trees, writing nothing.
import { db } from "@memorial/lib/db/client";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator } from "@/e2e/support/factories";
import { runCli } from "./support/cli";
import { awaitingFamilyTarget, newMemorialTarget, plantingCommand } from "./support/commands";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

const ORIGIN = "http://trees.test";

async function operator() {
  const op = await makeIsolatedOperator({ stock: 50 });
  return { op, caller: (await authenticateKey(op.key)) as Caller };
}

async function memorial(caller: Caller, lastName: string, more = 0) {
  const { memorialId } = await fixtureMemorial(
    caller,
    plantingCommand(newMemorialTarget({ deceased: { lastName } })),
    ORIGIN,
  );
  for (let i = 0; i < more; i++) {
    await fixtureMemorial(caller, plantingCommand({ kind: "existing", memorialId }), ORIGIN);
  }
  return memorialId;
}

const treeIds = async (memorialId: number) =>
  (await db.tree.findMany({ where: { memorialId }, orderBy: { id: "asc" } })).map((t) => t.id);

const move = (operatorId: number, from: number, to: number, ...extra: string[]) =>
  runCli(
    "tree",
    "move",
    "--operator",
    String(operatorId),
    "--from",
    String(from),
    "--to",
    String(to),
    ...extra,
  );

describe("tree move", () => {
  it("moves the trees named by --tree, then every tree without it, recording each move", async () => {
    const { op, caller } = await operator();
    const from = await memorial(caller, "Ligne", 2);
    const to = await memorial(caller, "Commande");
    const [a, b, c] = await treeIds(from);

    const named = await move(op.operatorId, from, to, "--tree", String(a), "--tree", String(b));
    expect(named.code, named.stderr).toBe(0);
    expect(named.json).toEqual({ ok: true, movedTreeIds: [a, b], fromMemorialId: from, toMemorialId: to });
    expect(await treeIds(from)).toEqual([c]);
    expect(
      await db.treeMove.findMany({ where: { treeId: a }, select: { movedBy: true, toMemorialId: true } }),
    ).toEqual([{ movedBy: "cli", toMemorialId: to }]);

    const all = await move(op.operatorId, from, to);
    expect(all.code, all.stderr).toBe(0);
    expect(all.json.movedTreeIds).toEqual([c]);
    expect(await treeIds(from)).toEqual([]);
    expect(await db.domainEvent.count({ where: { operatorId: op.operatorId, type: "tree.moved" } })).toBe(2);
  });

  it("refuses another operator's memorial, a target awaiting its family, a tree not in --from and bad arguments, writing nothing", async () => {
    const { op, caller } = await operator();
    const other = await operator();
    const from = await memorial(caller, "Refus");
    const to = await memorial(caller, "Ailleurs");
    const theirs = await memorial(other.caller, "Autre");
    const awaiting = await fixtureMemorial(
      caller,
      plantingCommand(awaitingFamilyTarget("famille@example.org")),
      ORIGIN,
    );
    const [targetTree] = await treeIds(to);
    const before = { from: await treeIds(from), to: await treeIds(to) };

    const refusals: [string[], number, RegExp][] = [
      [["--from", String(from), "--to", String(theirs)], 1, new RegExp(`memorial ${theirs} does not exist`)],
      [["--from", String(from), "--to", String(awaiting.memorialId)], 1, /awaits its family's confirmation/],
      [
        ["--from", String(from), "--to", String(to), "--tree", String(targetTree)],
        1,
        /is not one of your trees/,
      ],
      [["--from", String(from), "--to", String(from)], 1, /already in this memorial/],
      // A live memorial is not found among the test ones.
      [["--from", String(from), "--to", String(to), "--test"], 1, /does not exist/],
      [["--from", String(from), "--to", String(to), "--tree", "x"], 2, /--tree: "x" is not an id/],
      [["--from", String(from)], 2, /--to is required/],
    ];
    for (const [args, code, message] of refusals) {
      const run = await runCli("tree", "move", "--operator", String(op.operatorId), ...args);
      // The arguments and what the command printed: a code past 128 is a signal (139: SIGSEGV).
      expect(run.code, `${args.join(" ")}\n${run.stderr}`).toBe(code);
      expect(run.stderr).toMatch(message);
    }
    expect({ from: await treeIds(from), to: await treeIds(to) }).toEqual(before);
    expect(await db.treeMove.count({ where: { operatorId: op.operatorId } })).toBe(0);
  });
});
