// Issue 29.6: the visibility policy is written twice, as Prisma filters (memorialsVisibleTo,
// treesVisibleTo) and as SQL (memorialsVisibleToSql, treesVisibleToSql) for the queries Prisma
// cannot write. Both forms must pick the same rows: every combination of a memorial's state
// (visible or awaiting, live or test, hidden or not, of one operator or another) and of its trees
// (live or test), read by every kind of viewer (a visitor, each operator in each environment, a
// family link, the command line).
import { db, Prisma } from "@memorial/lib/db/client";
import { createMemorial } from "@memorial/lib/memorials/create-memorial";
import {
  memorialsVisibleTo,
  memorialsVisibleToSql,
  PUBLIC,
  treesVisibleTo,
  treesVisibleToSql,
} from "@memorial/lib/memorials/policy";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { familyLinkScope, type Scope, serviceAdminScope } from "@memorial/lib/scope";
import { beforeAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./support/commands";

const LINK_BASE = "http://localhost:3000";
const memorialIds: number[] = [];
const scopes: { name: string; scope: Scope }[] = [];

beforeAll(async () => {
  const operators = await Promise.all([
    makeIsolatedOperator({ stock: 20 }),
    makeIsolatedOperator({ stock: 20 }),
  ]);
  for (const [index, op] of operators.entries()) {
    for (const key of [op.key, op.testKey]) {
      const caller = (await authenticateKey(key)) as Caller;
      scopes.push({ name: `operator ${index} ${caller.environment}`, scope: caller });
      // Each state of a memorial, with one tree (planted by the same key: live or test).
      for (const state of ["visible", "awaiting", "hidden"] as const) {
        const { memorialId } = await createMemorial({
          caller,
          linkBase: LINK_BASE,
          command: plantingCommand(newMemorialTarget()),
        });
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
    await createMemorial({
      caller,
      linkBase: LINK_BASE,
      command: plantingCommand({ kind: "existing", memorialId: target }),
    }).catch(() => undefined);
  }
  const one = await db.memorial.findUniqueOrThrow({ where: { id: memorialIds[1]! } });
  scopes.push(
    { name: "visitor", scope: PUBLIC },
    { name: "family link", scope: familyLinkScope(one) },
    { name: "command line", scope: serviceAdminScope(first!.operatorId) },
  );
});

describe("the Prisma and SQL forms of the visibility policy", () => {
  it("pick the same memorials for every viewer", async () => {
    for (const { name, scope } of scopes) {
      const viaPrisma = await db.memorial.findMany({
        where: { AND: [memorialsVisibleTo(scope), { id: { in: memorialIds } }] },
        select: { id: true },
        orderBy: { id: "asc" },
      });
      const viaSql = await db.$queryRaw<{ id: number }[]>`
        SELECT m."id" FROM "memorial" m
        WHERE ${memorialsVisibleToSql(scope)} AND m."id" IN (${Prisma.join(memorialIds)})
        ORDER BY m."id"`;
      expect(
        viaSql.map((row) => row.id),
        name,
      ).toEqual(viaPrisma.map((row) => row.id));
    }
  });

  it("pick the same trees for every viewer", async () => {
    const trees = await db.tree.findMany({
      where: { memorialId: { in: memorialIds } },
      select: { id: true },
    });
    const treeIds = trees.map((tree) => tree.id);
    expect(treeIds.length).toBeGreaterThanOrEqual(memorialIds.length);
    for (const { name, scope } of scopes) {
      const viaPrisma = await db.tree.findMany({
        where: { AND: [treesVisibleTo(scope), { id: { in: treeIds } }] },
        select: { id: true },
        orderBy: { id: "asc" },
      });
      const viaSql = await db.$queryRaw<{ id: number }[]>`
        SELECT t."id" FROM "tree" t
        WHERE ${treesVisibleToSql(scope)} AND t."id" IN (${Prisma.join(treeIds)})
        ORDER BY t."id"`;
      expect(
        viaSql.map((row) => row.id),
        name,
      ).toEqual(viaPrisma.map((row) => row.id));
    }
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
