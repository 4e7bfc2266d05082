// 2.6 / 4.3: tree reports of a funeral home and of a person, on hand-built trees with known answers.

import { actingAs } from "@memorial/lib/audit/actor";
import { revokeApiKey } from "@memorial/lib/operators/keys";
import { expect, test } from "@playwright/test";
import { api, COMMAND_LINE, db, makeContext, makeIsolatedOperator, unique } from "../support/factories";
import { heaviestSpecies, makeMemorial, makePerson, plant, plantingOf } from "../support/trees";

const at = (iso: string) => new Date(iso);

/**
 * An operator with a group > funeral home > agency, a second funeral home, two persons of the
 * first one (one created through the agency), and trees around the period 2024-03-01 + 10 days.
 */
async function funeralHome() {
  const op = await makeIsolatedOperator({ co2: 100 });
  const small = await db.species.create({
    data: {
      name: unique("Sorbier"),
      latinName: "Sorbus aucuparia",
      type: "Feuillu",
      maxHeightM: 15,
      lifespanYears: 100,
      co2KgPerTree: 12.5,
      unitPrice: 10,
    },
  });
  const group = await makeContext(op.operatorId, "GroupeEpf");
  const epf = await makeContext(op.operatorId, "Epf", group.id);
  const agency = await makeContext(op.operatorId, "EpfAgence", epf.id);
  const otherEpf = await makeContext(op.operatorId, "Epf", group.id);
  const anna = await makePerson({
    operatorId: op.operatorId,
    epfId: epf.id,
    firstName: "Anna",
    lastName: "Peeters",
  });
  const bert = await makePerson({
    operatorId: op.operatorId,
    epfId: epf.id,
    contextId: agency.id,
    firstName: "Bert",
    lastName: "Janssens",
  });
  const carl = await makePerson({ operatorId: op.operatorId, epfId: otherEpf.id });
  const annaMemorial = await makeMemorial({ operatorId: op.operatorId, personId: anna.id });
  const bertMemorial = await makeMemorial({ operatorId: op.operatorId, personId: bert.id });
  const carlMemorial = await makeMemorial({ operatorId: op.operatorId, personId: carl.id });
  const forAnna = {
    operatorId: op.operatorId,
    memorialId: annaMemorial.id,
    personId: anna.id,
    contextId: epf.id,
  };
  const forBert = {
    operatorId: op.operatorId,
    memorialId: bertMemorial.id,
    personId: bert.id,
    contextId: agency.id,
  };
  const site = { plantationId: op.plantationId, epfId: epf.id };
  // In the period: at its very first millisecond, through the agency, on its last millisecond.
  const first = await plant({
    ...forAnna,
    ...site,
    speciesId: op.speciesId,
    plantedAt: at("2024-03-01T00:00:00.000Z"),
  });
  const agencyTree = await plant({
    ...forBert,
    ...site,
    speciesId: small.id,
    quantity: 3,
    plantedAt: at("2024-03-05T12:00:00.000Z"),
  });
  const last = await plant({
    ...forAnna,
    ...site,
    speciesId: op.speciesId,
    quantity: 2,
    plantedAt: at("2024-03-10T23:59:59.999Z"),
  });
  // Outside it: the millisecond before, DateFin itself, a day later.
  for (const plantedAt of [
    "2024-02-29T23:59:59.999Z",
    "2024-03-11T00:00:00.000Z",
    "2024-03-11T12:00:00.000Z",
  ]) {
    await plant({ ...forAnna, ...site, speciesId: op.speciesId, plantedAt: at(plantedAt) });
  }
  // Another funeral home of the same operator, and test data of this one.
  await plant({
    operatorId: op.operatorId,
    memorialId: carlMemorial.id,
    personId: carl.id,
    contextId: otherEpf.id,
    epfId: otherEpf.id,
    plantationId: op.plantationId,
    speciesId: op.speciesId,
    plantedAt: at("2024-03-02T00:00:00.000Z"),
  });
  const testTree = await plant({
    ...forAnna,
    ...site,
    speciesId: small.id,
    quantity: 4,
    isTest: true,
    plantedAt: at("2024-03-03T00:00:00.000Z"),
  });
  return { op, small, group, epf, agency, otherEpf, anna, bert, carl, first, agencyTree, last, testTree };
}

const epfPath = (epfId: number | string, days = "10", date = "2024/3/1") =>
  `/Report/Arbres/Epf/${epfId}/Days/${days}/DepuisLe/${date}`;
const personPath = (epfId: number | string, personId: number | string, days = "10", date = "2024/03/01") =>
  `/Report/Arbres/Epf/${epfId}/Personne/${personId}/Days/${days}/DepuisLe/${date}`;

test("a funeral home's report: every field, its agencies' trees, totals of the period, midnight UTC edges", async () => {
  const f = await funeralHome();
  const species = await db.species.findUniqueOrThrow({ where: { id: f.op.speciesId } });
  const site = await db.plantation.findUniqueOrThrow({ where: { id: f.op.plantationId } });
  const { status, json } = await api("GET", `/${f.op.key}${epfPath(f.epf.id)}`);
  expect(status).toBe(200);
  expect(json).toMatchObject({
    Objet: "reportArbres",
    Statut: "Ok",
    Contexte: {
      Environnement: "production",
      ContexteGeneralId: f.op.operatorId,
      Contexte: "Epf",
      ContexteId: f.epf.id,
      ContexteGroupeEpfId: f.group.id,
      ContexteEpfId: f.epf.id,
      ContexteEpfAgenceId: 0,
    },
    RequestEpfId: f.epf.id,
    RequestPersonneId: 0,
    DateDebut: "2024-03-01T00:00:00.000Z",
    DateFin: "2024-03-11T00:00:00.000Z",
    // 1 × 100 + 3 × 12.5 + 2 × 100
    TotalArbres: 6,
    TotalCo2EnKg: 337.5,
    NombreTotalLignes: 3,
    Page: 1,
    NombreLignesParPage: 200,
    NombreLignesDansLaPage: 3,
    Plus: false,
  });
  expect(json.Arbres).toMatchObject([
    {
      Quantite: 1,
      EspeceId: f.op.speciesId,
      Espece: species.name,
      Co2EnKgParArbre: 100,
      TotalCo2EnKg: 100,
      PlantationId: f.op.plantationId,
      Plantation: site.name,
      DatePlantation: "2024-03-01T00:00:00.000Z",
      PersonneId: f.anna.id,
      Personne: "Anna Peeters",
      EpfId: f.epf.id,
      Epf: f.epf.name,
    },
    {
      Quantite: 3,
      EspeceId: f.small.id,
      Espece: f.small.name,
      Co2EnKgParArbre: 12.5,
      TotalCo2EnKg: 37.5,
      PlantationId: f.op.plantationId,
      Plantation: site.name,
      DatePlantation: "2024-03-05T12:00:00.000Z",
      PersonneId: f.bert.id,
      Personne: "Bert Janssens",
      EpfId: f.epf.id,
      Epf: f.epf.name,
    },
    {
      Quantite: 2,
      EspeceId: f.op.speciesId,
      Espece: species.name,
      Co2EnKgParArbre: 100,
      TotalCo2EnKg: 200,
      PlantationId: f.op.plantationId,
      Plantation: site.name,
      DatePlantation: "2024-03-10T23:59:59.999Z",
      PersonneId: f.anna.id,
      Personne: "Anna Peeters",
      EpfId: f.epf.id,
      Epf: f.epf.name,
    },
  ]);

  // One day from midnight: only the tree at 00:00:00.000 of that day.
  const oneDay = await api("GET", `/${f.op.key}${epfPath(f.epf.id, "1", "2024/03/01")}`);
  expect(oneDay.json.Arbres.map((line: { DatePlantation: string }) => line.DatePlantation)).toEqual([
    "2024-03-01T00:00:00.000Z",
  ]);
  expect(oneDay.json.DateFin).toBe("2024-03-02T00:00:00.000Z");
  // The last day alone holds the tree of its last millisecond and not the one of the next midnight.
  const lastDay = await api("GET", `/${f.op.key}${epfPath(f.epf.id, "1", "2024/03/10")}`);
  expect(lastDay.json).toMatchObject({ TotalArbres: 2, NombreTotalLignes: 1 });
  const nextDay = await api("GET", `/${f.op.key}${epfPath(f.epf.id, "1", "2024/03/11")}`);
  expect(nextDay.json).toMatchObject({ TotalArbres: 2, NombreTotalLignes: 2, TotalCo2EnKg: 200 });
});

test("a line whose CO2 has more digits than a double holds is written with all its digits", async () => {
  // PostgreSQL writes the lines of a page as JSON (lib/v1/serializers/reports.ts reportLineAsJson):
  // 99,999,999.99 kg × 1,000,001 trees = 100,000,099,989,999.99 kg is 17 digits, written as they
  // are (a double would hold 100000099989999.98).
  const f = await funeralHome();
  const heavy = await db.species.create({ data: heaviestSpecies() });
  const before = await api("GET", `/${f.op.key}${epfPath(f.epf.id)}`);
  await db.tree.update({ where: { id: f.first.id }, data: { speciesId: heavy.id, quantity: 1_000_001 } });
  const { status, json, text } = await api("GET", `/${f.op.key}${epfPath(f.epf.id)}`);
  expect(status).toBe(200);
  expect(text).toContain('"Co2EnKgParArbre":99999999.99,"TotalCo2EnKg":100000099989999.99,');
  expect(json.Arbres.map((line: { Quantite: number }) => line.Quantite)).toEqual([1_000_001, 3, 2]);
  // The page's other lines as before, to the byte.
  const others = (body: string) => {
    const from = body.indexOf('{"Quantite":3,');
    return body.slice(from, body.indexOf("],", from));
  };
  expect(others(text)).toContain('{"Quantite":2,');
  expect(others(text)).toBe(others(before.text));
  expect(json).toMatchObject({ TotalArbres: 1_000_006, NombreTotalLignes: 3 });
});

test("a test key reports the test trees only, a live key never sees them", async () => {
  const f = await funeralHome();
  // The path without its {key} segment, the key in the header only.
  const live = await api("GET", epfPath(f.epf.id), { key: f.op.key });
  expect(live.status).toBe(200);
  expect(live.json).toMatchObject({ TotalArbres: 6, Contexte: { Environnement: "production" } });
  expect(live.json.Arbres.some((line: { Quantite: number }) => line.Quantite === 4)).toBe(false);
  const test = await api("GET", `/${f.op.testKey}${epfPath(f.epf.id)}`);
  expect(test.status).toBe(200);
  expect(test.json).toMatchObject({
    Contexte: { Environnement: "test", ContexteEpfId: f.epf.id },
    TotalArbres: 4,
    TotalCo2EnKg: 50,
    NombreTotalLignes: 1,
  });
  expect(test.json.Arbres[0]).toMatchObject({ Quantite: 4, DatePlantation: "2024-03-03T00:00:00.000Z" });
});

test("a person's report: only that person's trees, with RequestPersonneId", async () => {
  const f = await funeralHome();
  const anna = await api("GET", `/${f.op.key}${personPath(f.epf.id, f.anna.id)}`);
  expect(anna.status).toBe(200);
  expect(anna.json).toMatchObject({
    Objet: "reportArbres",
    Contexte: { Contexte: "Epf", ContexteEpfId: f.epf.id, ContexteGroupeEpfId: f.group.id },
    RequestEpfId: f.epf.id,
    RequestPersonneId: f.anna.id,
    DateDebut: "2024-03-01T00:00:00.000Z",
    DateFin: "2024-03-11T00:00:00.000Z",
    TotalArbres: 3,
    TotalCo2EnKg: 300,
    NombreTotalLignes: 2,
    NombreLignesDansLaPage: 2,
    Plus: false,
  });
  expect(anna.json.Arbres.map((line: { PersonneId: number }) => line.PersonneId)).toEqual([
    f.anna.id,
    f.anna.id,
  ]);
  // A person created through the agency is linked to its funeral home.
  const bert = await api("GET", `/${f.op.key}${personPath(f.epf.id, f.bert.id)}`);
  expect(bert.json).toMatchObject({ TotalArbres: 3, TotalCo2EnKg: 37.5, NombreTotalLignes: 1 });
  expect(bert.json.Arbres[0]).toMatchObject({ Personne: "Bert Janssens", EpfId: f.epf.id, Epf: f.epf.name });
});

test("paging across three pages: Page and Limite, Plus, totals of the whole period on every page", async () => {
  const op = await makeIsolatedOperator({ co2: 10 });
  const epf = await makeContext(op.operatorId, "Epf");
  const person = await makePerson({ operatorId: op.operatorId, epfId: epf.id });
  const memorial = await makeMemorial({ operatorId: op.operatorId, personId: person.id });
  const common = plantingOf(op, memorial, person, epf.id);
  // Planted out of order; two share a date, so the id decides between them.
  const dates = ["2025-01-04", "2025-01-02", "2025-01-03", "2025-01-03", "2025-01-01"];
  const trees = [];
  for (const [index, date] of dates.entries()) {
    trees.push(await plant({ ...common, quantity: index + 1, plantedAt: at(`${date}T08:00:00.000Z`) }));
  }
  const expectedOrder = [...trees]
    .sort((a, b) => a.plantedAt.getTime() - b.plantedAt.getTime() || a.id - b.id)
    .map((tree) => tree.quantity);
  const seen: number[] = [];
  for (const [page, inPage, plus] of [
    [1, 2, true],
    [2, 2, true],
    [3, 1, false],
  ] as const) {
    const { status, json } = await api(
      "GET",
      `${epfPath(epf.id, "31", "2025/01/01")}?Page=${page}&Limite=2`,
      {
        key: op.key,
      },
    );
    expect(status).toBe(200);
    expect(json).toMatchObject({
      TotalArbres: 15,
      TotalCo2EnKg: 150,
      NombreTotalLignes: 5,
      Page: page,
      NombreLignesParPage: 2,
      NombreLignesDansLaPage: inPage,
      Plus: plus,
    });
    seen.push(...json.Arbres.map((line: { Quantite: number }) => line.Quantite));
  }
  expect(seen).toEqual(expectedOrder);
  const past = await api("GET", `${epfPath(epf.id, "31", "2025/01/01")}?Page=4&Limite=2`, { key: op.key });
  expect(past.json).toMatchObject({ Arbres: [], NombreLignesDansLaPage: 0, Plus: false, TotalArbres: 15 });
});

test("another operator's funeral home or person, or a person of another funeral home, answers 404", async () => {
  const f = await funeralHome();
  const stranger = await makeIsolatedOperator();
  for (const path of [epfPath(f.epf.id), personPath(f.epf.id, f.anna.id)]) {
    const { status, json } = await api("GET", `/${stranger.key}${path}`);
    expect(status).toBe(404);
    expect(json).toMatchObject({ Objet: "erreur", Statut: "Erreur", HttpStatusCode: 404 });
    expect(json.ApiContexte).toMatchObject({ ContexteGeneralId: stranger.operatorId, ContexteEpfId: 0 });
  }
  // A stranger's own funeral home does not open the other operator's person.
  const strangerEpf = await makeContext(stranger.operatorId, "Epf");
  expect((await api("GET", `/${stranger.key}${personPath(strangerEpf.id, f.anna.id)}`)).status).toBe(404);
  // Carl belongs to the other funeral home; an agency or a group is not a funeral home.
  expect((await api("GET", `/${f.op.key}${personPath(f.epf.id, f.carl.id)}`)).status).toBe(404);
  expect((await api("GET", `/${f.op.key}${epfPath(f.agency.id)}`)).status).toBe(404);
  expect((await api("GET", `/${f.op.key}${epfPath(f.group.id)}`)).status).toBe(404);
  expect((await api("GET", `/${f.op.key}${epfPath(2_000_000_000)}`)).status).toBe(404);
  expect((await api("GET", `/${f.op.key}${personPath(f.epf.id, 2_000_000_000)}`)).status).toBe(404);
});

test("the key in the path, in the header, or both: equal works, different or revoked answers 403", async () => {
  const f = await funeralHome();
  const path = epfPath(f.epf.id);
  const pathOnly = await api("GET", `/${f.op.key}${path}`);
  expect(pathOnly.status).toBe(200);
  expect(pathOnly.json.TotalArbres).toBe(6);
  const both = await api("GET", `/${f.op.key}${path}`, { key: f.op.key });
  expect(both.status).toBe(200);
  expect(both.json.TotalArbres).toBe(6);
  // The operator's own test key in the header against its live key in the path: still two keys.
  const differ = await api("GET", `/${f.op.key}${path}`, { key: f.op.testKey });
  expect(differ.status).toBe(403);
  expect(differ.json).toMatchObject({ Objet: "erreur", Statut: "Erreur", HttpStatusCode: 403 });
  const unknownPath = await api("GET", `/mt_live_unknown${path}`);
  expect(unknownPath.status).toBe(403);
  // A valid header with a placeholder in the path is two different keys.
  expect((await api("GET", `/not-the-key${path}`, { key: f.op.key })).status).toBe(403);

  const revoked = await makeIsolatedOperator();
  await actingAs(COMMAND_LINE, () => revokeApiKey(revoked.key));
  const revokedEpf = await makeContext(revoked.operatorId, "Epf");
  expect((await api("GET", `/${revoked.key}${epfPath(revokedEpf.id)}`)).status).toBe(403);
  expect((await api("GET", `/${revoked.key}${epfPath(revokedEpf.id)}`, { key: revoked.key })).status).toBe(
    403,
  );
  // Its test key still works.
  expect((await api("GET", `/${revoked.testKey}${epfPath(revokedEpf.id)}`)).status).toBe(200);
});

test("bad input answers 400 naming the field, never 500", async () => {
  const f = await funeralHome();
  const cases: [string, string][] = [
    [epfPath(f.epf.id, "0"), "days"],
    [epfPath(f.epf.id, "3661"), "days"],
    [epfPath(f.epf.id, "-1"), "days"],
    [epfPath(f.epf.id, "ten"), "days"],
    [epfPath(f.epf.id, "10", "2023/02/30"), "day"],
    [epfPath(f.epf.id, "10", "2024/02/30"), "day"],
    [epfPath(f.epf.id, "10", "2024/13/01"), "month"],
    [epfPath(f.epf.id, "10", "2024/0/01"), "month"],
    [epfPath(f.epf.id, "10", "2024/01/32"), "day"],
    [epfPath(f.epf.id, "10", "1999/01/01"), "year"],
    [epfPath(f.epf.id, "10", "2024.5/01/01"), "year"],
    [epfPath("abc"), "epfId"],
    [epfPath("1.5"), "epfId"],
    [personPath(f.epf.id, "x"), "personneId"],
    [personPath(f.epf.id, "3.5"), "personneId"],
    [`${epfPath(f.epf.id)}?Page=0`, "Page"],
    [`${epfPath(f.epf.id)}?Page=deux`, "Page"],
    [`${epfPath(f.epf.id)}?Limite=0`, "Limite"],
    [`${epfPath(f.epf.id)}?Limite=1001`, "Limite"],
  ];
  for (const [path, field] of cases) {
    const { status, json } = await api("GET", `/${f.op.key}${path}`);
    expect(status, path).toBe(400);
    expect(json, path).toMatchObject({ Objet: "erreur", Statut: "Erreur", HttpStatusCode: 400 });
    expect(json.Message, path).toContain(field);
  }
  // 2024 is a leap year: February 29 exists, and 3660 days is allowed.
  expect((await api("GET", `/${f.op.key}${epfPath(f.epf.id, "3660", "2024/02/29")}`)).status).toBe(200);
  expect((await api("POST", `/${f.op.key}${epfPath(f.epf.id)}`)).status).toBe(405);
});
