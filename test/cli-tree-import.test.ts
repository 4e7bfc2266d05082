// `tree import FILE.csv` through the command line (test/support/cli.ts), against the real
// PostgreSQL of test/global-setup.ts. A good sheet prints the report of its lines and exits 0; a
// sheet with a bad line prints that line's reason on standard error, writes nothing and exits 1.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@memorial/lib/db/client";
import { afterAll, describe, expect, it } from "vitest";
import { orderedTrees } from "@/e2e/support/trees";
import { runCli } from "./support/cli";

afterAll(() => db.$disconnect());

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const cli = runCli;

async function twoTrees() {
  const { op, ids } = await orderedTrees(2, { plantedAt: new Date(Date.now() - 10 * 86_400_000) });
  return { operatorId: op.operatorId, ids };
}

async function sheetFile(lines: string[]) {
  const dir = await mkdtemp(path.join(tmpdir(), "tree-sheet-"));
  const file = path.join(dir, "field.csv");
  await writeFile(file, ["tree_id,step,date,health,reason", ...lines].join("\n"));
  return file;
}

describe("tree import", () => {
  it("records a good sheet and prints the report of its lines", async () => {
    const { operatorId, ids } = await twoTrees();
    const file = await sheetFile([
      `${ids[0]},in_ground,${daysAgo(3)},,`,
      `${ids[1]},in_ground,${daysAgo(3)},,`,
      `${ids[0]},check,${daysAgo(1)},alive,`,
    ]);
    const run = await cli("tree", "import", "--operator", String(operatorId), file);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "");
    expect(report).toEqual({
      ok: true,
      lines: [
        { line: 2, treeId: ids[0], step: "in_ground" },
        { line: 3, treeId: ids[1], step: "in_ground" },
        { line: 4, treeId: ids[0], step: "check" },
      ],
    });
    const trees = await db.tree.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(trees.map((t) => t.status)).toEqual(["monitored", "in_ground"]);
    const history = await db.treeHistory.findFirstOrThrow({ where: { treeId: ids[1] } });
    expect(history.recordedBy).toBe("import field.csv (cli)");
  });

  it("refuses a sheet with a bad line: its reason on standard error, nothing written, status 1", async () => {
    const { operatorId, ids } = await twoTrees();
    const file = await sheetFile([
      `${ids[0]},in_ground,${daysAgo(3)},,`,
      `${ids[1]},death,${daysAgo(1)},,fire`,
    ]);
    const run = await cli("tree", "import", "--operator", String(operatorId), file);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`line 3 \\(tree ${ids[1]}, death\\): step: .*not in the ground`));
    expect(run.stderr).toMatch(/1 of 2 lines refused; nothing was written/);
    expect(run.stdout).toBe("");
    const trees = await db.tree.findMany({ where: { id: { in: ids } } });
    expect(trees.map((t) => t.status)).toEqual(["ordered", "ordered"]);
  });

  it("needs the file and the operator", async () => {
    const none = await cli("tree", "import", "--operator", "1");
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/name the CSV file/);
    const missing = await cli("tree", "import", "--operator", "1", "/nonexistent/field.csv");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*ENOENT/);
  });
});
