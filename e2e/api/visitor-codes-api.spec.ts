// Claim codes through the v1 API: issued for a memorial or a context when visitor
// planting is on, shown once (kept hashed), prepaid trees set aside; a code plants once (409 after,
// also with 20 simultaneous attempts), an expired one answers 410 and is credited back once; the
// tree carries its origin into Infos, the transactions, their totals and tree.planted; the
// visitor's name and message stay with the memorial's own operator until the family publishes them.
import { randomUUID } from "node:crypto";
import { actingAs } from "@memorial/lib/audit/actor";
import { moderateGuestbookEntry } from "@memorial/lib/guestbook/moderate-entry";
import { serviceAdminScope } from "@memorial/lib/scope";
import { CREDIT_CODES_JOB, creditExpiredCodes } from "@memorial/lib/visitors/claim-codes";
import { expect, test } from "@playwright/test";
import { classic, create } from "../browser/memorials";
import { api, asJob, db, makeContext, makeIsolatedOperator } from "../support/factories";
import { setVisitors } from "../support/visitors";

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

/** One code for the memorial, valid a month, issued through POST /Codes/Creer; and its batch. */
async function oneCode(key: string, memorialId: number): Promise<{ code: string; batch: string }> {
  const issued = await api("POST", "/Codes/Creer", {
    key,
    body: { MemorialId: memorialId, Nombre: 1, DateExpiration: inAMonth() },
  });
  return { code: issued.json.Codes[0].Code, batch: issued.json.Lot };
}

/** An operator and a memorial (its first tree planted), then `prepaid` prepaid trees. */
async function setup(options: { prepaid?: number; stock?: number } = {}) {
  const op = await makeIsolatedOperator({ stock: options.stock ?? 50 });
  const memorialId = await create(op, classic());
  await db.operator.update({ where: { id: op.operatorId }, data: { prepaidTrees: options.prepaid ?? 0 } });
  return { op, memorialId };
}

const on = (operatorId: number, contextId: number | null = null) =>
  setVisitors(operatorId, contextId, { enabled: true, payments: [], price: null });

const visitor = (code: string, memorialId: number, extra: Record<string, unknown> = {}) => ({
  Code: code,
  MemorialId: memorialId,
  Planteur: "Anne Visitor",
  MessagePlanteur: "From the choir, with love.",
  Email: "anne@example.org",
  Langue: "en",
  ...extra,
});

/** What a refused attempt must leave as it was. */
const written = async (memorialId: number) => ({
  trees: await db.tree.count({ where: { memorialId } }),
  plantings: await db.visitorPlanting.count({ where: { memorialId } }),
  entries: await db.guestbookEntry.count({ where: { memorialId } }),
  transactions: await db.transaction.count({ where: { memorialId } }),
});

test("codes are issued only where visitors may plant, shown once and kept hashed", async () => {
  const { op, memorialId } = await setup({ prepaid: 2 });
  const body = { MemorialId: memorialId, Nombre: 3, DateExpiration: inAMonth() };
  const off = await api("POST", "/Codes/Creer", { key: op.key, body });
  expect(off.status).toBe(400);
  expect(off.json.Message).toContain("visitors may not plant");
  expect(await db.claimCode.count({ where: { operatorId: op.operatorId } })).toBe(0);

  await on(op.operatorId);
  const issued = await api("POST", "/Codes/Creer", { key: op.key, body });
  expect(issued.status).toBe(200);
  expect(issued.json).toMatchObject({ Objet: "codesCreer", MemorialId: memorialId, NombrePrepayes: 2 });
  const codes: { Code: string; Prepaye: boolean; UrlPlantation: string }[] = issued.json.Codes;
  expect(codes.map((c) => c.Prepaye)).toEqual([true, true, false]);
  for (const code of codes) {
    expect(code.Code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(code.UrlPlantation).toMatch(new RegExp(`/memorial/${memorialId}/plant\\?code=${code.Code}$`));
  }
  // Two prepaid trees set aside; no code in clear in the database.
  expect((await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } })).prepaidTrees).toBe(0);
  const stored = await db.claimCode.findMany({ where: { operatorId: op.operatorId } });
  for (const code of codes) {
    expect(JSON.stringify(stored)).not.toContain(code.Code);
    expect(JSON.stringify(stored)).not.toContain(code.Code.replace(/-/g, ""));
  }
  const listed = await api("GET", `/Codes?Lot=${issued.json.Lot}`, { key: op.key });
  expect(listed.json.NombreTotal).toBe(3);
  expect(listed.json.Codes.map((c: { Etat: string }) => c.Etat)).toEqual(["unused", "unused", "unused"]);
  expect(listed.text).not.toContain(codes[0].Code);

  for (const bad of [
    { ...body, Nombre: 0 },
    { ...body, Nombre: 501 },
    { ...body, DateExpiration: "2020-01-01T00:00:00Z" },
    { Nombre: 1, DateExpiration: inAMonth() },
  ]) {
    const refused = await api("POST", "/Codes/Creer", { key: op.key, body: bad });
    expect(refused.status, JSON.stringify(bad)).toBe(400);
  }
  // Another operator's memorial does not exist for this one.
  const other = await setup();
  const foreign = await api("POST", "/Codes/Creer", {
    key: op.key,
    body: { ...body, MemorialId: other.memorialId },
  });
  expect(foreign.status).toBe(404);
});

test("codes only for a memorial that can receive trees: closed, taken down, being erased or merged answer 409", async () => {
  const op = await makeIsolatedOperator({ stock: 50 });
  await on(op.operatorId);
  const states: [string, Record<string, unknown>][] = [
    ["declined", { status: "expired", closedAt: new Date(), closedReason: "declined" }],
    ["taken down", { takenDownAt: new Date() }],
    ["being erased", { erasureRequestedAt: new Date() }],
  ];
  const target = await create(op, classic());
  states.push(["merged", { mergedIntoId: target }]);
  for (const [state, data] of states) {
    const memorialId = await create(op, classic());
    await db.memorial.update({ where: { id: memorialId }, data });
    const refused = await api("POST", "/Codes/Creer", {
      key: op.key,
      body: { MemorialId: memorialId, Nombre: 2, DateExpiration: inAMonth() },
    });
    expect(refused.status, state).toBe(409);
    expect(refused.json, state).toMatchObject({
      Code: "MEMORIAL_CLOSED",
      Champ: "MemorialId",
      Statut: "Erreur",
    });
    expect(refused.json.Message, state).toMatch(/^MemorialId: memorial \d+ /);
  }
  expect(await db.claimCode.count({ where: { operatorId: op.operatorId } })).toBe(0);
  // Awaiting its family's confirmation: the ceremony's cards may be printed already.
  const awaiting = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { ...classic(), AConfirmer: true, Famille: { FamilleEmail: "family@example.org" } },
  });
  expect(awaiting.status, awaiting.text).toBe(200);
  const issued = await api("POST", "/Codes/Creer", {
    key: op.key,
    body: { MemorialId: awaiting.json.IdMemorial, Nombre: 1, DateExpiration: inAMonth() },
  });
  expect(issued.status, issued.text).toBe(200);
});

test("a code plants once, with its origin; the second use is 409 and writes nothing", async () => {
  const { op, memorialId } = await setup({ prepaid: 1 });
  await on(op.operatorId);
  const { code } = await oneCode(op.key, memorialId);
  const before = await written(memorialId);
  // Typed as people do: lower case, spaces, O for 0.
  const typed = code.toLowerCase().replace(/-/g, " ").replace(/0/g, "o");
  const planted = await api("POST", "/Codes/Utiliser", { key: op.key, body: visitor(typed, memorialId) });
  expect(planted.status).toBe(200);
  expect(planted.json).toMatchObject({ Objet: "codeUtilise", EnAttente: false, Origine: "visitor_code" });
  const tree = await db.tree.findUniqueOrThrow({ where: { id: planted.json.ArbreId } });
  expect(tree).toMatchObject({ origin: "visitor_code", planter: "Anne Visitor", free: true });
  // Its prepaid tree was set aside at issue: the balance is not touched again.
  expect((await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } })).prepaidTrees).toBe(0);
  const after = await written(memorialId);
  expect(after).toEqual({
    trees: before.trees + 1,
    plantings: before.plantings + 1,
    entries: before.entries + 1,
    transactions: before.transactions + 1,
  });

  const again = await api("POST", "/Codes/Utiliser", {
    key: op.key,
    body: visitor(code, memorialId, { Planteur: "Someone else" }),
  });
  expect(again.status).toBe(409);
  expect(again.json).toMatchObject({
    Code: "CODE_USED",
    Message: "Code: this claim code has already planted its tree",
  });
  expect(await written(memorialId)).toEqual(after);

  const unknown = await api("POST", "/Codes/Utiliser", {
    key: op.key,
    body: visitor("AAAA-BBBB-CCCC", memorialId),
  });
  expect(unknown.status).toBe(404);
  const words = await api("POST", "/Codes/Utiliser", {
    key: op.key,
    body: visitor(code, memorialId, { MessagePlanteur: "see www.example.com" }),
  });
  expect(words.status).toBe(400);
  expect(words.json.Champ).toBe("MessagePlanteur");
  expect(await written(memorialId)).toEqual(after);

  // The transaction, its month's totals and the webhook event say where the tree comes from.
  const now = new Date();
  const month = `${now.getUTCFullYear()}/${now.getUTCMonth() + 1}`;
  const transactions = await api("GET", `/Transactions/${month}?Limite=1000`, { key: op.key });
  const line = transactions.json.Transactions.find((t: { Id: number }) => t.Id === tree.transactionId);
  expect(line).toMatchObject({ Origine: "visitor_code", ReferencePaiement: null, NombreArbresGratuits: 1 });
  const totals = await api("GET", `/Transactions/totaux/jour/${month}`, { key: op.key });
  const today = totals.json.Totaux.find((t: { Cle: string }) => t.Cle === now.toISOString().slice(0, 10));
  expect(today).toMatchObject({ NombreArbresVisiteurs: 1 });
  expect(today.NombreArbres).toBeGreaterThan(1);
  const event = await db.domainEvent.findFirstOrThrow({
    where: { memorialId, type: "tree.planted" },
    orderBy: { id: "desc" },
  });
  expect(event.payload).toMatchObject({ treeId: tree.id, origin: "visitor_code" });
});

test("20 simultaneous redemptions of one code plant one tree", async () => {
  const { op, memorialId } = await setup();
  await on(op.operatorId);
  const { code } = await oneCode(op.key, memorialId);
  const before = await written(memorialId);
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      api("POST", "/Codes/Utiliser", {
        key: op.key,
        body: visitor(code, memorialId, { Planteur: `Visitor ${i}` }),
      }),
    ),
  );
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses).toEqual([200, ...Array(19).fill(409)]);
  expect(await written(memorialId)).toEqual({
    trees: before.trees + 1,
    plantings: before.plantings + 1,
    entries: before.entries + 1,
    transactions: before.transactions + 1,
  });
});

test("an expired code answers 410 and is credited back to the prepaid balance once", async () => {
  const { op, memorialId } = await setup({ prepaid: 1 });
  await on(op.operatorId);
  const { code, batch } = await oneCode(op.key, memorialId);
  expect((await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } })).prepaidTrees).toBe(0);
  await db.claimCode.updateMany({
    where: { batch },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  const before = await written(memorialId);
  const expired = await api("POST", "/Codes/Utiliser", { key: op.key, body: visitor(code, memorialId) });
  expect(expired.status).toBe(410);
  expect(expired.json.Code).toBe("CODE_EXPIRED");
  expect(await written(memorialId)).toEqual(before);

  // The hourly job, twice (and from two instances at once): one tree back, once.
  const creditJob = () => asJob(CREDIT_CODES_JOB, creditExpiredCodes);
  await Promise.all([creditJob(), creditJob()]);
  await creditJob();
  expect((await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } })).prepaidTrees).toBe(1);
  const listed = await api("GET", `/Codes?Lot=${batch}`, { key: op.key });
  expect(listed.json.Codes[0]).toMatchObject({ Etat: "credited", ArbreId: null });
  expect(listed.json.Codes[0].DateCredit).not.toBeNull();
  const still = await api("POST", "/Codes/Utiliser", { key: op.key, body: visitor(code, memorialId) });
  expect(still.status).toBe(410);
});

test("a funeral home's code plants in its memorials only; test codes stay with test keys", async () => {
  const op = await makeIsolatedOperator({ stock: 20 });
  const home = await makeContext(op.operatorId, "Epf");
  const agency = await makeContext(op.operatorId, "EpfAgence", home.id);
  const elsewhere = await makeContext(op.operatorId, "Epf");
  await on(op.operatorId, home.id);
  const inAgency = await create(
    op,
    classic({}, { Contexte: { ContexteEpfId: home.id, ContexteEpfAgenceId: agency.id } }),
  );
  const outside = await create(op, classic({}, { Contexte: { ContexteEpfId: elsewhere.id } }));
  // Visitor planting is on for the funeral home only.
  const refused = await api("POST", "/Codes/Creer", {
    key: op.key,
    body: { Contexte: { ContexteEpfId: elsewhere.id }, Nombre: 1, DateExpiration: inAMonth() },
  });
  expect(refused.status).toBe(400);
  const issued = await api("POST", "/Codes/Creer", {
    key: op.key,
    body: { Contexte: { ContexteEpfId: home.id }, Nombre: 2, DateExpiration: inAMonth() },
  });
  expect(issued.status).toBe(200);
  expect(issued.json).toMatchObject({ MemorialId: 0, ContexteCodesId: home.id });
  expect(issued.json.Contexte.ContexteEpfId).toBe(home.id);
  const [first, second] = issued.json.Codes as { Code: string; UrlPlantation: null }[];
  expect(first.UrlPlantation).toBeNull();
  const wrong = await api("POST", "/Codes/Utiliser", { key: op.key, body: visitor(first.Code, outside) });
  expect(wrong.status).toBe(404);
  const right = await api("POST", "/Codes/Utiliser", { key: op.key, body: visitor(first.Code, inAgency) });
  expect(right.status).toBe(200);
  // A live code is unknown to the operator's test key.
  const testKey = await api("POST", "/Codes/Utiliser", {
    key: op.testKey,
    body: visitor(second.Code, inAgency),
  });
  expect(testKey.status).toBe(404);
});

test("a visitor's name and message wait for the family; meanwhile other operators read neither", async () => {
  const { op, memorialId } = await setup();
  await on(op.operatorId);
  const reader = await makeIsolatedOperator();
  const issued = await api("POST", "/Codes/Creer", {
    key: op.key,
    body: { MemorialId: memorialId, Nombre: 1, DateExpiration: inAMonth() },
  });
  const name = `Visitor ${randomUUID().slice(0, 8)}`;
  const planted = await api("POST", "/Codes/Utiliser", {
    key: op.key,
    body: visitor(issued.json.Codes[0].Code, memorialId, { Planteur: name }),
  });
  const line = (infos: {
    json: { Arbres: { Planteur: string; MessagePlanteur: string | null; Origine: string }[] };
  }) => infos.json.Arbres.find((t) => t.Origine === "visitor_code");
  const own = await api("GET", `/Memorial/${memorialId}/Infos`, { key: op.key });
  expect(line(own)).toMatchObject({ Planteur: name, MessagePlanteur: "From the choir, with love." });
  const others = await api("GET", `/Memorial/${memorialId}/Infos`, { key: reader.key });
  expect(line(others)).toMatchObject({ Planteur: "Inconnu", MessagePlanteur: null });
  expect(others.text).not.toContain(name);

  const entry = await db.guestbookEntry.findFirstOrThrow({ where: { memorialId, authorName: name } });
  expect(entry.status).toBe("pending");
  const scope = serviceAdminScope(op.operatorId, "production");
  await actingAs(scope.actor, () =>
    moderateGuestbookEntry({ by: "operator", scope, memorialId }, entry.id, "approve"),
  );
  // The approval was made in this process: the service hears of it through PostgreSQL's NOTIFY.
  await expect
    .poll(async () => line(await api("GET", `/Memorial/${memorialId}/Infos`, { key: reader.key })), {
      timeout: 5000,
    })
    .toMatchObject({ Planteur: name, MessagePlanteur: "From the choir, with love." });
  expect(planted.json.ArbreId).toBe(
    (await db.tree.findFirstOrThrow({ where: { memorialId, origin: "visitor_code" } })).id,
  );
});
