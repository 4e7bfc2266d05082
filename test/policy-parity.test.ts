// The visibility policy is written twice, as Prisma filters (memorialsVisibleTo and
// the trees' rules: treesVisibleTo, treesOfEnvironment, ownTreesOf) and as SQL (the same names with
// Sql) for the queries Prisma cannot write, side by side in lib/memorials/policy.ts. Both forms must
// pick the same rows: every combination of a memorial's state (visible or awaiting, live or test,
// hidden or not, of one operator or another) and of its trees (live or test, planted for a funeral
// home or not), read by every kind of viewer (a visitor, each operator in each environment, its
// dashboard, a family link, the command line), and for a funeral home's trees as its report reads
// them.
import { actingAs } from "@memorial/lib/audit/actor";
import { db, Prisma } from "@memorial/lib/db/client";
import { createMemorial } from "@memorial/lib/memorials/create-memorial";
import {
  memorialsVisibleTo,
  memorialsVisibleToSql,
  ownTreesOf,
  ownTreesOfSql,
  PUBLIC,
  treesOfEnvironment,
  treesOfEnvironmentSql,
  treesVisibleTo,
  treesVisibleToSql,
} from "@memorial/lib/memorials/policy";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import {
  dashboardScope,
  familyLinkScope,
  type OperatorScope,
  ownerOf,
  type Scope,
  serviceAdminScope,
} from "@memorial/lib/scope";
import { beforeAll, describe, expect, it } from "vitest";
import { makeContext, makeIsolatedOperator } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { callerMemorial } from "./support/memorials";

const LINK_BASE = "http://localhost:3000";
const memorialIds: number[] = [];
const treeIds: number[] = [];
const scopes: { name: string; scope: Scope }[] = [];
let epfId: number;

/**
 * The ids of `table` among `ids` that the Prisma filter and the SQL condition (on alias `alias`)
 * each pick, for every scope that `rule` applies to (null: not to this scope).
 */
async function expectSameRows(
  table: "memorial" | "tree",
  ids: number[],
  rule: (scope: Scope) => { prisma: object; sql: Prisma.Sql } | null,
) {
  const delegate = db[table] as unknown as {
    findMany(args: object): Promise<{ id: number }[]>;
  };
  let compared = 0;
  for (const { name, scope } of scopes) {
    const forms = rule(scope);
    if (!forms) continue;
    const viaPrisma = await delegate.findMany({
      where: { AND: [forms.prisma, { id: { in: ids } }] },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    const alias = Prisma.raw(table === "memorial" ? "m" : "t");
    const viaSql = await db.$queryRaw<{ id: number }[]>`
      SELECT ${alias}."id" FROM ${Prisma.raw(`"${table}"`)} ${alias}
      WHERE ${forms.sql} AND ${alias}."id" IN (${Prisma.join(ids)})
      ORDER BY ${alias}."id"`;
    expect(
      viaSql.map((row) => row.id),
      name,
    ).toEqual(viaPrisma.map((row) => row.id));
    compared++;
  }
  expect(compared).toBeGreaterThan(0);
}

/** An operator's own scope (not a visitor, not a family link). */
const operatorOf = (scope: Scope): OperatorScope | null => ownerOf(scope);

beforeAll(async () => {
  const operators = await Promise.all([
    makeIsolatedOperator({ stock: 20 }),
    makeIsolatedOperator({ stock: 20 }),
  ]);
  epfId = (await makeContext(operators[0]!.operatorId, "Epf")).id;
  for (const [index, op] of operators.entries()) {
    for (const key of [op.key, op.testKey]) {
      const caller = (await authenticateKey(key)) as Caller;
      scopes.push({ name: `operator ${index} ${caller.environment}`, scope: caller });
      // Each state of a memorial, with one tree (planted by the same key: live or test).
      for (const state of ["visible", "awaiting", "hidden"] as const) {
        const { memorialId } = await actingAs(caller.actor, () =>
          createMemorial({
            caller,
            linkBase: LINK_BASE,
            // The first operator plants for its funeral home (tree.epf_id), the second for none.
            command: plantingCommand(newMemorialTarget(), { context: index === 0 ? { Epf: epfId } : {} }),
          }),
        );
        if (state === "awaiting") {
          await db.memorial.update({ where: { id: memorialId }, data: { status: "awaiting_confirmation" } });
        }
        if (state === "hidden")
          await db.memorial.update({ where: { id: memorialId }, data: { hiddenAt: new Date() } });
        memorialIds.push(memorialId);
      }
    }
  }
  // A live tree of another operator in a public memorial; its test key's try at a test memorial of
  // the first operator is refused (that memorial does not exist for it), as the API would.
  const [first, second] = operators;
  for (const [key, target] of [
    [second!.key, memorialIds[0]!],
    [second!.testKey, memorialIds[3]!],
  ] as const) {
    const caller = (await authenticateKey(key)) as Caller;
    await callerMemorial(caller, plantingCommand({ kind: "existing", memorialId: target }), LINK_BASE).catch(
      () => undefined,
    );
  }
  const one = await db.memorial.findUniqueOrThrow({ where: { id: memorialIds[1]! } });
  const testOne = await db.memorial.findUniqueOrThrow({ where: { id: memorialIds[3]! } });
  scopes.push(
    { name: "visitor", scope: PUBLIC },
    { name: "family link", scope: familyLinkScope(one) },
    { name: "family link (test)", scope: familyLinkScope(testOne) },
    { name: "command line", scope: serviceAdminScope(first!.operatorId) },
    { name: "command line (test)", scope: serviceAdminScope(first!.operatorId, "test") },
    // The policy reads no user: the dashboard's scope is its operator's production.
    { name: "dashboard", scope: dashboardScope({ userId: 1, operatorId: first!.operatorId }) },
  );
  const trees = await db.tree.findMany({ where: { memorialId: { in: memorialIds } }, select: { id: true } });
  treeIds.push(...trees.map((tree) => tree.id));
});

describe("the Prisma and SQL forms of the visibility policy", () => {
  it("pick the same memorials for every viewer", () =>
    expectSameRows("memorial", memorialIds, (scope) => ({
      prisma: memorialsVisibleTo(scope),
      sql: memorialsVisibleToSql(scope),
    })));

  it("pick the same trees beside the memorials, for every viewer", async () => {
    expect(treeIds.length).toBeGreaterThanOrEqual(memorialIds.length);
    await expectSameRows("tree", treeIds, (scope) => ({
      prisma: treesVisibleTo(scope),
      sql: treesVisibleToSql(scope),
    }));
  });

  it("pick the same trees of the viewer's environment (read one by one, reports)", () =>
    expectSameRows("tree", treeIds, (scope) => ({
      prisma: treesOfEnvironment(scope),
      sql: treesOfEnvironmentSql(scope),
    })));

  it("pick the same own trees of each operator's scope (dashboard, tree lives)", () =>
    expectSameRows("tree", treeIds, (scope) => {
      const owner = operatorOf(scope);
      return owner && { prisma: ownTreesOf(owner), sql: ownTreesOfSql(owner) };
    }));

  it("pick the same trees of a funeral home (its report), for every viewer", async () => {
    const planted = await db.tree.count({ where: { id: { in: treeIds }, epfId } });
    expect(planted).toBeGreaterThan(0);
    await expectSameRows("tree", treeIds, (scope) => ({
      prisma: { AND: [{ epfId }, treesOfEnvironment(scope)] },
      sql: Prisma.sql`t."epf_id" = ${epfId} AND ${treesOfEnvironmentSql(scope)}`,
    }));
  });

  it("see different rows for different viewers (the comparison is not empty)", async () => {
    const counts = await Promise.all(
      scopes.map(({ scope }) =>
        db.memorial.count({ where: { AND: [memorialsVisibleTo(scope), { id: { in: memorialIds } }] } }),
      ),
    );
    expect(new Set(counts).size).toBeGreaterThan(2);
  });
});
