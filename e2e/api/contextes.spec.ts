// Extension GET /v1/Contextes: the caller's contexts, paged like the other listings, never
// another operator's.
import { expect, test } from "@playwright/test";
import { api, makeContext, makeIsolatedOperator } from "../support/factories";
import { paging } from "../support/paging";

test("lists the caller's contexts by id with kind, name, parent and language, in pages", async () => {
  const op = await makeIsolatedOperator();
  const other = await makeIsolatedOperator();
  await makeContext(other.operatorId, "Epf");
  const group = await makeContext(op.operatorId, "GroupeEpf");
  const home = await makeContext(op.operatorId, "Epf", group.id, "nl");
  const agency = await makeContext(op.operatorId, "EpfAgence", home.id);
  const title = await makeContext(op.operatorId, "Titre");

  const all = await api("GET", "/Contextes", { key: op.key });
  expect(all.status).toBe(200);
  expect(all.json).toMatchObject({
    Objet: "contextes",
    Statut: "Ok",
    Contexte: { ContexteGeneralId: op.operatorId, Contexte: "Operateur", Environnement: "production" },
    ...paging(4, 1, 50, 4, false),
  });
  expect(all.json.Contextes).toEqual([
    { Id: group.id, Type: "GroupeEpf", Nom: group.name, ParentId: null, Langue: null },
    { Id: home.id, Type: "Epf", Nom: home.name, ParentId: group.id, Langue: "nl" },
    { Id: agency.id, Type: "EpfAgence", Nom: agency.name, ParentId: home.id, Langue: null },
    { Id: title.id, Type: "Titre", Nom: title.name, ParentId: null, Langue: null },
  ]);

  const second = await api("GET", "/Contextes?Page=2&Limite=3", { key: op.key });
  expect(second.json).toMatchObject(paging(4, 2, 3, 1, false));
  expect(second.json.Contextes.map((c: { Id: number }) => c.Id)).toEqual([title.id]);
  const first = await api("GET", "/Contextes?Limite=3", { key: op.key });
  expect(first.json).toMatchObject({ NombreDansLaPage: 3, Plus: true });
  const past = await api("GET", "/Contextes?Page=9", { key: op.key });
  expect(past.json).toMatchObject({ Contextes: [], NombreTotal: 4, Plus: false });

  // The same contexts for the test key; none for an operator without any.
  const test = await api("GET", "/Contextes", { key: op.testKey });
  expect(test.json.Contexte.Environnement).toBe("test");
  expect(test.json.Contextes).toEqual(all.json.Contextes);
  const lonely = await makeIsolatedOperator();
  expect((await api("GET", "/Contextes", { key: lonely.key })).json).toMatchObject({
    Contextes: [],
    NombreTotal: 0,
  });
});

test("refuses bad paging, a missing key and other methods", async () => {
  const op = await makeIsolatedOperator();
  const bad = await api("GET", "/Contextes?Limite=1001", { key: op.key });
  expect(bad.status).toBe(400);
  expect(bad.json.Message).toBe("Limite must be between 1 and 1000, got 1001");
  expect((await api("GET", "/Contextes")).status).toBe(403);
  const post = await api("POST", "/Contextes", { key: op.key, body: {} });
  expect(post.status).toBe(405);
  expect(post.headers.get("allow")).toBe("GET");
});
