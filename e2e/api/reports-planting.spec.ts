// Reports and Infos over trees planted through POST /v1/Memorials/Creer, by several planters.
import { expect, test } from "@playwright/test";
import { api, makeContext, makeIsolatedOperator } from "../support/factories";

function today() {
  const now = new Date();
  return `${now.getUTCFullYear()}/${now.getUTCMonth() + 1}/${now.getUTCDate()}`;
}

test("a funeral home's and a person's reports include the trees others plant in its memorials", async () => {
  const home = await makeIsolatedOperator({ stock: 10, co2: 120 });
  const newspaper = await makeIsolatedOperator({ stock: 10, co2: 80 });
  const epf = await makeContext(home.operatorId, "Epf");
  const created = await api("POST", "/Memorials/Creer", {
    key: home.key,
    body: {
      Defunt: { Nom: "Claes", Prenom: "Rita", DateDeces: "2026-11-01T00:00:00Z" },
      DeLaPartDe: "Le funérarium",
      Message: "Avec nos condoléances",
      Contexte: { ContexteEpfId: epf.id },
    },
  });
  expect(created.status).toBe(200);
  const memorialId = created.json.IdMemorial;
  // A newspaper (another operator, no funeral home) and the funeral home without a Contexte.
  await api("POST", "/Memorials/Creer", {
    key: newspaper.key,
    body: { MemorialId: memorialId, DeLaPartDe: "Le Journal" },
  });
  await api("POST", "/Memorials/Creer", {
    key: home.key,
    body: { MemorialId: memorialId, DeLaPartDe: "Un voisin" },
  });

  const base = `/${home.key}/Report/Arbres/Epf/${epf.id}`;
  const period = `/Days/1/DepuisLe/${today()}`;
  const byHome = await api("GET", `${base}${period}`);
  const byPerson = await api("GET", `${base}/Personne/${created.json.IdDefunt}${period}`);
  for (const report of [byHome, byPerson]) {
    expect(report.status).toBe(200);
    expect(report.json).toMatchObject({ TotalArbres: 3, TotalCo2EnKg: 120 + 80 + 120, NombreTotalLignes: 3 });
    expect(report.json.Arbres.map((l: { Planteur: string }) => l.Planteur)).toEqual([
      "Le funérarium",
      "Le Journal",
      "Un voisin",
    ]);
    expect(report.json.Arbres[0]).toMatchObject({
      MessagePlanteur: "Avec nos condoléances",
      EpfId: epf.id,
      PersonneId: created.json.IdDefunt,
      Personne: "Rita Claes",
    });
  }
  expect(byPerson.json.RequestPersonneId).toBe(created.json.IdDefunt);
  expect(byHome.json.RequestPersonneId).toBe(0);
});

test("Infos: a key sees its operator's private memorials of its own environment only", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const testMemorial = await api("POST", "/Memorials/Creer", {
    key: op.testKey,
    body: { Defunt: { Nom: "Test", DateDeces: "2026-11-01" } },
  });
  const liveAwaiting = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      Defunt: { Nom: "Live", DateDeces: "2026-11-01" },
      AConfirmer: true,
      Famille: { FamilleEmail: "l@example.org" },
    },
  });
  const infos = (key: string, id: number) => api("GET", `/${key}/Memorial/${id}/Infos`);
  expect((await infos(op.testKey, testMemorial.json.IdMemorial)).status).toBe(200);
  expect((await infos(op.key, testMemorial.json.IdMemorial)).status).toBe(404);
  expect((await infos(op.key, liveAwaiting.json.IdMemorial)).status).toBe(200);
  expect((await infos(op.testKey, liveAwaiting.json.IdMemorial)).status).toBe(404);
});
