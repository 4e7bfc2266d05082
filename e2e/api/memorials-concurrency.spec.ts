// Concurrency invariants of planting, held by PostgreSQL: many simultaneous HTTP requests.
import { expect, test } from "@playwright/test";
import { api, db, makeIsolatedOperator } from "../support/factories";

const fire = <T>(n: number, request: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => request(i)));

test("50 simultaneous orphan plantings: one global memorial, 50 trees", async () => {
  const op = await makeIsolatedOperator({ stock: 100 });
  const responses = await fire(50, () =>
    api("POST", "/Memorials/Creer", { key: op.key, body: { ArbreOrphelin: true } }),
  );
  expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
  expect(new Set(responses.map((r) => r.json.IdMemorial)).size).toBe(1);
  expect(await db.memorial.count({ where: { operatorId: op.operatorId, kind: "global" } })).toBe(1);
  expect(await db.tree.count({ where: { operatorId: op.operatorId } })).toBe(50);
  expect((await db.stock.findFirstOrThrow({ where: { plantationId: op.plantationId } })).stock).toBe(50);
});

test("a stock of 10 under 50 simultaneous plantings: 10 trees, 40 clean refusals, stock 0", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const responses = await fire(50, (i) =>
    api("POST", "/Memorials/Creer", {
      key: op.key,
      body: { Defunt: { Nom: `Personne ${i}`, DateDeces: "2026-11-01T00:00:00Z" } },
    }),
  );
  const ok = responses.filter((r) => r.status === 200);
  const refused = responses.filter((r) => r.status === 400);
  expect(ok).toHaveLength(10);
  expect(refused).toHaveLength(40);
  for (const r of refused) expect(r.json.Message).toMatch(/no tree is available/);
  expect((await db.stock.findFirstOrThrow({ where: { plantationId: op.plantationId } })).stock).toBe(0);
  expect(await db.tree.count({ where: { operatorId: op.operatorId } })).toBe(10);
  // A refusal writes nothing: no memorial, person or transaction without its tree.
  expect(await db.memorial.count({ where: { operatorId: op.operatorId } })).toBe(10);
  expect(await db.person.count({ where: { operatorId: op.operatorId } })).toBe(10);
  expect(await db.transaction.count({ where: { operatorId: op.operatorId } })).toBe(20);
});

test("prepaid balance is exact under concurrency", async () => {
  const op = await makeIsolatedOperator({ stock: 100, prepaidTrees: 7 });
  const responses = await fire(30, () =>
    api("POST", "/Memorials/Creer", { key: op.key, body: { ArbreOrphelin: true } }),
  );
  expect(responses.every((r) => r.status === 200)).toBe(true);
  expect(responses.reduce((sum, r) => sum + r.json.NombreArbresGratuits, 0)).toBe(7);
  expect((await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } })).prepaidTrees).toBe(0);
  expect(await db.tree.count({ where: { operatorId: op.operatorId, free: true } })).toBe(7);
});

test("20 simultaneous copies of one idempotent request plant one tree", async () => {
  const op = await makeIsolatedOperator({ stock: 100 });
  const body = { Defunt: { Nom: "Martin", Prenom: "Paul", DateDeces: "2026-11-02T00:00:00" } };
  const responses = await fire(20, () =>
    api("POST", "/Memorials/Creer", { key: op.key, body, headers: { "Idempotency-Key": "obituary-123" } }),
  );
  expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
  expect(new Set(responses.map((r) => r.json.IdMemorial)).size).toBe(1);
  expect(new Set(responses.map((r) => r.json.IdTransaction)).size).toBe(1);
  expect(await db.tree.count({ where: { operatorId: op.operatorId } })).toBe(1);
  expect(await db.memorial.count({ where: { operatorId: op.operatorId } })).toBe(1);
});
