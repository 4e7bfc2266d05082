// The command line's tree commands: tree show, tree in-ground, tree check, tree died, through
// test/support/cli.ts against the real PostgreSQL. A success prints one JSON object; a step the
// rules refuse exits with status 1 and the rule's message on standard error, and writes nothing;
// bad arguments exit with status 2.

import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@memorial/lib/db/client";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { readPhoto } from "@memorial/lib/photos/photos";
import { utcDay } from "@memorial/lib/trees/transitions";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator } from "@/e2e/support/factories";
import { runCli } from "./support/cli";
import { fixtureMemorial } from "./support/memorials";

/** The arguments of tree check (with its health) or tree died (with its cause), for a tree and a day. */
const stepArgs = (step: "check" | "died", id: string, on: string, what: string) => {
  const flag = step === "check" ? "--health" : "--reason";
  return ["tree", step, "--id", id, "--on", on, flag, what];
};
const checkArgs = (id: string, on: string, health: string) => stepArgs("check", id, on, health);
const diedArgs = (id: string, on: string, reason: string) => stepArgs("died", id, on, reason);

afterAll(() => db.$disconnect());

const daysAgo = (n: number) => utcDay(new Date(Date.now() - n * 86_400_000));

async function orderedTree() {
  const op = await makeIsolatedOperator({ stock: 10 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const { memorialId } = await fixtureMemorial(caller);
  const tree = await db.tree.findFirstOrThrow({ where: { memorialId } });
  await db.$executeRaw`UPDATE "tree" SET "planted_at" = now() - interval '30 days' WHERE "id" = ${tree.id}`;
  return { op, treeId: tree.id, memorialId };
}

async function ok(...args: string[]) {
  const run = await runCli(...args);
  expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(0);
  expect(run.json).not.toBeNull();
  return run.json;
}

async function refused(code: number, message: RegExp, ...args: string[]) {
  const run = await runCli(...args);
  expect(run.code, `exit status of ${args.join(" ")}`).toBe(code);
  expect(run.stderr).toMatch(message);
  expect(run.json).toBeNull();
}

const history = async (treeId: number) =>
  (await db.treeHistory.findMany({ where: { treeId }, orderBy: { id: "asc" } })).map((h) => [
    h.step,
    h.recordedBy,
  ]);

describe("tree commands", { timeout: 120_000 }, () => {
  it("record a tree's life from the order to its replacement, and show it", async () => {
    const { treeId, memorialId } = await orderedTree();
    expect(await ok("tree", "show", "--id", String(treeId))).toMatchObject({
      treeId,
      status: "ordered",
      memorialId,
    });
    expect(
      await ok(
        "tree",
        "in-ground",
        "--ids",
        String(treeId),
        "--on",
        daysAgo(20),
        "--lat",
        "50.51",
        "--lng",
        "4.49",
        "--by",
        "Équipe Ardennes",
      ),
    ).toEqual({ treeIds: [treeId] });
    expect(await ok(...checkArgs(String(treeId), daysAgo(10), "alive"), "--height-cm", "60")).toEqual({
      treeId,
    });
    const died = await ok(...diedArgs(String(treeId), daysAgo(1), "flood"), "--note", "crue");
    expect(died).toEqual({ replacement: { treeId: expect.any(Number) } });
    const shown = await ok("tree", "show", "--id", String(treeId));
    expect(shown).toMatchObject({
      status: "replaced",
      inGroundOn: daysAgo(20),
      latitude: "50.51",
      longitude: "4.49",
      plantedBy: "Équipe Ardennes",
      lastCheck: { on: daysAgo(10), health: "alive", heightCm: 60 },
      diedOn: daysAgo(1),
      deathReason: "flood",
      replacedByTreeId: died.replacement.treeId,
    });
    expect(shown.history.map((h: { step: string }) => h.step)).toEqual([
      "in_ground",
      "checked",
      "died",
      "replaced",
    ]);
    expect(await history(treeId)).toEqual([
      ["in_ground", "cli"],
      ["checked", "cli"],
      ["died", "cli"],
      ["replaced", "cli"],
    ]);
  });

  it("refuse what the rules refuse of an ordered tree with status 1 and the rule's message, writing nothing", async () => {
    const { treeId } = await orderedTree();
    const id = String(treeId);
    await refused(
      1,
      new RegExp(`tree check: tree ${treeId} is not in the ground yet`),
      ...checkArgs(id, daysAgo(0), "alive"),
    );
    await refused(1, /tree died: tree \d+ is not in the ground yet/, ...diedArgs(id, daysAgo(0), "fire"));
    await refused(1, /before the order/, "tree", "in-ground", "--ids", id, "--on", daysAgo(31));
    await refused(1, /in the future/, "tree", "in-ground", "--ids", id, "--on", daysAgo(-2));
    await refused(
      1,
      /km from the planting site: it must be within 5 km/,
      "tree",
      "in-ground",
      "--ids",
      id,
      "--on",
      daysAgo(1),
      "--lat",
      "51.5",
      "--lng",
      "4.5",
    );
    await refused(1, /tree 2147483647 not found/, "tree", "show", "--id", "2147483647");
    expect(await history(treeId)).toEqual([]);
  });

  it("refuse a step the state of a tree in the ground or dead does not allow, with status 1", async () => {
    const { treeId } = await orderedTree();
    const id = String(treeId);
    await ok("tree", "in-ground", "--ids", id, "--on", daysAgo(5));
    await refused(1, /already in the ground/, "tree", "in-ground", "--ids", id, "--on", daysAgo(5));
    await refused(1, /a tree found dead is declared dead/, ...checkArgs(id, daysAgo(1), "dead"));
    await refused(
      1,
      /the reason is one of drought, fire, flood, disease, other/,
      ...diedArgs(id, daysAgo(1), "storm"),
    );
    await refused(1, /before the day it was put in the ground/, ...checkArgs(id, daysAgo(6), "sick"));
    await ok(...diedArgs(id, daysAgo(1), "fire"));
    await refused(1, new RegExp(`tree ${treeId} is already dead`), ...checkArgs(id, daysAgo(0), "alive"));
    await refused(1, /already dead/, ...diedArgs(id, daysAgo(0), "fire"));
    expect((await history(treeId)).map(([step]) => step)).toEqual(["in_ground", "died", "replaced"]);
  });

  it("refuse bad arguments with status 2", async () => {
    await refused(
      2,
      /--ids: "x" is not a tree id/,
      "tree",
      "in-ground",
      "--ids",
      "1,x",
      "--on",
      "2026-01-01",
    );
    await refused(2, /--on must be a day written YYYY-MM-DD/, ...checkArgs("1", "1/1/2026", "alive"));
    await refused(
      2,
      /--lat and --lng go together/,
      "tree",
      "in-ground",
      "--ids",
      "1",
      "--on",
      "2026-01-01",
      "--lat",
      "50",
    );
    await refused(2, /--reason is required/, "tree", "died", "--id", "1", "--on", "2026-01-01");
  });

  it("store a field photo given with --photo without its location, and refuse a file that is not a photo", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "cli-photo-"));
    const jpeg = path.join(folder, "tree.jpg");
    await writeFile(
      jpeg,
      await sharp({
        create: { width: 2000, height: 1000, channels: 3, background: { r: 20, g: 120, b: 40 } },
      })
        .jpeg()
        .withExifMerge({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "50/1 51/1 1234/100" } })
        .toBuffer(),
    );
    const text = path.join(folder, "notes.txt");
    await writeFile(text, "planted by the river");
    const { treeId } = await orderedTree();
    const on = daysAgo(2);

    await refused(1, /photo/i, "tree", "in-ground", "--ids", String(treeId), "--on", on, "--photo", text);
    await refused(
      2,
      /--photo: cannot read/,
      "tree",
      "in-ground",
      "--ids",
      String(treeId),
      "--on",
      on,
      "--photo",
      path.join(folder, "none.jpg"),
    );
    expect((await db.tree.findUniqueOrThrow({ where: { id: treeId } })).status).toBe("ordered");

    await ok("tree", "in-ground", "--ids", String(treeId), "--on", on, "--photo", jpeg);
    const { photoKey } = await db.tree.findUniqueOrThrow({ where: { id: treeId } });
    expect(photoKey).toMatch(/^[0-9a-f]{32}$/);
    const stored = await readPhoto(photoKey as string);
    const metadata = await sharp(stored?.body).metadata();
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([1600, 800, undefined]);

    await ok(...checkArgs(String(treeId), daysAgo(1), "alive"), "--photo", jpeg);
    const [check] = await db.treeHistory.findMany({ where: { treeId, step: "checked" } });
    expect(check.photoKey).toBe(photoKey);
  });
});
