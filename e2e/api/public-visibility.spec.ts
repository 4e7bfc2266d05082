// What a test key makes never shows on public pages, the global memorial included.
import { expect, test } from "@playwright/test";
import { api, baseUrl, makeIsolatedOperator } from "../support/factories";

const page = (id: number) => fetch(`${baseUrl()}/memorial/${id}`).then((r) => r.status);

test("a test key's orphan trees go to a test global memorial, never public; live ones to the live one", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const sandbox = await api("POST", "/Memorials/Creer", { key: op.testKey, body: { ArbreOrphelin: true } });
  expect(sandbox.status).toBe(200);
  expect(await page(sandbox.json.IdMemorial)).toBe(404);
  const live = await api("POST", "/Memorials/Creer", { key: op.key, body: { ArbreOrphelin: true } });
  expect(live.status).toBe(200);
  expect(live.json.IdMemorial).not.toBe(sandbox.json.IdMemorial);
  expect(await page(live.json.IdMemorial)).toBe(200);
  expect(await page(sandbox.json.IdMemorial)).toBe(404);
  // Each environment keeps planting into its own global memorial.
  const again = await api("POST", "/Memorials/Creer", { key: op.testKey, body: { ArbreOrphelin: true } });
  expect(again.json.IdMemorial).toBe(sandbox.json.IdMemorial);
});

test("a memorial made with a test key has no public page", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const r = await api("POST", "/Memorials/Creer", {
    key: op.testKey,
    body: { Defunt: { Nom: "Essai", DateDeces: "2026-11-01" } },
  });
  // The memorial exists (its own operator reads it with its test key)...
  expect(r.status).toBe(200);
  expect((await api("GET", `/${op.testKey}/Memorial/${r.json.IdMemorial}/Infos`)).status).toBe(200);
  // ...and has no public page.
  expect(await page(r.json.IdMemorial)).toBe(404);
});
