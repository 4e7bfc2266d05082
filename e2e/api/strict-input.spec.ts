// Strict input, through HTTP: a body field the specification does not define is refused
// (400 UNKNOWN_FIELD, Champ naming it) and nothing is written; a query or path parameter at fault
// is named in Champ; a malformed JSON body says where it breaks (400 MALFORMED_JSON).
import { expect, test } from "@playwright/test";
import {
  addStockAsCommandLine,
  api,
  db,
  makeContext,
  makeIsolatedOperator,
  unique,
  uniqueEmail,
} from "../support/factories";
import { contract } from "../support/openapi";
import { setVisitors } from "../support/visitors";

type Operator = Awaited<ReturnType<typeof makeIsolatedOperator>>;

/** Everything a creation or a modification writes for an operator. */
async function rows(operatorId: number) {
  const [memorials, persons, trees, transactions, events] = await Promise.all([
    db.memorial.count({ where: { operatorId } }),
    db.person.count({ where: { operatorId } }),
    db.tree.count({ where: { operatorId } }),
    db.transaction.count({ where: { operatorId } }),
    db.domainEvent.count({ where: { operatorId } }),
  ]);
  return { memorials, persons, trees, transactions, events };
}

const DEATH = "2026-10-01";

test("the typo AConfirmr is refused: no memorial, no tree, no e-mail; spelt right, the same body awaits the family", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const email = `${unique("famille").replace(/\W+/g, "-")}@example.org`;
  const body = {
    Defunt: { Nom: "Dupont", Prenom: "Marie", DateDeces: DEATH },
    Famille: { FamilleEmail: email },
  };
  const before = await rows(op.operatorId);

  const typo = await api("POST", "/Memorials/Creer", { key: op.key, body: { ...body, AConfirmr: true } });
  expect(typo.status, typo.text).toBe(400);
  expect(typo.json).toMatchObject({
    Objet: "erreur",
    Statut: "Erreur",
    HttpStatusCode: 400,
    Code: "UNKNOWN_FIELD",
    Champ: "AConfirmr",
  });
  expect(typo.json.Message).toBe("AConfirmr: is not a field of the specification (did you mean AConfirmer?)");
  expect(await rows(op.operatorId)).toEqual(before);
  expect(await db.outgoingEmail.count({ where: { to: email } })).toBe(0);

  // The same body spelt right is valid: it creates a memorial without a tree, awaiting the family.
  const right = await api("POST", "/Memorials/Creer", { key: op.key, body: { ...body, AConfirmer: true } });
  expect(right.status, right.text).toBe(200);
  expect(right.json).toMatchObject({ NombreArbre: 0, AConfirmer: true });
  expect((await rows(op.operatorId)).trees).toBe(before.trees);
});

test("a field the client cannot set (EspeceId) is refused, not ignored", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const before = await rows(op.operatorId);
  const r = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Espece", DateDeces: DEATH }, EspeceId: 999 },
  });
  expect(r.status).toBe(400);
  expect(r.json).toMatchObject({ Code: "UNKNOWN_FIELD", Champ: "EspeceId" });
  expect(r.json.Message).toBe("EspeceId: is not a field of the specification");
  expect(await rows(op.operatorId)).toEqual(before);
});

test("an unknown field in a nested object is refused with its full path", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const epf = await makeContext(op.operatorId, "Epf");
  const valid = {
    Contexte: { ContexteEpfId: epf.id },
    Defunt: { Nom: "Imbrique", DateDeces: DEATH },
    Famille: { FamilleNom: "Famille Imbrique" },
  };
  const before = await rows(op.operatorId);
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [{ ...valid, Famille: { ...valid.Famille, Foo: 1 } }, "Famille.Foo", /^Famille\.Foo: is not a field/],
    [{ ...valid, Defunt: { ...valid.Defunt, Prenon: "Marie" } }, "Defunt.Prenon", /did you mean Prenom\?\)$/],
    [
      { ...valid, Contexte: { ContexteEpfID: epf.id } },
      "Contexte.ContexteEpfID",
      /did you mean ContexteEpfId\?\)$/,
    ],
  ];
  for (const [body, champ, message] of cases) {
    const r = await api("POST", "/Memorials/Creer", { key: op.key, body });
    expect(r.status, champ).toBe(400);
    expect(r.json, champ).toMatchObject({ Code: "UNKNOWN_FIELD", Champ: champ });
    expect(r.json.Message, champ).toMatch(message);
  }
  expect(await rows(op.operatorId)).toEqual(before);

  // Every field of 2.1 is accepted in Contexte (a response's Contexte sent back), and
  // ContextExtension is free-form: the valid body with them plants.
  const echoed = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      ...valid,
      Contexte: {
        Environnement: "production",
        ContexteGeneral: "Anything",
        ContexteGeneralId: 1,
        Contexte: "Epf",
        ContexteId: epf.id,
        ContexteEpfId: epf.id,
        ContexteTitreId: 0,
      },
      ContextExtension: { DossierInterne: "A-12", Options: { Any: [1, 2] } },
    },
  });
  expect(echoed.status, echoed.text).toBe(200);
  expect(echoed.json.Contexte).toMatchObject({ Contexte: "Epf", ContexteEpfId: epf.id });
});

test("a creation with Defunt.LieuDeces is refused and names PUT /Personne/Modifier, which sets it", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const defunt = { Nom: "Lieu", Prenom: "Paul", DateDeces: DEATH };
  const before = await rows(op.operatorId);
  const refused = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { ...defunt, LieuDeces: "Namur" } },
  });
  expect(refused.status, refused.text).toBe(400);
  expect(refused.json).toMatchObject({
    HttpStatusCode: 400,
    Code: "UNKNOWN_FIELD",
    Champ: "Defunt.LieuDeces",
  });
  expect(refused.json.Message).toMatch(/^Defunt\.LieuDeces: .*PUT \/Personne\/Modifier/);
  expect(await rows(op.operatorId)).toEqual(before);

  // As it says: create, then set the place of death on the person.
  const created = await api("POST", "/Memorials/Creer", { key: op.key, body: { Defunt: defunt } });
  expect(created.status, created.text).toBe(200);
  const modified = await api("PUT", "/Personne/Modifier", {
    key: op.key,
    body: { Id: created.json.IdDefunt, LieuDeces: "Namur" },
  });
  expect(modified.status, modified.text).toBe(200);
  expect(modified.json.Defunt).toMatchObject({ Id: created.json.IdDefunt, LieuDeces: "Namur" });
});

/** A valid body of each operation that takes one, and what it would change. */
const bodies: Record<
  string,
  (op: Operator) => Promise<{
    body: Record<string, unknown>;
    state: () => Promise<unknown>;
    /** The path to call, where the operation's has a parameter. */
    path?: string;
  }>
> = {
  "POST /Memorials/Creer": async (op) => ({
    body: { Defunt: { Nom: "Table", DateDeces: DEATH } },
    state: () => rows(op.operatorId),
  }),
  "PUT /Personne/Modifier": async (op) => {
    const made = await api("POST", "/Memorials/Creer", {
      key: op.key,
      body: { Defunt: { Nom: "Avant", DateDeces: DEATH } },
    });
    const id = made.json.IdDefunt as number;
    return {
      body: { Id: id, Nom: "Après", MajTitreMemorials: true },
      state: async () => ({
        person: await db.person.findUniqueOrThrow({ where: { id } }),
        memorials: await db.memorial.findMany({ where: { personId: id } }),
        rows: await rows(op.operatorId),
      }),
    };
  },
};

/** A memorial of the operator where visitors may plant, and what codes change. */
async function codesSetup(op: Operator) {
  await setVisitors(op.operatorId, null, { enabled: true, payments: [], price: null });
  const made = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Codes", DateDeces: DEATH } },
  });
  const memorialId = made.json.IdMemorial as number;
  const state = async () => ({
    rows: await rows(op.operatorId),
    codes: await db.claimCode.findMany({ where: { operatorId: op.operatorId }, orderBy: { id: "asc" } }),
  });
  return { memorialId, state };
}

bodies["POST /Codes/Creer"] = async (op) => {
  const { memorialId, state } = await codesSetup(op);
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  return { body: { MemorialId: memorialId, Nombre: 1, DateExpiration: expires }, state };
};
bodies["POST /Codes/Utiliser"] = async (op) => {
  const { memorialId, state } = await codesSetup(op);
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const issued = await api("POST", "/Codes/Creer", {
    key: op.key,
    body: { MemorialId: memorialId, Nombre: 1, DateExpiration: expires },
  });
  const body = {
    Code: issued.json.Codes[0].Code,
    MemorialId: memorialId,
    Planteur: "Léa",
    MessagePlanteur: "Pour toujours",
    Email: "lea@example.org",
  };
  return { body, state };
};

bodies["POST /Arbres/Deplacer"] = async (op) => {
  // Two memorials of the operator, each with its tree (the operator's stock is small).
  await addStockAsCommandLine(op.plantationId, op.speciesId, 2);
  const made = async (Nom: string) =>
    (await api("POST", "/Memorials/Creer", { key: op.key, body: { Defunt: { Nom, DateDeces: DEATH } } })).json
      .IdMemorial as number;
  const [from, to] = [await made("Depart"), await made("Arrivee")];
  const state = async () => ({
    rows: await rows(op.operatorId),
    moves: await db.treeMove.count({ where: { operatorId: op.operatorId } }),
  });
  return { body: { MemorialId: from, MemorialIdCible: to }, state };
};

bodies["PUT /Memorial/{memorialId}/Ceremonie"] = async (op) => {
  // A memorial with its ceremony (its tree from stock of its own): the valid body changes it (200).
  await addStockAsCommandLine(op.plantationId, op.speciesId, 1);
  const made = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Ceremonie", DateDeces: DEATH } },
  });
  expect(made.status, made.text).toBe(200);
  const memorialId = made.json.IdMemorial as number;
  const ceremony = {
    Debut: `${new Date().getUTCFullYear() + 1}-06-15T14:30`,
    Lieu: { Nom: "Église Saint-Martin", Adresse: "Place Saint-Martin 1, 1000 Bruxelles" },
  };
  expect(
    (await api("PUT", `/Memorial/${memorialId}/Ceremonie`, { key: op.key, body: ceremony })).status,
  ).toBe(201);
  const state = async () => ({
    ceremony: await db.ceremony.findUnique({ where: { memorialId } }),
    rows: await rows(op.operatorId),
  });
  return {
    body: { ...ceremony, Note: "Ni fleurs ni couronnes" },
    state,
    path: `/Memorial/${memorialId}/Ceremonie`,
  };
};

bodies["POST /DonneesPersonnelles/Effacer"] = async (op) => {
  // A family's address in one of the operator's memorials, erased only by the valid body.
  const email = uniqueEmail("subject");
  await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Sujet", DateDeces: DEATH }, Famille: { FamilleEmail: email } },
  });
  const state = async () => ({ families: await db.family.count({ where: { email } }) });
  return { body: { Email: email }, state };
};

test("every operation that takes a body refuses an unknown field and changes nothing", async () => {
  const { document } = await contract();
  const withBody = Object.entries(document.paths as Record<string, Record<string, { requestBody?: unknown }>>)
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.requestBody)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
  // A new operation with a body must be added to the table.
  expect(Object.keys(bodies).sort()).toEqual(withBody);

  const op = await makeIsolatedOperator({ stock: 5 });
  for (const [operation, make] of Object.entries(bodies)) {
    const [method, template] = operation.split(" ");
    const { body, state, path = template } = await make(op);
    const before = await state();
    for (const [extra, champ] of [
      [{ Inconnu: true }, "Inconnu"],
      [{ Nom: undefined, nom: "minuscule" }, "nom"],
    ] as const) {
      const r = await api(method, path, { key: op.key, body: { ...body, ...extra } });
      expect(r.status, `${operation} ${champ}`).toBe(400);
      expect(r.json, `${operation} ${champ}`).toMatchObject({ Code: "UNKNOWN_FIELD", Champ: champ });
    }
    expect(await state(), operation).toEqual(before);
    // The body without the unknown field is accepted.
    const ok = await api(method, path, { key: op.key, body });
    expect(ok.status, `${operation}: ${ok.text}`).toBe(200);
  }
});

test("a query parameter at fault is named in Champ; one the operation does not take is ignored", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  for (const [path, champ] of [
    ["/Especes?Limite=5000", "Limite"],
    ["/Plantations?Page=abc", "Page"],
    ["/Contextes?Page=0", "Page"],
  ]) {
    const r = await api("GET", path, { key: op.key });
    expect(r.status, path).toBe(400);
    expect(r.json, path).toMatchObject({ Code: "INVALID_INPUT", Champ: champ });
    expect(r.json.Message, path).toMatch(new RegExp(`^${champ} must be`));
  }
  for (const path of ["/Especes?_=1732540000", "/Plantations?utm_source=crm&Page=1", "/Contextes?foo"]) {
    const r = await api("GET", path, { key: op.key });
    expect(r.status, `${path}: ${r.text}`).toBe(200);
  }
});

test("a path parameter at fault is named in Champ", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const epf = await makeContext(op.operatorId, "Epf");
  const report = (days: string, y: string, m: string, d: string) =>
    `/Report/Arbres/Epf/${epf.id}/Days/${days}/DepuisLe/${y}/${m}/${d}`;
  for (const [path, champ] of [
    ["/Plantation/abc", "id"],
    ["/Espece/1.5", "id"],
    ["/Transactions/2026/13", "month"],
    ["/Transactions/1999/1", "year"],
    ["/Transactions/totaux/semaine/2026/1", "mode"],
    ["/Transactions/totaux/jour/2026/x", "month"],
    [report("0", "2026", "1", "1"), "days"],
    [report("10", "2026", "2", "30"), "day"],
    [report("10", "2026", "0", "1"), "month"],
    [`/Report/Arbres/Epf/x/Days/10/DepuisLe/2026/1/1`, "epfId"],
    [`/Report/Arbres/Epf/${epf.id}/Personne/x/Days/10/DepuisLe/2026/1/1`, "personneId"],
    ["/Memorial/abc/Infos", "memorialId"],
    [`/${op.key}/Memorial/abc/Infos`, "memorialId"],
  ]) {
    const r = await api("GET", path, { key: op.key });
    expect(r.status, `${path}: ${r.text}`).toBe(400);
    expect(r.json, path).toMatchObject({ Code: "INVALID_INPUT", Champ: champ });
    expect(r.json.Message, path).toMatch(new RegExp(`^${champ} `));
  }
});

test("a malformed JSON body says where it breaks, and nothing is written", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const before = await rows(op.operatorId);
  const broken = `{\n  "Defunt": { "Nom": "Cassé", "DateDeces": "${DEATH}" }\n  "AConfirmer": false\n}`;
  const r = await api("POST", "/Memorials/Creer", { key: op.key, body: broken });
  expect(r.status).toBe(400);
  expect(r.json).toMatchObject({ Code: "MALFORMED_JSON", Champ: null, HttpStatusCode: 400 });
  expect(r.json.Message).toBe(
    "the body is not valid JSON at line 3, column 3 (offset 62): expected ',' or '}' after the property value, found '\"'",
  );
  for (const [text, where] of [
    ['{"Id": 1, "Nom": "A",}', "line 1, column 22 (offset 21)"],
    ["{'Id': 1}", `line 1, column 2 (offset 1): expected a property name in double quotes, found "'"`],
    [
      '{"Id": 1, "Nom": "A"',
      "line 1, column 21 (offset 20): expected ',' or '}' after the property value, but the text ends",
    ],
  ]) {
    const m = await api("PUT", "/Personne/Modifier", { key: op.key, body: text });
    expect(m.status, text).toBe(400);
    expect(m.json, text).toMatchObject({ Code: "MALFORMED_JSON", Champ: null });
    expect(m.json.Message, text).toContain(where);
  }
  expect(await rows(op.operatorId)).toEqual(before);
});
