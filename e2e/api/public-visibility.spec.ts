// What a test key makes never shows on public pages, the global memorial included.
import { expect, test } from "@playwright/test";
import { api, baseUrl, makeIsolatedOperator } from "../support/factories";

const page = (id: number) => fetch(`${baseUrl()}/memorial/${id}`).then((r) => r.status);

test("a global memorial created by a test key's orphan tree stays private until a live tree", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const sandbox = await api("POST", "/Memorials/Creer", { key: op.testKey, body: { ArbreOrphelin: true } });
  expect(sandbox.status).toBe(200);
  expect(await page(sandbox.json.IdMemorial)).toBe(404);
  const live = await api("POST", "/Memorials/Creer", { key: op.key, body: { ArbreOrphelin: true } });
  expect(live.json.IdMemorial).toBe(sandbox.json.IdMemorial);
  expect(await page(live.json.IdMemorial)).toBe(200);
});

test("a memorial made with a test key has no public page", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const r = await api("POST", "/Memorials/Creer", {
    key: op.testKey,
    body: { Defunt: { Nom: "Essai", DateDeces: "2026-11-01" } },
  });
  expect(await page(r.json.IdMemorial)).toBe(404);
});
