// The read caches of the API (lib/catalogue/cache.ts, lib/memorials/cache.ts): Especes and Infos
// are read from memory until something changes them, and a change through the service shows on
// the very next request.

import { expect, test } from "@playwright/test";
import { addStockAsCommandLine, api, db, makeIsolatedOperator } from "../support/factories";

const available = async (key: string, speciesId: number) => {
  const r = await api("GET", "/Especes", { key });
  expect(r.status, r.text).toBe(200);
  return (r.json.Especes as { Id: number; Disponible: number }[]).find((s) => s.Id === speciesId)?.Disponible;
};

test("Especes: a planting takes its tree off the next answer; stock added from the command line shows at once", async () => {
  const op = await makeIsolatedOperator({ stock: 3 });
  expect(await available(op.key, op.speciesId)).toBe(3);
  const made = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Stock", DateDeces: "2026-11-01" } },
  });
  expect(made.status, made.text).toBe(200);
  expect(await available(op.key, op.speciesId)).toBe(2);
  // Another process (the command line) adds stock: its signal reaches the service through NOTIFY.
  await addStockAsCommandLine(op.plantationId, op.speciesId, 5);
  await expect.poll(() => available(op.key, op.speciesId), { timeout: 2_000, intervals: [50] }).toBe(7);
  // The last trees planted: the species is not offered any more.
  await db.stock.update({
    where: { plantationId_speciesId: { plantationId: op.plantationId, speciesId: op.speciesId } },
    data: { stock: 1 },
  });
  await addStockAsCommandLine(op.plantationId, op.speciesId, 0);
  await expect.poll(() => available(op.key, op.speciesId), { timeout: 2_000, intervals: [50] }).toBe(1);
  const last = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { MemorialId: made.json.IdMemorial },
  });
  expect(last.status, last.text).toBe(200);
  expect(await available(op.key, op.speciesId)).toBeUndefined();
});

test("Infos: read from memory until the memorial changes; each kind of viewer has its own", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const other = await makeIsolatedOperator({ stock: 10 });
  const made = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Lecture", DateDeces: "2026-11-01" }, DeLaPartDe: "Premier" },
  });
  expect(made.status, made.text).toBe(200);
  const id = made.json.IdMemorial as number;
  const infos = (key: string) => api("GET", `/Memorial/${id}/Infos`, { key });
  expect((await infos(op.key)).json.Arbres).toHaveLength(1);
  // Written behind the service's back (no event): not seen, the answer comes from memory...
  await db.tree.updateMany({ where: { memorialId: id }, data: { planter: "Changé en douce" } });
  expect(JSON.stringify((await infos(op.key)).json)).not.toContain("Changé en douce");
  // ...a test key's tree by another operator is seen by that key only, at once...
  const testTree = await api("POST", "/Memorials/Creer", {
    key: other.testKey,
    body: { MemorialId: id, DeLaPartDe: "Essai" },
  });
  expect(testTree.status, testTree.text).toBe(200);
  expect((await infos(other.testKey)).json.Arbres).toHaveLength(2);
  expect((await infos(other.key)).json.Arbres).toHaveLength(1);
  expect((await infos(op.key)).json.Arbres).toHaveLength(1);
  // ...and the memorial's own operator sees a new live tree on its next request.
  const more = await api("POST", "/Memorials/Creer", { key: op.key, body: { MemorialId: id } });
  expect(more.status, more.text).toBe(200);
  const after = await infos(op.key);
  expect(after.json.Arbres).toHaveLength(2);
  expect(JSON.stringify(after.json)).toContain("Changé en douce");
});
