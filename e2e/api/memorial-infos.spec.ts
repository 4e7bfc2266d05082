// 2.7 / 4.4: memorial information, as the memorial's operator and as another operator read it.

import { actingAs } from "@memorial/lib/audit/actor";
import { revokeApiKey } from "@memorial/lib/operators/keys";
import { expect, test } from "@playwright/test";
import { api, COMMAND_LINE, db, makeContext, makeIsolatedOperator } from "../support/factories";
import { NOTHING_HAPPENED_YET } from "../support/tree-life";
import { makeMemorial, makePerson, plant, plantingOf } from "../support/trees";

const infos = (memorialId: number | string) => `/Memorial/${memorialId}/Infos`;

/** A funeral home's classic, visible memorial with a live tree and a test tree. */
async function classicMemorial() {
  const op = await makeIsolatedOperator({ co2: 250.5 });
  const epf = await makeContext(op.operatorId, "Epf");
  const person = await makePerson({
    operatorId: op.operatorId,
    epfId: epf.id,
    firstName: "Marie",
    lastName: "Dubois",
    civility: "Madame",
    deathDate: new Date("2024-05-02T00:00:00.000Z"),
  });
  const memorial = await makeMemorial({
    operatorId: op.operatorId,
    personId: person.id,
    title: "Marie Dubois",
    contextId: epf.id,
  });
  const common = plantingOf(op, memorial, person, epf.id);
  await plant({
    ...common,
    planter: "Ses petits-enfants",
    message: "Pour toujours",
    plantedAt: new Date("2024-05-04T10:30:00.000Z"),
  });
  await plant({ ...common, planter: "Essai", isTest: true, plantedAt: new Date("2024-05-05T00:00:00.000Z") });
  return { op, epf, person, memorial };
}

test("every field of a classic memorial, read by another operator (a newspaper)", async () => {
  const { op, memorial } = await classicMemorial();
  const newspaper = await makeIsolatedOperator();
  const species = await db.species.findUniqueOrThrow({ where: { id: op.speciesId } });
  const site = await db.plantation.findUniqueOrThrow({ where: { id: op.plantationId } });
  const { status, json } = await api("GET", `/${newspaper.key}${infos(memorial.id)}`);
  expect(status).toBe(200);
  expect(json).toMatchObject({
    Objet: "memorialInfos",
    Statut: "Ok",
    Contexte: { Environnement: "production", ContexteGeneralId: newspaper.operatorId, Contexte: "Operateur" },
    MemorialId: memorial.id,
    MemorialNom: "Marie Dubois",
    DateCreation: memorial.createdAt.toISOString(),
    Defunt: { Nom: "Dubois", Prenom: "Marie", Civilite: "Madame", DateDeces: "2024-05-02T00:00:00.000Z" },
  });
  // The test tree is not shown: only live trees are public.
  expect(json.Arbres).toEqual([
    {
      Quantite: 1,
      EspeceId: op.speciesId,
      Espece: species.name,
      Type: "Feuillu",
      TailleMaxEnM: 40,
      DureeVieEnAnnees: 800,
      Co2CompenseEnKgPourUnArbre: 250.5,
      PlantationId: op.plantationId,
      Plantation: site.name,
      Latitude: "50.5",
      Longitude: "4.5",
      DatePlantation: "2024-05-04T10:30:00.000Z",
      Planteur: "Ses petits-enfants",
      MessagePlanteur: "Pour toujours",
      // Extension: the operator's tree, not a visitor's.
      Origine: "partner",
      // Extension: the tree's life; ordered, nothing happened to it yet.
      ArbreId: expect.any(Number),
      EtatArbre: "Commande",
      ...NOTHING_HAPPENED_YET,
    },
  ]);
});

test("the memorial's own operator sees its test trees with its test key only", async () => {
  const { op, memorial } = await classicMemorial();
  const live = await api("GET", `/${op.key}${infos(memorial.id)}`);
  expect(live.json.Arbres.map((tree: { Planteur: string }) => tree.Planteur)).toEqual(["Ses petits-enfants"]);
  const test = await api("GET", `/${op.testKey}${infos(memorial.id)}`);
  expect(test.status).toBe(200);
  expect(test.json.Contexte.Environnement).toBe("test");
  expect(test.json.Arbres.map((tree: { Planteur: string }) => tree.Planteur)).toEqual([
    "Ses petits-enfants",
    "Essai",
  ]);
  // Another operator's test key is not the memorial's operator: live trees only.
  const other = await makeIsolatedOperator();
  const otherTest = await api("GET", `/${other.testKey}${infos(memorial.id)}`);
  expect(otherTest.json.Arbres).toHaveLength(1);
});

test("an anonymous memorial: its name or its id, and nothing about the deceased", async () => {
  const op = await makeIsolatedOperator();
  const reader = await makeIsolatedOperator();
  const person = await makePerson({
    operatorId: op.operatorId,
    firstName: "Jean",
    lastName: "Secret",
    civility: "M.",
  });
  const named = await makeMemorial({
    operatorId: op.operatorId,
    personId: person.id,
    kind: "anonymous",
    anonymousName: "Un ami cher",
    title: "Un ami cher",
  });
  await plant({
    ...plantingOf(op, named, person, null),
    plantedAt: new Date("2024-06-01T00:00:00.000Z"),
  });
  const unnamed = await makeMemorial({ operatorId: op.operatorId, personId: person.id, kind: "anonymous" });
  const nobody = { Nom: null, Prenom: null, Civilite: null, DateDeces: null };
  for (const key of [reader.key, op.key]) {
    const first = await api("GET", `/${key}${infos(named.id)}`);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ MemorialId: named.id, MemorialNom: "Un ami cher", Defunt: nobody });
    expect(first.json.Arbres).toHaveLength(1);
    const second = await api("GET", `/${key}${infos(unnamed.id)}`);
    expect(second.json).toMatchObject({ MemorialNom: String(unnamed.id), Defunt: nobody, Arbres: [] });
  }
  expect(JSON.stringify((await api("GET", `/${reader.key}${infos(named.id)}`)).json)).not.toContain("Secret");
});

test("the global memorial: the operator's name and no deceased", async () => {
  const op = await makeIsolatedOperator();
  const operator = await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } });
  const global = await makeMemorial({
    operatorId: op.operatorId,
    personId: null,
    kind: "global",
    title: operator.name,
  });
  const { status, json } = await api("GET", `/${op.key}${infos(global.id)}`);
  expect(status).toBe(200);
  expect(json).toMatchObject({
    MemorialNom: operator.name,
    Defunt: { Nom: null, Prenom: null, Civilite: null, DateDeces: null },
    Arbres: [],
  });
});

test("awaiting confirmation: its own operator reads it with no tree, any other operator gets 404", async () => {
  const op = await makeIsolatedOperator();
  const person = await makePerson({ operatorId: op.operatorId, firstName: "Paul", lastName: "Martin" });
  const memorial = await makeMemorial({
    operatorId: op.operatorId,
    personId: person.id,
    status: "awaiting_confirmation",
    title: "Paul Martin",
  });
  const own = await api("GET", `/${op.key}${infos(memorial.id)}`);
  expect(own.status).toBe(200);
  expect(own.json).toMatchObject({
    MemorialId: memorial.id,
    MemorialNom: "Paul Martin",
    Defunt: { Nom: "Martin", Prenom: "Paul" },
    Arbres: [],
  });
  const other = await makeIsolatedOperator();
  const denied = await api("GET", `/${other.key}${infos(memorial.id)}`);
  expect(denied.status).toBe(404);
  expect(denied.json).toMatchObject({ Objet: "erreur", Statut: "Erreur", HttpStatusCode: 404 });
  // Exactly as a memorial that does not exist.
  const missing = await api("GET", `/${other.key}${infos(2_000_000_000)}`);
  expect(missing.status).toBe(404);
});

test("a test memorial is not public: another operator gets 404, its own operator reads it", async () => {
  const op = await makeIsolatedOperator();
  const person = await makePerson({ operatorId: op.operatorId, isTest: true });
  const memorial = await makeMemorial({ operatorId: op.operatorId, personId: person.id, isTest: true });
  expect((await api("GET", `/${op.testKey}${infos(memorial.id)}`)).status).toBe(200);
  const other = await makeIsolatedOperator();
  expect((await api("GET", `/${other.key}${infos(memorial.id)}`)).status).toBe(404);
  expect((await api("GET", `/${other.testKey}${infos(memorial.id)}`)).status).toBe(404);
});

test("an approximate date of death is shown only to the memorial's operator (4.1 rule 9)", async () => {
  const op = await makeIsolatedOperator();
  const person = await makePerson({
    operatorId: op.operatorId,
    deathDate: new Date("2024-01-15T00:00:00.000Z"),
    deathDateApproximate: true,
  });
  const memorial = await makeMemorial({ operatorId: op.operatorId, personId: person.id });
  const own = await api("GET", `/${op.key}${infos(memorial.id)}`);
  expect(own.json.Defunt.DateDeces).toBe("2024-01-15T00:00:00.000Z");
  const other = await makeIsolatedOperator();
  const read = await api("GET", `/${other.key}${infos(memorial.id)}`);
  expect(read.json.Defunt).toMatchObject({ Nom: person.lastName, DateDeces: null });
});

test("the key in the header only, in the path only, or both; different or revoked keys answer 403", async () => {
  const { op, memorial } = await classicMemorial();
  const headerOnly = await api("GET", infos(memorial.id), { key: op.key });
  expect(headerOnly.status).toBe(200);
  expect(headerOnly.json.MemorialId).toBe(memorial.id);
  expect((await api("GET", infos(memorial.id))).status).toBe(403);
  expect((await api("GET", `/${op.key}${infos(memorial.id)}`)).status).toBe(200);
  expect((await api("GET", `/${op.key}${infos(memorial.id)}`, { key: op.key })).status).toBe(200);
  const other = await makeIsolatedOperator();
  const differ = await api("GET", `/${op.key}${infos(memorial.id)}`, { key: other.key });
  expect(differ.status).toBe(403);
  expect(differ.json).toMatchObject({ Objet: "erreur", Statut: "Erreur", HttpStatusCode: 403 });
  await actingAs(COMMAND_LINE, () => revokeApiKey(other.key));
  expect((await api("GET", `/${other.key}${infos(memorial.id)}`)).status).toBe(403);
  expect((await api("GET", infos(memorial.id), { key: other.key })).status).toBe(403);
});

test("a memorial id that is not an integer answers 400; one that cannot be an id, 404", async () => {
  const op = await makeIsolatedOperator();
  for (const id of ["abc", "1.5", "1e3"]) {
    const { status, json } = await api("GET", `/${op.key}${infos(id)}`);
    expect(status, id).toBe(400);
    expect(json.Message, id).toContain("memorialId");
  }
  for (const id of ["0", "-4", "99999999999"]) {
    const { status, json } = await api("GET", `/${op.key}${infos(id)}`);
    expect(status, id).toBe(404);
    expect(json.Message, id).toContain("memorialId");
  }
});

test("Etat says where the memorial stands: awaiting confirmation, public, link only or hidden", async () => {
  const op = await makeIsolatedOperator();
  const other = await makeIsolatedOperator();
  // A funeral home whose memorials are link-only until their family chooses.
  const linkOnlyHome = await makeContext(op.operatorId, "Epf");
  await db.context.update({ where: { id: linkOnlyHome.id }, data: { defaultPrivacy: "link_only" } });
  const memorialIn = async (state: string) => {
    const person = await makePerson({ operatorId: op.operatorId });
    const memorial = await makeMemorial({
      operatorId: op.operatorId,
      personId: person.id,
      status: state === "awaiting_confirmation" ? "awaiting_confirmation" : "visible",
      contextId: state === "default_link_only" ? linkOnlyHome.id : null,
    });
    if (state === "link_only")
      await db.memorial.update({ where: { id: memorial.id }, data: { privacy: "link_only" } });
    if (state === "hidden")
      await db.memorial.update({ where: { id: memorial.id }, data: { hiddenAt: new Date() } });
    return memorial.id;
  };
  const expected: [string, string, number][] = [
    // [how it was made, Etat, what another operator gets]
    ["awaiting_confirmation", "awaiting_confirmation", 404],
    ["public", "public", 200],
    ["link_only", "link_only", 200],
    ["default_link_only", "link_only", 200],
    ["hidden", "hidden", 404],
  ];
  for (const [made, etat, otherStatus] of expected) {
    const id = await memorialIn(made);
    const own = await api("GET", `/${op.key}${infos(id)}`);
    expect(own.status, made).toBe(200);
    expect(own.json.Etat, made).toBe(etat);
    const seen = await api("GET", `/${other.key}${infos(id)}`);
    expect(seen.status, made).toBe(otherStatus);
    if (otherStatus === 200) expect(seen.json.Etat, made).toBe(etat);
  }
});
