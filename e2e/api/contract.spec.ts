// The contract: real requests to every /v1 operation, successes and errors (400, 403, 404, 405),
// each response validated against the OpenAPI document the service serves at /openapi.json.

import { actingAs } from "@memorial/lib/audit/actor";
import { createApiKey } from "@memorial/lib/operators/keys";
import { DEMO_IDS } from "@memorial/lib/v1/openapi-examples";
import { expect, test } from "@playwright/test";
import { api, baseUrl, COMMAND_LINE, db, makeContext, makeIsolatedOperator } from "../support/factories";
import { contract } from "../support/openapi";
import { setVisitors } from "../support/visitors";

type Answer = Awaited<ReturnType<typeof api>>;

/** Sends a request and holds its response against the document; returns it. */
async function checked(
  method: string,
  path: string,
  options: Parameters<typeof api>[2] = {},
): Promise<Answer> {
  const answer = await api(method, path, options);
  const { check } = await contract();
  expect(check(method, `/v1${path}`, answer.status, answer.json, answer.headers.get("content-type"))).toEqual(
    [],
  );
  return answer;
}

test("the document is served as JSON, OpenAPI 3.1, at /openapi.json", async () => {
  const response = await fetch(`${baseUrl()}/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  const document = await response.json();
  expect(document.openapi).toBe("3.1.0");
  expect(document.info.title).toBe("Memorial Tree-Planting API");
  expect(Object.keys(document.paths)).toContain("/Contextes");
});

test("every operation's success validates against the document", async () => {
  const op = await makeIsolatedOperator({ prepaidTrees: 1 });
  const group = await makeContext(op.operatorId, "GroupeEpf");
  const epf = await makeContext(op.operatorId, "Epf", group.id, "nl");
  await makeContext(op.operatorId, "EpfAgence", epf.id);
  const key = op.key;
  const templates = new Set<string>();
  const call = async (
    method: string,
    path: string,
    template: string,
    options: Parameters<typeof api>[2] = {},
  ) => {
    const answer = await checked(method, path, { key, ...options });
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(200);
    templates.add(`${method} ${template}`);
    return answer;
  };

  await call("GET", "/Plantations", "/Plantations");
  await call("GET", "/Plantations?Page=2&Limite=1", "/Plantations");
  await call("GET", `/Plantation/${op.plantationId}`, "/Plantation/{id}");
  await call("GET", "/Especes", "/Especes");
  await call("GET", `/Espece/${op.speciesId}`, "/Espece/{id}");
  await call("GET", "/Contextes", "/Contextes");

  const created = await call("POST", "/Memorials/Creer", "/Memorials/Creer", {
    body: {
      Id: 7,
      IdExternal: "dossier-7",
      Contexte: { ContexteEpfId: epf.id },
      Defunt: {
        Nom: "Contrat",
        Prenom: "Anne",
        DateDeces: "2026-01-02T10:00:00",
        DateNaissance: "1950-03-04",
      },
      DeLaPartDe: "Sa famille",
      Message: "Pour toujours",
      MemorialsLot: 3,
      ExternalId: 99,
    },
    headers: { "Idempotency-Key": `contract-${op.operatorId}` },
  });
  const memorialId = created.json.IdMemorial as number;
  const personId = created.json.IdDefunt as number;
  // An orphan tree (global memorial), and a memorial awaiting confirmation (UrlMemorial null).
  await call("POST", "/Memorials/Creer", "/Memorials/Creer", { body: { ArbreOrphelin: true } });
  const awaiting = await call("POST", "/Memorials/Creer", "/Memorials/Creer", {
    body: {
      AConfirmer: true,
      Defunt: { Nom: "Attente", DateDeces: "2026-01-03" },
      Famille: { FamilleEmail: "famille@example.org" },
    },
  });
  expect(awaiting.json.UrlMemorial).toBeNull();
  await call("PUT", "/Personne/Modifier", "/Personne/Modifier", {
    body: { Id: personId, Nom: "Contrat-Martin", LieuDeces: "Namur", MajTitreMemorials: true },
  });

  const now = new Date();
  const [y, m] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
  await call("GET", `/Transactions/${y}/${m}`, "/Transactions/{year}/{month}");
  for (const mode of ["jour", "espece", "plantation", "contexte"]) {
    await call("GET", `/Transactions/totaux/${mode}/${y}/${m}`, "/Transactions/totaux/{mode}/{year}/{month}");
  }
  const since = `${y}/${m}/1`;
  const epfReport = `/Report/Arbres/Epf/${epf.id}/Days/62/DepuisLe/${since}`;
  const personReport = `/Report/Arbres/Epf/${epf.id}/Personne/${personId}/Days/62/DepuisLe/${since}`;
  const tpl = {
    epf: "/Report/Arbres/Epf/{epfId}/Days/{days}/DepuisLe/{year}/{month}/{day}",
    person: "/Report/Arbres/Epf/{epfId}/Personne/{personneId}/Days/{days}/DepuisLe/{year}/{month}/{day}",
    infos: "/Memorial/{memorialId}/Infos",
  };
  const report = await call("GET", epfReport, tpl.epf);
  expect(report.json.Arbres.length).toBeGreaterThan(0);
  await call("GET", `/${key}${epfReport}`, `/{key}${tpl.epf}`, { key: undefined });
  await call("GET", personReport, tpl.person);
  await call("GET", `/${key}${personReport}?Page=1&Limite=5`, `/{key}${tpl.person}`, { key: undefined });
  const infos = await call("GET", `/Memorial/${memorialId}/Infos`, tpl.infos);
  expect(infos.json.Arbres.length).toBe(1);
  await call("GET", `/${key}/Memorial/${memorialId}/Infos`, `/{key}${tpl.infos}`, { key: undefined });
  await call("GET", `/Memorial/${awaiting.json.IdMemorial}/Infos`, tpl.infos);
  // A tree's life (every state is held against the document by tree-life.spec.ts).
  const arbreId = infos.json.Arbres[0].ArbreId as number;
  await call("GET", `/Arbre/${arbreId}`, "/Arbre/{arbreId}");
  await call("GET", `/${key}/Arbre/${arbreId}`, "/{key}/Arbre/{arbreId}", { key: undefined });
  // A guestbook message of the memorial, as a guestbook webhook names it.
  const entry = await db.guestbookEntry.create({
    data: { memorialId, authorName: "Léa", message: "Pour toujours", status: "pending" },
  });
  await call("GET", `/LivreDor/${entry.id}`, "/LivreDor/{messageId}");
  // Claim codes: issued for the memorial, listed, one redeemed.
  await setVisitors(op.operatorId, null, { enabled: true, payments: [], price: null });
  const codes = await call("POST", "/Codes/Creer", "/Codes/Creer", {
    body: {
      MemorialId: memorialId,
      Nombre: 2,
      DateExpiration: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  await call("GET", `/Codes?Lot=${codes.json.Lot}`, "/Codes");
  await call("POST", "/Codes/Utiliser", "/Codes/Utiliser", {
    body: {
      Code: codes.json.Codes[0].Code,
      MemorialId: memorialId,
      Planteur: "Léa",
      MessagePlanteur: "Pour toujours",
      Email: "lea@example.org",
    },
  });
  // The memorial's trees moved to another of the operator's memorials, and back.
  const other = await api("POST", "/Memorials/Creer", {
    key,
    body: { Defunt: { Nom: "Ailleurs", DateDeces: "2026-01-04" } },
  });
  await call("POST", "/Arbres/Deplacer", "/Arbres/Deplacer", {
    body: { MemorialId: memorialId, MemorialIdCible: other.json.IdMemorial, ArbreIds: [arbreId] },
  });
  // The memorial's ceremony: set (201, then a change: 200), read, cancelled.
  const ceremony = {
    Debut: `${new Date().getUTCFullYear() + 1}-06-15T14:30`,
    Lieu: { Nom: "Église Saint-Martin", Adresse: "Place Saint-Martin 1, 1000 Bruxelles" },
  };
  const tplCeremony = "/Memorial/{memorialId}/Ceremonie";
  expect((await checked("PUT", `/Memorial/${memorialId}/Ceremonie`, { key, body: ceremony })).status).toBe(
    201,
  );
  await call("PUT", `/Memorial/${memorialId}/Ceremonie`, tplCeremony, {
    body: { ...ceremony, Diffusion: "https://stream.example.org/a", Note: "Ni fleurs ni couronnes" },
  });
  await call("GET", `/Memorial/${memorialId}/Ceremonie`, tplCeremony);
  await call("POST", `/Memorial/${memorialId}/Ceremonie/Annuler`, `${tplCeremony}/Annuler`);
  // A person's data in the operator's memorials (Codes/Utiliser's visitor), then erased.
  await call("GET", "/DonneesPersonnelles?Email=LEA@example.org&Nom=L%C3%A9a", "/DonneesPersonnelles");
  await call("POST", "/DonneesPersonnelles/Effacer", "/DonneesPersonnelles/Effacer", {
    body: { Email: "lea@example.org", Nom: "Léa" },
  });
  // A test key's answers too (Environnement: test).
  await call("GET", "/Contextes", "/Contextes", { key: op.testKey });
  await call("POST", "/Memorials/Creer", "/Memorials/Creer", {
    key: op.testKey,
    body: { Defunt: { Prenom: "Essai", DateDeces: "2026-01-05" } },
  });

  // Every operation of the document was answered with a 200 above.
  expect([...templates].sort()).toEqual((await contract()).operations().sort());
});

test("errors validate against the document: 400, 403, 404, 405", async () => {
  const op = await makeIsolatedOperator({ stock: 1 });
  const other = await makeIsolatedOperator();
  const key = op.key;
  const expectStatus = async (
    status: number,
    code: string,
    method: string,
    path: string,
    options: Parameters<typeof api>[2] = {},
  ) => {
    const answer = await checked(method, path, options);
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(status);
    expect(answer.json.Code).toBe(code);
    return answer;
  };

  // 400
  const missing = await expectStatus(400, "INVALID_INPUT", "POST", "/Memorials/Creer", {
    key,
    body: { Defunt: { Nom: "Sans date" } },
  });
  expect(missing.json.Champ).toBe("Defunt.DateDeces");
  // A body that is not JSON, and a field the specification does not define, have codes
  // of their own.
  await expectStatus(400, "MALFORMED_JSON", "POST", "/Memorials/Creer", { key, body: "not json" });
  const unknown = await expectStatus(400, "UNKNOWN_FIELD", "POST", "/Memorials/Creer", {
    key,
    body: { ArbreOrphelin: true, Famille: { Foo: 1 } },
  });
  expect(unknown.json.Champ).toBe("Famille.Foo");
  await expectStatus(400, "UNKNOWN_FIELD", "PUT", "/Personne/Modifier", {
    key,
    body: { Id: 1, Nom: "x", X: 1 },
  });
  await expectStatus(400, "INVALID_INPUT", "PUT", "/Personne/Modifier", { key, body: { Nom: "x" } });
  await expectStatus(400, "INVALID_INPUT", "GET", "/Plantations?Limite=5000", { key });
  await expectStatus(400, "INVALID_INPUT", "GET", "/Espece/abc", { key });
  await expectStatus(400, "INVALID_INPUT", "GET", "/Transactions/totaux/semaine/2026/1", { key });
  await expectStatus(400, "INVALID_INPUT", "GET", "/Transactions/2026/13", { key });
  await expectStatus(400, "INVALID_INPUT", "GET", "/Contextes?Page=0", { key });
  await expectStatus(400, "INVALID_INPUT", "GET", `/Memorial/1/Infos?Limite=x`, { key });
  await expectStatus(400, "INVALID_INPUT", "GET", "/Report/Arbres/Epf/1/Days/0/DepuisLe/2026/1/1", { key });
  await expectStatus(400, "INVALID_INPUT", "POST", "/Memorials/Creer", {
    key,
    body: {
      Contexte: { ContexteEpfId: (await makeContext(other.operatorId, "Epf")).id },
      ArbreOrphelin: true,
    },
  });
  await checked("POST", "/Memorials/Creer", {
    key,
    body: { ArbreOrphelin: true },
    headers: { "Idempotency-Key": `mismatch-${op.operatorId}` },
  });
  await expectStatus(400, "IDEMPOTENCY_MISMATCH", "POST", "/Memorials/Creer", {
    key,
    body: { ArbreOrphelin: true, Message: "autre" },
    headers: { "Idempotency-Key": `mismatch-${op.operatorId}` },
  });
  await expectStatus(400, "NO_TREE_AVAILABLE", "POST", "/Memorials/Creer", {
    key,
    body: { ArbreOrphelin: true },
  });
  const awaiting = await checked("POST", "/Memorials/Creer", {
    key,
    body: {
      AConfirmer: true,
      Defunt: { Nom: "Attente", DateDeces: "2026-01-03" },
      Famille: { FamilleEmail: "f@example.org" },
    },
  });
  await expectStatus(400, "AWAITING_CONFIRMATION", "POST", "/Memorials/Creer", {
    key,
    body: { MemorialId: awaiting.json.IdMemorial },
  });

  // 403
  await expectStatus(403, "ACCESS_DENIED", "GET", "/Plantations");
  await expectStatus(403, "ACCESS_DENIED", "GET", "/Contextes", { key: "mt_live_unknown" });
  await expectStatus(403, "ACCESS_DENIED", "POST", "/Memorials/Creer", { body: { ArbreOrphelin: true } });
  await expectStatus(403, "ACCESS_DENIED", "GET", `/${other.key}/Memorial/1/Infos`, { key });

  // 404
  await expectStatus(404, "NOT_FOUND", "GET", "/Plantation/2147483647", { key });
  await expectStatus(404, "NOT_FOUND", "GET", "/Espece/0", { key });
  await expectStatus(404, "NOT_FOUND", "GET", `/Memorial/${awaiting.json.IdMemorial}/Infos`, {
    key: other.key,
  });
  await expectStatus(404, "NOT_FOUND", "POST", "/Memorials/Creer", { key, body: { MemorialId: 2147483647 } });
  await expectStatus(404, "NOT_FOUND", "PUT", "/Personne/Modifier", {
    key,
    body: { Id: 2147483647, Nom: "x" },
  });
  await expectStatus(404, "NOT_FOUND", "GET", "/Report/Arbres/Epf/2147483647/Days/1/DepuisLe/2026/1/1", {
    key,
  });
  await expectStatus(404, "NOT_FOUND", "GET", "/NoSuchPath", { key });
  await expectStatus(404, "NOT_FOUND", "GET", "/Contextes/", { key });

  // 405
  await expectStatus(405, "METHOD_NOT_ALLOWED", "DELETE", "/Plantations", { key });
  await expectStatus(405, "METHOD_NOT_ALLOWED", "GET", "/Memorials/Creer", { key });
  await expectStatus(405, "METHOD_NOT_ALLOWED", "POST", "/Contextes", { key });
  await expectStatus(405, "METHOD_NOT_ALLOWED", "PATCH", `/${key}/Memorial/1/Infos`);
  await expectStatus(405, "METHOD_NOT_ALLOWED", "OPTIONS", "/Especes", { key });
});

test("the reference's creation example works as it is with the demo operator's key", async () => {
  // The service seeded the demo catalogue on its fresh database (scripts/start.ts).
  const home = await db.context.findUniqueOrThrow({ where: { id: DEMO_IDS.funeralHomeId } });
  expect(home).toMatchObject({
    operatorId: DEMO_IDS.operatorId,
    kind: "Epf",
    name: "Funérarium Démo Bruxelles",
  });
  const { key } = await actingAs(COMMAND_LINE, () => createApiKey(DEMO_IDS.operatorId, "production"));
  const { document } = await contract();
  const creer = (
    document.paths as Record<
      string,
      Record<string, { requestBody: { content: Record<string, { example: unknown }> } }>
    >
  )["/Memorials/Creer"].post;
  const answer = await checked("POST", "/Memorials/Creer", {
    key,
    body: creer.requestBody.content["application/json"].example,
  });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.json.Contexte).toMatchObject({
    ContexteEpfId: DEMO_IDS.funeralHomeId,
    ContexteGroupeEpfId: DEMO_IDS.groupId,
  });
  const contexts = await checked("GET", "/Contextes", { key });
  expect(contexts.json.Contextes.map((c: { Id: number; Type: string }) => [c.Id, c.Type])).toEqual([
    [DEMO_IDS.groupId, "GroupeEpf"],
    [DEMO_IDS.funeralHomeId, "Epf"],
    [DEMO_IDS.agencyId, "EpfAgence"],
  ]);
});

test("the check refuses what the document does not describe", async () => {
  const op = await makeIsolatedOperator();
  const { check } = await contract();
  const answer = await api("GET", "/Especes", { key: op.key });
  expect(check("GET", "/v1/Especes", 200, answer.json)).toEqual([]);
  // An undocumented field, a missing field, a wrong type, an undocumented status.
  expect(check("GET", "/v1/Especes", 200, { ...answer.json, Secret: 1 }).join()).toMatch(/additional/);
  const { Plus: _plus, ...withoutPlus } = answer.json;
  expect(check("GET", "/v1/Especes", 200, withoutPlus).join()).toMatch(/Plus/);
  expect(check("GET", "/v1/Especes", 200, { ...answer.json, Page: "1" }).join()).toMatch(/integer/);
  expect(check("GET", "/v1/Especes", 404, answer.json).join()).toMatch(/no such response/);
  expect(check("GET", "/v1/Especes", 200, answer.json, "text/html").join()).toMatch(/content-type/);
});
