// The read endpoints of /v1 (plantations, species, transactions) and the common layer they stand
// on (key, envelope, Contexte, paging, Error object, JSON 404), through HTTP against the running
// service. Each test makes its own operator and data; see e2e/support/factories.ts.

import { actingAs } from "@memorial/lib/audit/actor";
import { createSpecies, deactivatePlantation } from "@memorial/lib/catalogue/manage";
import { revokeApiKey } from "@memorial/lib/operators/keys";
import { expect, test } from "@playwright/test";
import {
  addStockAsCommandLine,
  api,
  COMMAND_LINE,
  db,
  makeContext,
  makeIsolatedOperator,
  unique,
} from "../support/factories";
import { paging } from "../support/paging";

const ISO_UTC_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const ID_FIELDS = [
  "ContexteGroupeEpfId",
  "ContexteEpfId",
  "ContexteEpfAgenceId",
  "ContexteGroupePresseId",
  "ContexteTitreId",
  "ContexteTitreEditionId",
  "ContexteAssuranceId",
  "ContexteGroupeMaisonReposId",
];
const CONTEXTE_FIELDS = [
  "Environnement",
  "ContexteGeneral",
  "ContexteGeneralId",
  "Contexte",
  "ContexteId",
  ...ID_FIELDS,
];
const PAGE_FIELDS = ["NombreTotal", "Page", "NombreParPage", "NombreDansLaPage", "Plus"];

type Operator = Awaited<ReturnType<typeof makeIsolatedOperator>>;

/** The envelope of every success (contract.md, "Envelope values"), for an operator acting as a whole. */
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies
function expectEnvelope(body: any, objet: string, op: Operator, environment = "production") {
  expect(body.Objet).toBe(objet);
  expect(body.Statut).toBe("Ok");
  expect(body.Date).toMatch(ISO_UTC_MS);
  expect(Math.abs(Date.parse(body.Date) - Date.now())).toBeLessThan(10 * 60_000);
  expect(Object.keys(body.Contexte).sort()).toEqual([...CONTEXTE_FIELDS].sort());
  expect(body.Contexte).toMatchObject({
    Environnement: environment,
    ContexteGeneralId: op.operatorId,
    Contexte: "Operateur",
    ContexteId: op.operatorId,
  });
  expect(body.Contexte.ContexteGeneral).toMatch(/^Operator /);
  for (const field of ID_FIELDS) expect(body.Contexte[field]).toBe(0);
}

/** The Error object (2.9) with the given status. */
async function expectError(response: Awaited<ReturnType<typeof api>>, status: number, message?: RegExp) {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  // The five fields of 2.9, plus Code and Champ (the API's extension).
  expect(Object.keys(response.json).sort()).toEqual([
    "ApiContexte",
    "Champ",
    "Code",
    "HttpStatusCode",
    "Message",
    "Objet",
    "Statut",
  ]);
  expect(response.json).toMatchObject({ Objet: "erreur", Statut: "Erreur", HttpStatusCode: status });
  expect(typeof response.json.Message).toBe("string");
  expect(response.json.Message.length).toBeGreaterThan(0);
  if (message) expect(response.json.Message).toMatch(message);
  expect(Object.keys(response.json.ApiContexte).sort()).toEqual([...CONTEXTE_FIELDS].sort());
  // Never a stack trace or SQL text.
  expect(response.text).not.toMatch(/\bat .*\.(ts|js):\d+|SELECT |prisma/i);
}

/** Every active plantation, all pages read. */
async function allPlantations(key: string) {
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies
  const sites: any[] = [];
  for (let page = 1; ; page++) {
    const r = await api("GET", `/Plantations?Limite=1000&Page=${page}`, { key });
    expect(r.status).toBe(200);
    sites.push(...r.json.Plantations);
    if (!r.json.Plus) return sites;
  }
}

test.describe("authentication", () => {
  for (const path of [
    "/Plantations",
    "/Plantation/1",
    "/Especes",
    "/Espece/1",
    "/Transactions/2024/3",
    "/Transactions/totaux/jour/2024/3",
  ]) {
    test(`GET ${path} answers 403 without a valid key`, async () => {
      const missing = await api("GET", path);
      await expectError(missing, 403, /key/);
      expect(missing.json.ApiContexte).toMatchObject({
        Environnement: "",
        ContexteGeneralId: 0,
        ContexteId: 0,
      });
      await expectError(await api("GET", path, { key: "mt_live_unknown" }), 403, /unknown or revoked/);
      await expectError(await api("GET", path, { key: "x".repeat(500) }), 403);
    });
  }

  test("a revoked key answers 403 and the operator's other keys keep working", async () => {
    const op = await makeIsolatedOperator();
    expect((await api("GET", "/Especes", { key: op.key })).status).toBe(200);
    // Revoked from this process, as the command line does: the server drops the key it keeps in
    // memory when PostgreSQL's notification reaches it, a few milliseconds after the commit.
    expect(await actingAs(COMMAND_LINE, () => revokeApiKey(op.key))).toBe(true);
    await expect
      .poll(async () => (await api("GET", "/Especes", { key: op.key })).status, {
        timeout: 2_000,
        intervals: [50],
      })
      .toBe(403);
    await expectError(await api("GET", "/Especes", { key: op.key }), 403, /unknown or revoked/);
    expect((await api("GET", "/Especes", { key: op.testKey })).status).toBe(200);
  });

  test("a test key answers with Environnement test", async () => {
    const op = await makeIsolatedOperator();
    const r = await api("GET", "/Plantations", { key: op.testKey });
    expect(r.status).toBe(200);
    expectEnvelope(r.json, "plantations", op, "test");
  });
});

test.describe("plantations", () => {
  test("GET /Plantations: the envelope, paging fields and the caller's site with its record", async () => {
    const op = await makeIsolatedOperator({ stock: 42 });
    const r = await api("GET", "/Plantations", { key: op.key });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expectEnvelope(r.json, "plantations", op);
    expect(Object.keys(r.json).sort()).toEqual(
      ["Objet", "Date", "Statut", "Contexte", "Plantations", ...PAGE_FIELDS].sort(),
    );
    expect(r.json.Page).toBe(1);
    expect(r.json.NombreParPage).toBe(50);
    expect(r.json.NombreDansLaPage).toBe(r.json.Plantations.length);
    expect(r.json.Plantations.length).toBeLessThanOrEqual(50);
    expect(r.json.Plus).toBe(r.json.NombreTotal > 50);
    // Other tests add and close sites at the same time: the exact total is checked on /Especes.
    expect(r.json.NombreTotal).toBeGreaterThanOrEqual(r.json.Plantations.length);
    expect(r.json.Plantations.every((p: { Active: boolean }) => p.Active)).toBe(true);

    const site = (await allPlantations(op.key)).find((p) => p.Id === op.plantationId);
    const species = await db.species.findUniqueOrThrow({ where: { id: op.speciesId } });
    expect(site).toEqual({
      Id: op.plantationId,
      Nom: expect.stringMatching(/^Site /),
      Pays: op.country,
      Region: "Test region",
      Latitude: "50.5",
      Longitude: "4.5",
      Active: true,
      Especes: [{ EspeceId: op.speciesId, Espece: species.name, Disponible: 42 }],
    });
  });

  test("GET /Plantation/{id}: Disponible is the site's stock within the caller's rules", async () => {
    const op = await makeIsolatedOperator({ stock: 7 });
    // Another operator: the site is outside its allowed countries.
    const other = await makeIsolatedOperator();
    // An operator allowed everywhere, but whose maximum price is below the species' price.
    const cheap = await makeIsolatedOperator({ price: 5 });
    await db.operator.update({
      where: { id: cheap.operatorId },
      data: { allowedCountries: [], maxUnitPrice: 19.99 },
    });
    // An operator allowed everywhere with no limit.
    const anywhere = await makeIsolatedOperator();
    await db.operator.update({ where: { id: anywhere.operatorId }, data: { allowedCountries: [] } });

    const available = async (key: string) => {
      const r = await api("GET", `/Plantation/${op.plantationId}`, { key });
      expect(r.status).toBe(200);
      return r.json.Plantation.Especes[0].Disponible;
    };
    const r = await api("GET", `/Plantation/${op.plantationId}`, { key: op.key });
    expectEnvelope(r.json, "plantation", op);
    expect(Object.keys(r.json).sort()).toEqual(["Contexte", "Date", "Objet", "Plantation", "Statut"]);
    expect(r.json.Plantation).toMatchObject({ Id: op.plantationId, Pays: op.country, Active: true });
    expect(await available(op.key)).toBe(7);
    expect(await available(other.key)).toBe(0);
    expect(await available(cheap.key)).toBe(0); // price 20 > 19.99
    expect(await available(anywhere.key)).toBe(7);

    // A NULL list of countries (written by hand in SQL) means anywhere, as an empty one does.
    const unlisted = await makeIsolatedOperator();
    await db.$executeRaw`UPDATE "operator" SET "allowed_countries" = NULL WHERE "id" = ${unlisted.operatorId}`;
    expect(await available(unlisted.key)).toBe(7);

    await addStockAsCommandLine(op.plantationId, op.speciesId, 3);
    await expect.poll(() => available(op.key), { timeout: 2_000, intervals: [50] }).toBe(10);
  });

  test("an inactive site: /Plantation/{id} answers it with Active false, /Plantations omits it", async () => {
    const op = await makeIsolatedOperator({ stock: 9 });
    await actingAs(COMMAND_LINE, () => deactivatePlantation(op.plantationId));
    const r = await api("GET", `/Plantation/${op.plantationId}`, { key: op.key });
    expect(r.status).toBe(200);
    expect(r.json.Plantation.Active).toBe(false);
    // A deactivated site gets no new tree: nothing is available there.
    expect(r.json.Plantation.Especes).toEqual([
      expect.objectContaining({ EspeceId: op.speciesId, Disponible: 0 }),
    ]);
    expect((await allPlantations(op.key)).some((p) => p.Id === op.plantationId)).toBe(false);
  });

  test("GET /Plantation/{id}: 404 for an unknown id, 400 for an id that is not an integer", async () => {
    const op = await makeIsolatedOperator();
    const unknown = await api("GET", "/Plantation/2147483647", { key: op.key });
    await expectError(unknown, 404, /plantation 2147483647 does not exist/);
    // With a valid key, the error carries the caller's Contexte.
    expect(unknown.json.ApiContexte).toMatchObject({
      Environnement: "production",
      ContexteGeneralId: op.operatorId,
    });
    for (const id of ["abc", "1.5", "1e3", "%20"]) {
      await expectError(await api("GET", `/Plantation/${id}`, { key: op.key }), 400, /^id /);
    }
    // Integers that cannot be ids name nothing: 404, as an unknown id.
    for (const id of ["-1", "0", "99999999999"]) {
      await expectError(await api("GET", `/Plantation/${id}`, { key: op.key }), 404, /^id .* does not exist/);
    }
  });
});

test.describe("species", () => {
  test("GET /Especes lists only what the caller can have planted, with the record fields", async () => {
    const op = await makeIsolatedOperator({ stock: 12, price: 17.5, co2: 250 });
    const r = await api("GET", "/Especes", { key: op.key });
    expect(r.status).toBe(200);
    expectEnvelope(r.json, "especes", op);
    expect(Object.keys(r.json).sort()).toEqual(
      ["Objet", "Date", "Statut", "Contexte", "Especes", ...PAGE_FIELDS].sort(),
    );
    const species = await db.species.findUniqueOrThrow({ where: { id: op.speciesId } });
    // The operator may plant only at its own site: its species is the only one available.
    expect(r.json.Especes).toEqual([
      {
        Id: op.speciesId,
        Nom: species.name,
        NomLatin: "Quercus robur",
        Type: "Feuillu",
        TailleMaxEnM: 40,
        DureeVieEnAnnees: 800,
        Co2CompenseEnKgPourUnArbre: 250,
        PrixUnitaire: 17.5,
        Disponible: 12,
      },
    ]);
    expect(r.json).toMatchObject(paging(1, 1, 50, 1, false));
  });

  test("a species leaves /Especes when its stock is gone, its price is above the maximum or its site closes", async () => {
    const empty = await makeIsolatedOperator({ stock: 0 });
    expect((await api("GET", "/Especes", { key: empty.key })).json.Especes).toEqual([]);
    const e = await api("GET", `/Espece/${empty.speciesId}`, { key: empty.key });
    expect(e.json.Espece).toMatchObject({ Id: empty.speciesId, Disponible: 0 });

    const pricey = await makeIsolatedOperator({ stock: 5, price: 31, maxUnitPrice: 30 });
    expect((await api("GET", "/Especes", { key: pricey.key })).json.NombreTotal).toBe(0);
    expect(
      (await api("GET", `/Espece/${pricey.speciesId}`, { key: pricey.key })).json.Espece.Disponible,
    ).toBe(0);
    await db.operator.update({ where: { id: pricey.operatorId }, data: { maxUnitPrice: 31 } });
    expect(
      (await api("GET", `/Espece/${pricey.speciesId}`, { key: pricey.key })).json.Espece.Disponible,
    ).toBe(5);

    const closing = await makeIsolatedOperator({ stock: 5 });
    expect((await api("GET", "/Especes", { key: closing.key })).json.NombreTotal).toBe(1);
    // This test's process closes the site: its signal reaches the service through NOTIFY, a moment
    // later (the service answers Especes from memory; e2e/api/read-caches.spec.ts).
    await actingAs(COMMAND_LINE, () => deactivatePlantation(closing.plantationId));
    await expect
      .poll(async () => (await api("GET", "/Especes", { key: closing.key })).json.NombreTotal, {
        timeout: 2_000,
        intervals: [50],
      })
      .toBe(0);
    expect(
      (await api("GET", `/Espece/${closing.speciesId}`, { key: closing.key })).json.Espece.Disponible,
    ).toBe(0);
  });

  test("GET /Espece/{id} answers any species, with Disponible for the caller", async () => {
    const op = await makeIsolatedOperator({ stock: 4 });
    const other = await makeIsolatedOperator();
    const own = await api("GET", `/Espece/${op.speciesId}`, { key: op.key });
    expect(own.status).toBe(200);
    expectEnvelope(own.json, "espece", op);
    expect(Object.keys(own.json).sort()).toEqual(["Contexte", "Date", "Espece", "Objet", "Statut"]);
    expect(own.json.Espece).toMatchObject({ Id: op.speciesId, Disponible: 4, PrixUnitaire: 20 });
    const foreign = await api("GET", `/Espece/${op.speciesId}`, { key: other.key });
    expect(foreign.status).toBe(200);
    expect(foreign.json.Espece).toMatchObject({ Id: op.speciesId, Disponible: 0 });
  });

  test("GET /Espece/{id}: 404 for an unknown id, 400 for an id that is not an integer", async () => {
    const op = await makeIsolatedOperator();
    await expectError(
      await api("GET", "/Espece/2147483647", { key: op.key }),
      404,
      /species 2147483647 does not exist/,
    );
    for (const id of ["abc", "2.0", "0x10"]) {
      await expectError(await api("GET", `/Espece/${id}`, { key: op.key }), 400, /^id /);
    }
    // An integer that cannot be an id names nothing.
    await expectError(await api("GET", "/Espece/-3", { key: op.key }), 404, /^id -3 does not exist/);
  });
});

test.describe("paging", () => {
  test("Page and Limite: pages, the last page, past the end", async () => {
    const op = await makeIsolatedOperator({ stock: 3 });
    // Two more species at the operator's site: three in all, listed by name.
    for (const name of ["B", "C"]) {
      const species = await actingAs(COMMAND_LINE, () =>
        createSpecies({
          name: `${unique("Species")} ${name}`,
          latinName: "Fagus sylvatica",
          type: "Feuillu",
          maxHeightM: 30,
          lifespanYears: 300,
          co2KgPerTree: 90,
          unitPrice: 10,
        }),
      );
      await addStockAsCommandLine(op.plantationId, species.id, 2);
    }
    const page = (query: string) => api("GET", `/Especes?${query}`, { key: op.key });
    const all = (await page("Limite=1000")).json;
    expect(all).toMatchObject(paging(3, 1, 1000, 3, false));
    const names = all.Especes.map((s: { Nom: string }) => s.Nom);
    expect(names).toEqual([...names].sort());

    const first = (await page("Limite=2")).json;
    expect(first).toMatchObject(paging(3, 1, 2, 2, true));
    const second = (await page("Limite=2&Page=2")).json;
    expect(second).toMatchObject(paging(3, 2, 2, 1, false));
    expect([...first.Especes, ...second.Especes]).toEqual(all.Especes);
    const exact = (await page("Limite=3")).json;
    expect(exact).toMatchObject({ NombreDansLaPage: 3, Plus: false });

    for (const query of ["Page=3&Limite=2", "Page=100000000", "Page=100000000&Limite=1000"]) {
      const past = await page(query);
      expect(past.status, query).toBe(200);
      expect(past.json.Especes).toEqual([]);
      expect(past.json).toMatchObject({ NombreTotal: 3, NombreDansLaPage: 0, Plus: false });
    }
  });

  test("invalid Page or Limite answers 400 naming the parameter", async () => {
    const op = await makeIsolatedOperator();
    const cases: [string, RegExp][] = [
      ["Limite=1001", /^Limite must be between 1 and 1000/],
      ["Limite=0", /^Limite must be between 1 and 1000/],
      ["Limite=-5", /^Limite must be a positive integer/],
      ["Limite=ten", /^Limite must be a positive integer/],
      ["Limite=", /^Limite must be a positive integer/],
      ["Limite=2.5", /^Limite must be a positive integer/],
      ["Page=0", /^Page must be between 1/],
      ["Page=abc", /^Page must be a positive integer/],
      ["Page=1e3", /^Page must be a positive integer/],
      ["Page=99999999999999", /^Page must be a positive integer/],
    ];
    for (const path of [
      "/Plantations",
      "/Especes",
      "/Transactions/2024/3",
      "/Transactions/totaux/jour/2024/3",
    ]) {
      for (const [query, message] of cases) {
        await expectError(await api("GET", `${path}?${query}`, { key: op.key }), 400, message);
      }
    }
    const max = await api("GET", "/Plantations?Limite=1000", { key: op.key });
    expect(max.status).toBe(200);
    expect(max.json.NombreParPage).toBe(1000);
  });
});

test.describe("transactions", () => {
  const MARCH = [
    // [created at, type, trees, free, amount, context, is_test]
    ["2024-03-01T00:00:00.000Z", "CreationMemorial", 0, 0, 0, null, false],
    ["2024-03-01T00:00:00.000Z", "Plantation", 1, 0, 20, "agency", false],
    ["2024-03-15T12:30:45.678Z", "Plantation", 1, 1, 0, "home", false],
    ["2024-03-31T23:59:59.999Z", "Plantation", 1, 0, 17.5, "agency", false],
    ["2024-03-10T08:00:00.000Z", "Plantation", 1, 0, 20, null, true],
    // Outside March (UTC).
    ["2024-02-29T23:59:59.999Z", "Plantation", 1, 0, 20, null, false],
    ["2024-04-01T00:00:00.000Z", "Plantation", 1, 0, 20, null, false],
  ] as const;

  async function seed() {
    const op = await makeIsolatedOperator();
    const group = await makeContext(op.operatorId, "GroupeEpf");
    const home = await makeContext(op.operatorId, "Epf", group.id);
    const agency = await makeContext(op.operatorId, "EpfAgence", home.id);
    const memorial = await db.memorial.create({
      data: { operatorId: op.operatorId, kind: "global", status: "visible", title: "Global", language: "fr" },
    });
    const contexts = { home: home.id, agency: agency.id };
    const ids: number[] = [];
    for (const [at, type, trees, free, amount, context, isTest] of MARCH) {
      const planted = type === "Plantation";
      const row = await db.transaction.create({
        data: {
          operatorId: op.operatorId,
          contextId: context ? contexts[context] : null,
          type,
          memorialId: memorial.id,
          treeCount: trees,
          freeTreeCount: free,
          speciesId: planted ? op.speciesId : null,
          plantationId: planted ? op.plantationId : null,
          amount,
          externalId: planted ? 9_007_199_254_740_991n : null,
          memorialsLot: planted ? 4 : null,
          uEventId: planted ? 3 : null,
          isTest,
          createdAt: new Date(at),
        },
      });
      ids.push(row.id);
    }
    return { op, group, home, agency, memorial, ids };
  }

  test("GET /Transactions/{y}/{m}: one month (UTC) of the operator's live transactions with every field", async () => {
    const { op, group, home, agency, memorial, ids } = await seed();
    const r = await api("GET", "/Transactions/2024/3", { key: op.key });
    expect(r.status).toBe(200);
    expectEnvelope(r.json, "transactions", op);
    expect(Object.keys(r.json).sort()).toEqual(
      ["Objet", "Date", "Statut", "Contexte", "Transactions", ...PAGE_FIELDS].sort(),
    );
    expect(r.json).toMatchObject(paging(4, 1, 50, 4, false));
    // In order of date, then id.
    expect(r.json.Transactions.map((t: { Id: number }) => t.Id)).toEqual(ids.slice(0, 4));
    expect(r.json.Transactions[0]).toEqual({
      Id: ids[0],
      Date: "2024-03-01T00:00:00.000Z",
      Type: "CreationMemorial",
      MemorialId: memorial.id,
      PersonneId: 0,
      NombreArbre: 0,
      NombreArbresGratuits: 0,
      EspeceId: 0,
      PlantationId: 0,
      Montant: 0,
      ExternalId: null,
      MemorialsLot: null,
      UEventId: null,
      ContexteId: 0,
      ...Object.fromEntries(ID_FIELDS.map((f) => [f, 0])),
      // Extension: the operator's own, no payment.
      Origine: "partner",
      ReferencePaiement: null,
    });
    expect(r.json.Transactions[1]).toEqual({
      Id: ids[1],
      Date: "2024-03-01T00:00:00.000Z",
      Type: "Plantation",
      MemorialId: memorial.id,
      PersonneId: 0,
      NombreArbre: 1,
      NombreArbresGratuits: 0,
      EspeceId: op.speciesId,
      PlantationId: op.plantationId,
      Montant: 20,
      ExternalId: 9_007_199_254_740_991,
      MemorialsLot: 4,
      UEventId: 3,
      ContexteId: agency.id,
      ...Object.fromEntries(ID_FIELDS.map((f) => [f, 0])),
      ContexteGroupeEpfId: group.id,
      ContexteEpfId: home.id,
      ContexteEpfAgenceId: agency.id,
      Origine: "partner",
      ReferencePaiement: null,
    });
    expect(r.json.Transactions[2]).toMatchObject({
      Date: "2024-03-15T12:30:45.678Z",
      NombreArbresGratuits: 1,
      Montant: 0,
      ContexteId: home.id,
      ContexteEpfId: home.id,
      ContexteGroupeEpfId: group.id,
      ContexteEpfAgenceId: 0,
    });
    expect(r.json.Transactions[3]).toMatchObject({ Date: "2024-03-31T23:59:59.999Z", Montant: 17.5 });

    expect(
      (await api("GET", "/Transactions/2024/02", { key: op.key })).json.Transactions.map(
        (t: { Id: number }) => t.Id,
      ),
    ).toEqual([ids[5]]);
    expect((await api("GET", "/Transactions/2024/4", { key: op.key })).json.NombreTotal).toBe(1);
    expect((await api("GET", "/Transactions/2023/3", { key: op.key })).json).toMatchObject({
      Transactions: [],
      NombreTotal: 0,
      Plus: false,
    });
  });

  test("a test key sees only the test transactions, a live key only the live ones, another operator none", async () => {
    const { op, ids } = await seed();
    const test = await api("GET", "/Transactions/2024/3", { key: op.testKey });
    expectEnvelope(test.json, "transactions", op, "test");
    expect(test.json.Transactions.map((t: { Id: number }) => t.Id)).toEqual([ids[4]]);
    const live = await api("GET", "/Transactions/2024/3", { key: op.key });
    expect(live.json.Transactions.map((t: { Id: number }) => t.Id)).not.toContain(ids[4]);
    const other = await makeIsolatedOperator();
    expect((await api("GET", "/Transactions/2024/3", { key: other.key })).json.NombreTotal).toBe(0);
  });

  test("GET /Transactions paging: Limite, Plus and past the end", async () => {
    const { op, ids } = await seed();
    const first = await api("GET", "/Transactions/2024/3?Limite=3", { key: op.key });
    expect(first.json).toMatchObject({ NombreTotal: 4, NombreParPage: 3, NombreDansLaPage: 3, Plus: true });
    const second = await api("GET", "/Transactions/2024/3?Limite=3&Page=2", { key: op.key });
    expect(second.json).toMatchObject({ Page: 2, NombreDansLaPage: 1, Plus: false });
    expect(second.json.Transactions[0].Id).toBe(ids[3]);
    const past = await api("GET", "/Transactions/2024/3?Limite=3&Page=3", { key: op.key });
    expect(past.json).toMatchObject({ Transactions: [], NombreTotal: 4, NombreDansLaPage: 0, Plus: false });
  });

  test("GET /Transactions/totaux/{mode}/{y}/{m}: totals by day, species, plantation and context", async () => {
    const { op, home, agency } = await seed();
    const species = await db.species.findUniqueOrThrow({ where: { id: op.speciesId } });
    const site = await db.plantation.findUniqueOrThrow({ where: { id: op.plantationId } });
    const totals = async (mode: string, key = op.key) => {
      const r = await api("GET", `/Transactions/totaux/${mode}/2024/3`, { key });
      expect(r.status, r.text).toBe(200);
      expect(Object.keys(r.json).sort()).toEqual(
        ["Objet", "Date", "Statut", "Contexte", "Mode", "Totaux", ...PAGE_FIELDS].sort(),
      );
      expectEnvelope(r.json, "transactionsTotaux", op, key === op.key ? "production" : "test");
      expect(r.json.Mode).toBe(mode);
      expect(r.json.NombreTotal).toBe(r.json.Totaux.length);
      return r.json.Totaux;
    };
    const line = (
      Mode: string,
      Cle: unknown,
      Nom: unknown,
      n: number,
      trees: number,
      free: number,
      amount: number,
    ) => ({
      Mode,
      Cle,
      Nom,
      NombreTransactions: n,
      NombreArbres: trees,
      NombreArbresGratuits: free,
      Montant: amount,
      // Extension: no visitor's tree here.
      NombreArbresVisiteurs: 0,
      MontantVisiteurs: 0,
    });
    expect(await totals("jour")).toEqual([
      line("jour", "2024-03-01", "2024-03-01", 2, 1, 0, 20),
      line("jour", "2024-03-15", "2024-03-15", 1, 1, 1, 0),
      line("jour", "2024-03-31", "2024-03-31", 1, 1, 0, 17.5),
    ]);
    expect(await totals("espece")).toEqual([
      line("espece", null, null, 1, 0, 0, 0),
      line("espece", op.speciesId, species.name, 3, 3, 1, 37.5),
    ]);
    expect(await totals("plantation")).toEqual([
      line("plantation", null, null, 1, 0, 0, 0),
      line("plantation", op.plantationId, site.name, 3, 3, 1, 37.5),
    ]);
    expect(await totals("contexte")).toEqual([
      line("contexte", null, null, 1, 0, 0, 0),
      line("contexte", home.id, home.name, 1, 1, 1, 0),
      line("contexte", agency.id, agency.name, 2, 2, 0, 37.5),
    ]);
    expect(await totals("jour", op.testKey)).toEqual([line("jour", "2024-03-10", "2024-03-10", 1, 1, 0, 20)]);

    const paged = await api("GET", "/Transactions/totaux/contexte/2024/3?Limite=2&Page=2", { key: op.key });
    expect(paged.json).toMatchObject({ NombreTotal: 3, Page: 2, NombreDansLaPage: 1, Plus: false });
    expect(paged.json.Totaux[0].Cle).toBe(agency.id);
  });

  test("unknown modes, impossible months and years, non-integer parts answer 400", async () => {
    const op = await makeIsolatedOperator();
    for (const mode of ["day", "Jour", "especes", "x"]) {
      await expectError(
        await api("GET", `/Transactions/totaux/${mode}/2024/3`, { key: op.key }),
        400,
        /^mode must be one of jour, espece, plantation, contexte/,
      );
    }
    for (const path of ["/Transactions", "/Transactions/totaux/jour"]) {
      await expectError(
        await api("GET", `${path}/2024/13`, { key: op.key }),
        400,
        /^month must be between 1 and 12/,
      );
      await expectError(await api("GET", `${path}/2024/0`, { key: op.key }), 400, /^month /);
      await expectError(await api("GET", `${path}/2024/-1`, { key: op.key }), 400, /^month /);
      await expectError(
        await api("GET", `${path}/2024/mars`, { key: op.key }),
        400,
        /^month must be an integer/,
      );
      await expectError(await api("GET", `${path}/2024/3.5`, { key: op.key }), 400, /^month /);
      await expectError(
        await api("GET", `${path}/twenty/3`, { key: op.key }),
        400,
        /^year must be an integer/,
      );
      await expectError(await api("GET", `${path}/1999/3`, { key: op.key }), 400, /^year must be between/);
      await expectError(await api("GET", `${path}/10000/3`, { key: op.key }), 400, /^year /);
    }
  });
});

test.describe("routing", () => {
  test("unknown /v1 paths answer a JSON 404 Error object; paths are case-sensitive", async () => {
    const op = await makeIsolatedOperator();
    for (const path of [
      "/Nothing",
      "/plantations",
      "/Especes/extra",
      "/Transactions/2024",
      "/Plantation",
      "/",
    ]) {
      for (const key of [op.key, undefined]) {
        const r = await api("GET", path, { key });
        await expectError(r, 404);
        expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(r.text).not.toMatch(/<html/i);
      }
    }
    await expectError(
      await api("POST", "/Nothing", { key: op.key, body: {} }),
      404,
      /no endpoint POST \/v1\/Nothing/,
    );
  });

  test("another method on a read endpoint answers a JSON 405", async () => {
    const op = await makeIsolatedOperator();
    const r = await api("POST", "/Plantations", { key: op.key, body: {} });
    await expectError(r, 405, /use GET/);
    expect(r.headers.get("allow")).toBe("GET");
  });
});
