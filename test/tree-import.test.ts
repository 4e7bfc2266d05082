// The import of a field team's sheet (lib/trees/import-sheet.ts) against the real
// PostgreSQL: a good sheet writes every line in one transaction; a sheet with one bad line writes
// nothing and says which line and why; a line is checked against the tree as the sheet's earlier
// lines leave it.

import { db } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";
import { serviceAdminScope } from "@memorial/lib/scope";
import { importTreeSheet as importTreeSheetUseCase } from "@memorial/lib/trees/import-sheet";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { asScopeActor } from "@/e2e/support/factories";
import { orderedTrees as ordered } from "@/e2e/support/trees";

afterAll(() => db.$disconnect());

const HEADER = "tree_id,step,date,latitude,longitude,planted_by,health,height_cm,reason,note";
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** An operator with `count` trees ordered 20 days ago, at its own site (50.5, 4.5). */
async function orderedTrees(count: number) {
  const { op, memorial, trees } = await ordered(count, {
    plantedAt: new Date(Date.now() - 20 * 86_400_000),
  });
  return {
    op,
    scope: serviceAdminScope(op.operatorId),
    ids: trees.map((t) => t.id),
    memorialId: memorial.id,
  };
}

/** What the sheet may have written: the trees' states and their history rows. */
async function written(ids: number[]) {
  const trees = await db.tree.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
  const history = await db.treeHistory.findMany({ where: { treeId: { in: ids } }, orderBy: { id: "asc" } });
  return { statuses: trees.map((t) => t.status), history };
}

/** The sheet imported as the command line's `trees import` does: its scope's actor acts. */
const importTreeSheet = asScopeActor(importTreeSheetUseCase);

const sheet = (...lines: string[]) => [HEADER, ...lines].join("\n");
const options = { fileName: "field.csv", recordedBy: "team@example.org" };

describe("importTreeSheet", () => {
  it("writes every line of a good sheet, in order, with who recorded it", async () => {
    const { scope, ids, memorialId } = await orderedTrees(3);
    const [a, b, c] = ids;
    const report = await importTreeSheet(
      scope,
      sheet(
        `${a},in_ground,${daysAgo(10)},50.501,4.502,Team Namur,,,,`,
        `${b},in_ground,${daysAgo(10)},,,,,,,`,
        `${a},check,${daysAgo(5)},,,,alive,45,,"first check, all good"`,
        `${b},death,${daysAgo(2)},,,,,,drought,"dry
summer"`,
        `${c},in_ground,${daysAgo(1)},,,,,,,`,
      ),
      options,
    );
    expect(report).toEqual({
      ok: true,
      lines: [
        { line: 2, treeId: a, step: "in_ground" },
        { line: 3, treeId: b, step: "in_ground" },
        { line: 4, treeId: a, step: "check" },
        { line: 5, treeId: b, step: "death" },
        // The note of line 5 holds a line break: the next line starts at line 7 of the file.
        { line: 7, treeId: c, step: "in_ground" },
      ],
    });
    const { statuses, history } = await written(ids);
    // b died within REPLACEMENT_YEARS: replaced from the site's stock in the same transaction.
    expect(statuses).toEqual(["monitored", "replaced", "in_ground"]);
    expect(history.map((h) => [h.treeId, h.step])).toEqual([
      [a, "in_ground"],
      [b, "in_ground"],
      [a, "checked"],
      [b, "died"],
      [b, "replaced"],
      [c, "in_ground"],
    ]);
    expect(history[0]).toMatchObject({
      plantedBy: "Team Namur",
      recordedBy: "import field.csv (team@example.org)",
    });
    expect(Number(history[0].latitude)).toBe(50.501);
    expect(history[2]).toMatchObject({ health: "alive", heightCm: 45, note: "first check, all good" });
    expect(history[3]).toMatchObject({ reason: "drought", note: "dry\nsummer" });
    const replacement = await db.tree.findUniqueOrThrow({ where: { replacesTreeId: b } });
    expect(replacement).toMatchObject({ memorialId, status: "ordered", free: true });
    const events = await db.domainEvent.findMany({
      where: { type: { startsWith: "tree." }, memorialId },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["tree.in_ground", "tree.checked", "tree.died", "tree.replaced"]),
    );
  });

  it("writes nothing when one line is wrong, and reports that line and every other", async () => {
    const { scope, ids } = await orderedTrees(2);
    const [a, b] = ids;
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const report = await importTreeSheet(
      scope,
      sheet(
        `${a},in_ground,${daysAgo(3)},,,,,,,`,
        `${b},in_ground,${tomorrow},,,,,,,`,
        `${a},check,${daysAgo(1)},,,,sick,,,`,
      ),
      options,
    );
    expect(report.ok).toBe(false);
    expect(report.lines).toEqual([
      { line: 2, treeId: a, step: "in_ground" },
      {
        line: 3,
        treeId: b,
        step: "in_ground",
        error: expect.stringMatching(/^date: .*future/),
        problem: { field: "date", reason: "in-future" },
      },
      { line: 4, treeId: a, step: "check" },
    ]);
    expect(await written(ids)).toEqual({ statuses: ["ordered", "ordered"], history: [] });
  });

  it("checks a line against the tree as the sheet's earlier lines leave it", async () => {
    const { scope, ids } = await orderedTrees(2);
    const [a, b] = ids;
    const report = await importTreeSheet(
      scope,
      sheet(
        // a: checked before the sheet puts it in the ground, then dead twice.
        `${a},check,${daysAgo(9)},,,,alive,,,`,
        `${a},in_ground,${daysAgo(8)},,,,,,,`,
        `${a},death,${daysAgo(3)},,,,,,fire,`,
        `${a},death,${daysAgo(2)},,,,,,flood,`,
        // b: a check dated before the sheet's own in-ground line.
        `${b},in_ground,${daysAgo(5)},,,,,,,`,
        `${b},check,${daysAgo(6)},,,,alive,,,`,
      ),
      options,
    );
    expect(report.ok).toBe(false);
    expect(report.lines.map((l) => [l.line, l.problem?.reason ?? "ok"])).toEqual([
      [2, "not-in-ground"],
      [3, "ok"],
      [4, "ok"],
      [5, "already-dead"],
      [6, "ok"],
      [7, "before-in-ground"],
    ]);
    expect(report.lines[0].problem?.field).toBe("step");
    expect(report.lines[5].problem?.field).toBe("date");
    expect(await written(ids)).toEqual({ statuses: ["ordered", "ordered"], history: [] });
  });

  it("refuses a tree of another operator as not found, and the columns a step does not read", async () => {
    const mine = await orderedTrees(1);
    const theirs = await orderedTrees(1);
    const report = await importTreeSheet(
      mine.scope,
      sheet(
        `${theirs.ids[0]},in_ground,${daysAgo(1)},,,,,,,`,
        `${mine.ids[0]},in_ground,${daysAgo(1)},,,,alive,,,`,
        `${mine.ids[0]},in_ground,${daysAgo(1)},60.0,4.5,,,,,`,
      ),
      options,
    );
    expect(report.lines.map((l) => l.problem)).toEqual([
      { field: "tree_id", reason: "not-found" },
      { field: "health", reason: "not-for-step" },
      { field: "latitude", reason: "outside-site" },
    ]);
    expect((await written([...mine.ids, ...theirs.ids])).statuses).toEqual(["ordered", "ordered"]);
  });

  it("refuses a whole sheet without its header, too long, or with an unknown column", async () => {
    const { scope, ids } = await orderedTrees(1);
    const refusal = async (text: string) => {
      const error = await importTreeSheet(scope, text, options).catch((e) => e);
      expect(error).toBeInstanceOf(DomainError);
      return (error as DomainError).problem;
    };
    expect(await refusal(`${ids[0]},in_ground,${daysAgo(1)}`)).toEqual({
      field: "sheet",
      reason: "unknown-column",
    });
    expect(await refusal("tree_id,date\n1,2026-01-01")).toEqual({
      field: "sheet",
      reason: "missing-columns",
    });
    expect(await refusal(HEADER)).toEqual({ field: "sheet", reason: "empty" });
    const many = sheet(...Array.from({ length: 5001 }, () => `${ids[0]},in_ground,${daysAgo(1)},,,,,,,`));
    expect(await refusal(many)).toEqual({ field: "sheet", reason: "too-many-lines" });
    expect(await refusal(`tree_id,step,date,note\n1,check,2026-01-01,${"x".repeat(1024 * 1024)}`)).toEqual({
      field: "sheet",
      reason: "too-large",
    });
    expect((await written(ids)).statuses).toEqual(["ordered"]);
  });

  it("writes nothing when a tree changes between the check and the write, and reports that line", async () => {
    const { scope, ids } = await orderedTrees(2);
    const [a, b] = ids;
    // Someone else holds tree b while the sheet is checked, then puts it in the ground.
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      const [{ pid }] = (await other.query("SELECT pg_backend_pid() AS pid")).rows;
      await other.query("BEGIN");
      await other.query(`SELECT "id" FROM "tree" WHERE "id" = $1 FOR UPDATE`, [b]);
      const importing = importTreeSheet(
        scope,
        sheet(`${a},in_ground,${daysAgo(2)},,,,,,,`, `${b},in_ground,${daysAgo(2)},,,,,,,`),
        options,
      );
      // The sheet passed its check and its transaction waits for tree b (line 3's use case).
      for (;;) {
        const [{ waiting }] = await db.$queryRaw<{ waiting: number }[]>`
          SELECT count(*)::int AS "waiting" FROM pg_stat_activity
          WHERE ${pid}::int = ANY(pg_blocking_pids("pid"))`;
        if (waiting > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await other.query(
        `UPDATE "tree" SET "status" = 'in_ground', "in_ground_on" = current_date - 1 WHERE "id" = $1`,
        [b],
      );
      await other.query("COMMIT");
      const report = await importing;
      expect(report.ok).toBe(false);
      expect(report.lines).toEqual([
        { line: 2, treeId: a, step: "in_ground" },
        {
          line: 3,
          treeId: b,
          step: "in_ground",
          error: expect.stringMatching(/^step: /),
          problem: { field: "step", reason: "already-in-ground" },
        },
      ]);
    } finally {
      await other.end();
    }
    // Line 2 was written in the sheet's transaction, and rolled back with it.
    expect(await written([a])).toEqual({ statuses: ["ordered"], history: [] });
  });
});
