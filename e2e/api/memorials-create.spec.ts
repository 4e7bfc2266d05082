// POST /v1/Memorials/Creer: every rule of 4.1, through HTTP against the running service.
import { expect, test } from "@playwright/test";
import { api, db, mailDir, makeContext, makeIsolatedOperator, uniqueEmail } from "../support/factories";
import { mailText, waitForMail } from "../support/smtp";

const DEATH = "2026-10-30T08:15:00";

function classic(extra: Record<string, unknown> = {}) {
  return {
    Defunt: { Nom: "Dupont", Prenom: "Marie", Civilite: "Mme", DateDeces: DEATH },
    DeLaPartDe: "La famille",
    ...extra,
  };
}

async function counts(operatorId: number) {
  const [memorials, trees, transactions, persons, emails] = await Promise.all([
    db.memorial.count({ where: { operatorId } }),
    db.tree.count({ where: { operatorId } }),
    db.transaction.count({ where: { operatorId } }),
    db.person.count({ where: { operatorId } }),
    db.outgoingEmail.count({ where: { memorial: { operatorId } } }),
  ]);
  return { memorials, trees, transactions, persons, emails };
}

test("a new classic memorial: every field of 2.3, one tree, two transactions", async () => {
  const op = await makeIsolatedOperator({ stock: 5, price: 17.5 });
  const home = await makeContext(op.operatorId, "Epf");
  const r = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: classic({
      Id: 77,
      IdExternal: "dossier-12",
      ExternalId: 9_007_199_254,
      MemorialsLot: 4,
      UEventId: 3,
      SpecialEmailType: 0,
      Message: "Repose en paix",
      Contexte: { ContexteEpfId: home.id },
    }),
  });
  expect(r.status).toBe(200);
  const b = r.json;
  expect(b).toMatchObject({
    Objet: "memorialsCreer",
    Statut: "Ok",
    Id: 77,
    IdExerne: "dossier-12",
    Erreur: null,
    IdEspece: op.speciesId,
    NombreArbre: 1,
    AConfirmer: false,
    NombreArbresGratuits: 0,
    MemorialsLot: 4,
  });
  expect(b.Date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(b.Contexte).toMatchObject({
    Contexte: "Epf",
    ContexteId: home.id,
    ContexteEpfId: home.id,
    Environnement: "production",
  });
  for (const field of ["IdMemorial", "IdDefunt", "IdTransaction"]) expect(b[field]).toBeGreaterThan(0);

  const memorial = await db.memorial.findUniqueOrThrow({
    where: { id: b.IdMemorial },
    include: { trees: true },
  });
  expect(memorial).toMatchObject({
    kind: "classic",
    status: "visible",
    title: "Marie Dupont",
    personId: b.IdDefunt,
  });
  expect(memorial.trees).toHaveLength(1);
  expect(memorial.trees[0]).toMatchObject({
    planter: "La famille",
    message: "Repose en paix",
    contextId: home.id,
    epfId: home.id,
  });
  const txs = await db.transaction.findMany({ where: { memorialId: b.IdMemorial }, orderBy: { id: "asc" } });
  expect(txs.map((t) => t.type)).toEqual(["CreationMemorial", "Plantation"]);
  // contract.md: IdTransaction is the planting's transaction; 4.1 rule 12: ExternalId recorded.
  expect(b.IdTransaction).toBe(txs[1].id);
  expect(txs[1]).toMatchObject({ treeCount: 1, freeTreeCount: 0, memorialsLot: 4, uEventId: 3 });
  expect(Number(txs[1].amount)).toBe(17.5);
  expect(txs.every((t) => t.externalId === 9_007_199_254n)).toBe(true);
  const stock = await db.stock.findFirstOrThrow({ where: { plantationId: op.plantationId } });
  expect(stock.stock).toBe(4);
});

test("rule 2: a tree in an existing memorial, AConfirmer ignored", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const first = await api("POST", "/Memorials/Creer", { key: op.key, body: classic() });
  const r = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { MemorialId: first.json.IdMemorial, AConfirmer: true, DeLaPartDe: "Un voisin" },
  });
  expect(r.status).toBe(200);
  expect(r.json).toMatchObject({
    IdMemorial: first.json.IdMemorial,
    NombreArbre: 1,
    IdDefunt: first.json.IdDefunt,
  });
  // Not sent: the integer fields of 2.3 answer 0, and AConfirmer echoes the request.
  expect(r.json).toMatchObject({ MemorialsLot: 0, Id: 0, AConfirmer: true, IdExerne: null });
  const memorial = await db.memorial.findUniqueOrThrow({
    where: { id: first.json.IdMemorial },
    include: { trees: true },
  });
  expect(memorial.status).toBe("visible");
  expect(memorial.trees).toHaveLength(2);
});

test("rule 3: orphan trees go to the operator's one global memorial, named after it", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const a = await api("POST", "/Memorials/Creer", { key: op.key, body: { ArbreOrphelin: true } });
  const other = await api("POST", "/Memorials/Creer", { key: op.key, body: classic() });
  // MemorialId is ignored when ArbreOrphelin is true.
  const b = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { ArbreOrphelin: true, MemorialId: other.json.IdMemorial },
  });
  expect(a.status).toBe(200);
  expect(b.json.IdMemorial).toBe(a.json.IdMemorial);
  const operator = await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } });
  const global = await db.memorial.findMany({
    where: { operatorId: op.operatorId, kind: "global" },
    include: { trees: true },
  });
  expect(global).toHaveLength(1);
  expect(global[0].title).toBe(operator.name);
  expect(global[0].trees).toHaveLength(2);
});

test("rule 4: AConfirmer creates a memorial without a tree, not public, and an e-mail", async () => {
  const op = await makeIsolatedOperator({ stock: 5, language: "nl" });
  const family = uniqueEmail("familie");
  const r = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: classic({
      AConfirmer: true,
      Famille: { FamilleEmail: family, FamilleNom: "Peeters" },
    }),
  });
  expect(r.status).toBe(200);
  expect(r.json).toMatchObject({ NombreArbre: 0, AConfirmer: true, IdEspece: 0, NombreArbresGratuits: 0 });
  // The link and its e-mail follow from the memorial.created event, dispatched after the commit.
  await expect
    .poll(() => db.outgoingEmail.count({ where: { memorialId: r.json.IdMemorial } }), { timeout: 10_000 })
    .toBe(1);
  const memorial = await db.memorial.findUniqueOrThrow({
    where: { id: r.json.IdMemorial },
    include: { trees: true, tokens: true },
  });
  expect(memorial.status).toBe("awaiting_confirmation");
  expect(memorial.trees).toHaveLength(0);
  expect(r.json.IdTransaction).toBe(
    (await db.transaction.findFirstOrThrow({ where: { memorialId: memorial.id } })).id,
  );
  // The token is stored hashed: 64 hex characters, never the token of the link.
  expect(memorial.tokens[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  const mail = await db.outgoingEmail.findFirstOrThrow({ where: { memorialId: memorial.id } });
  expect(mail.to).toBe(family);
  // 4.1 rule 6: no Langue, no context language: the operator's (nl).
  expect(mail.subject).toContain("Bevestig");
  // The link as the family receives it (the outbox keeps no usable link once the e-mail is sent).
  const sent = await waitForMail(mailDir(), family);
  const token = /\/confirm\/([A-Za-z0-9_-]+)/.exec(mailText(sent))?.[1];
  expect(token).toBeTruthy();
  expect(token).not.toBe(memorial.tokens[0].tokenHash);
  expect(Buffer.from(token!, "base64url").length).toBeGreaterThanOrEqual(16);
  expect((await db.stock.findFirstOrThrow({ where: { plantationId: op.plantationId } })).stock).toBe(5);
});

test("rule 4: AConfirmer without Famille.FamilleEmail answers 400 and writes nothing", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const before = await counts(op.operatorId);
  const r = await api("POST", "/Memorials/Creer", { key: op.key, body: classic({ AConfirmer: true }) });
  expect(r.status).toBe(400);
  expect(r.json.Message).toContain("Famille.FamilleEmail");
  expect(await counts(op.operatorId)).toEqual(before);
});

test("rules 5 and 6: a blank planter is 'unknown' in the request's, context's or operator's language", async () => {
  const op = await makeIsolatedOperator({ stock: 10, language: "en" });
  const german = await makeContext(op.operatorId, "Epf", undefined, "de");
  const cases: [Record<string, unknown>, string][] = [
    [{ DeLaPartDe: null, Langue: "nl-BE", Contexte: { ContexteEpfId: german.id } }, "Onbekend"],
    [{ DeLaPartDe: "   ", Contexte: { ContexteEpfId: german.id } }, "Unbekannt"],
    [{ DeLaPartDe: "" }, "Unknown"],
    [{ DeLaPartDe: undefined, Langue: "FR" }, "Inconnu"],
    // A blank Langue is no language ("default null"): the context's applies.
    [{ DeLaPartDe: null, Langue: " ", Contexte: { ContexteEpfId: german.id } }, "Unbekannt"],
  ];
  for (const [extra, word] of cases) {
    const r = await api("POST", "/Memorials/Creer", { key: op.key, body: { ...classic(), ...extra } });
    expect(r.status).toBe(200);
    const tree = await db.tree.findFirstOrThrow({ where: { memorialId: r.json.IdMemorial } });
    expect(tree.planter).toBe(word);
  }
});

test("rule 7: anonymous memorials are named MemorialAnonymeNom, or their id", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const named = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: classic({ MemorialAnonyme: true, MemorialAnonymeNom: "Un ami cher" }),
  });
  const bare = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: classic({ MemorialAnonyme: true }),
  });
  // MemorialAnonymeNom is used only when MemorialAnonyme is true.
  const ignored = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: classic({ MemorialAnonymeNom: "Ignoré" }),
  });
  const [m1, m2, m3] = await Promise.all(
    [named, bare, ignored].map((r) => db.memorial.findUniqueOrThrow({ where: { id: r.json.IdMemorial } })),
  );
  expect(m1).toMatchObject({ kind: "anonymous", anonymousName: "Un ami cher" });
  expect(m2).toMatchObject({ kind: "anonymous", anonymousName: null });
  expect(m3).toMatchObject({ kind: "classic", title: "Marie Dupont", anonymousName: null });
  // The name every reader shows (Infos here; the public page uses the same function).
  const name = async (id: number) => (await api("GET", `/${op.key}/Memorial/${id}/Infos`)).json.MemorialNom;
  expect(await name(m1.id)).toBe("Un ami cher");
  expect(await name(m2.id)).toBe(String(m2.id));
  expect(await name(m3.id)).toBe("Marie Dupont");
});

test("rules 8 and 9: Url kept unless blank; DateDeces mandatory, approximate flag recorded", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const withUrl = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      Defunt: {
        Nom: "A",
        DateDeces: DEATH,
        Url: "https://pf.example.be/avis/12",
        DateDecesApproximative: true,
      },
    },
  });
  const blankUrl = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "B", DateDeces: DEATH, Url: "  " } },
  });
  expect((await db.memorial.findUniqueOrThrow({ where: { id: withUrl.json.IdMemorial } })).deceasedUrl).toBe(
    "https://pf.example.be/avis/12",
  );
  expect(
    (await db.memorial.findUniqueOrThrow({ where: { id: blankUrl.json.IdMemorial } })).deceasedUrl,
  ).toBeNull();
  expect(
    (await db.person.findUniqueOrThrow({ where: { id: withUrl.json.IdDefunt } })).deathDateApproximate,
  ).toBe(true);

  const before = await counts(op.operatorId);
  const missing = await api("POST", "/Memorials/Creer", { key: op.key, body: { Defunt: { Nom: "C" } } });
  expect(missing.status).toBe(400);
  expect(missing.json.Message).toContain("Defunt.DateDeces");
  expect(await counts(op.operatorId)).toEqual(before);
});

test("rules 10 to 12: SpecialEmailType, UEventId, MemorialsLot and ExternalId are recorded in the transaction", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const r = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { ArbreOrphelin: true, SpecialEmailType: 2, UEventId: 11, MemorialsLot: 8, ExternalId: 4242 },
  });
  const tx = await db.transaction.findUniqueOrThrow({ where: { id: r.json.IdTransaction } });
  expect(tx).toMatchObject({ specialEmailType: 2, uEventId: 11, memorialsLot: 8, externalId: 4242n });
  const now = new Date();
  const listed = await api("GET", `/Transactions/${now.getUTCFullYear()}/${now.getUTCMonth() + 1}`, {
    key: op.key,
  });
  expect(listed.json.Transactions.find((t: { Id: number }) => t.Id === tx.id)).toMatchObject({
    ExternalId: 4242,
    UEventId: 11,
    MemorialsLot: 8,
  });
});

test("prepaid trees are free until the balance is used up", async () => {
  const op = await makeIsolatedOperator({ stock: 10, price: 12, prepaidTrees: 1 });
  const a = await api("POST", "/Memorials/Creer", { key: op.key, body: { ArbreOrphelin: true } });
  const b = await api("POST", "/Memorials/Creer", { key: op.key, body: { ArbreOrphelin: true } });
  expect(a.json.NombreArbresGratuits).toBe(1);
  expect(b.json.NombreArbresGratuits).toBe(0);
  const [ta, tb] = await Promise.all(
    [a, b].map((r) => db.transaction.findUniqueOrThrow({ where: { id: r.json.IdTransaction } })),
  );
  expect(Number(ta.amount)).toBe(0);
  expect(Number(tb.amount)).toBe(12);
  expect((await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } })).prepaidTrees).toBe(0);
});

test("operator rules: a species above the maximum price is never chosen; no tree left answers 400", async () => {
  const op = await makeIsolatedOperator({ stock: 3, price: 30, maxUnitPrice: 25 });
  const before = await counts(op.operatorId);
  const r = await api("POST", "/Memorials/Creer", { key: op.key, body: classic() });
  expect(r.status).toBe(400);
  expect(r.json).toMatchObject({ Objet: "erreur", Statut: "Erreur", HttpStatusCode: 400 });
  expect(r.json.Message).toMatch(/no tree is available/);
  expect(await counts(op.operatorId)).toEqual(before);
});

test("a deactivated plantation gets no new tree", async () => {
  const op = await makeIsolatedOperator({ stock: 3 });
  await db.plantation.update({ where: { id: op.plantationId }, data: { active: false } });
  const r = await api("POST", "/Memorials/Creer", { key: op.key, body: { ArbreOrphelin: true } });
  expect(r.status).toBe(400);
  expect((await db.stock.findFirstOrThrow({ where: { plantationId: op.plantationId } })).stock).toBe(3);
});

test("another operator's memorials: public ones accept trees, private ones do not exist", async () => {
  const funeralHome = await makeIsolatedOperator({ stock: 10 });
  const newspaper = await makeIsolatedOperator({ stock: 10 });
  const visible = await api("POST", "/Memorials/Creer", { key: funeralHome.key, body: classic() });
  const awaiting = await api("POST", "/Memorials/Creer", {
    key: funeralHome.key,
    body: classic({ AConfirmer: true, Famille: { FamilleEmail: "f@example.org" } }),
  });
  const tree = await api("POST", "/Memorials/Creer", {
    key: newspaper.key,
    body: { MemorialId: visible.json.IdMemorial },
  });
  expect(tree.status).toBe(200);
  const denied = await api("POST", "/Memorials/Creer", {
    key: newspaper.key,
    body: { MemorialId: awaiting.json.IdMemorial },
  });
  expect(denied.status).toBe(404);
  const missing = await api("POST", "/Memorials/Creer", {
    key: newspaper.key,
    body: { MemorialId: 2_000_000_000 },
  });
  expect(missing.status).toBe(404);
  expect(missing.json.Message).toContain("MemorialId");
});

test("a test key plants on its own data: not public, no stock used, test environment", async () => {
  const op = await makeIsolatedOperator({ stock: 2 });
  const r = await api("POST", "/Memorials/Creer", { key: op.testKey, body: classic() });
  expect(r.status).toBe(200);
  expect(r.json.Contexte.Environnement).toBe("test");
  expect((await db.memorial.findUniqueOrThrow({ where: { id: r.json.IdMemorial } })).isTest).toBe(true);
  expect((await db.stock.findFirstOrThrow({ where: { plantationId: op.plantationId } })).stock).toBe(2);
  // The live key does not see the test memorial.
  const live = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { MemorialId: r.json.IdMemorial },
  });
  expect(live.status).toBe(404);
});

test("contexts: another operator's or contradictory ids answer 400 and write nothing", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const other = await makeIsolatedOperator({ stock: 5 });
  const foreign = await makeContext(other.operatorId, "Epf");
  const homeA = await makeContext(op.operatorId, "Epf");
  const homeB = await makeContext(op.operatorId, "Epf");
  const agencyOfB = await makeContext(op.operatorId, "EpfAgence", homeB.id);
  const before = await counts(op.operatorId);
  for (const Contexte of [
    { ContexteEpfId: foreign.id },
    { ContexteEpfId: homeA.id, ContexteEpfAgenceId: agencyOfB.id },
    { ContexteTitreId: homeA.id },
  ]) {
    const r = await api("POST", "/Memorials/Creer", { key: op.key, body: classic({ Contexte }) });
    expect(r.status).toBe(400);
    expect(r.json.Message).toMatch(/Contexte/);
  }
  expect(await counts(op.operatorId)).toEqual(before);
  const ok = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: classic({ Contexte: { ContexteEpfId: homeB.id, ContexteEpfAgenceId: agencyOfB.id } }),
  });
  expect(ok.json.Contexte).toMatchObject({
    Contexte: "EpfAgence",
    ContexteEpfAgenceId: agencyOfB.id,
    ContexteEpfId: homeB.id,
  });
});

test("bad input answers 400 with a Message naming the problem, and writes nothing", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const before = await counts(op.operatorId);
  const cases: [unknown, RegExp][] = [
    ["{not json", /not valid JSON/],
    ["", /empty/],
    ["[1,2]", /JSON object/],
    [classic({ MemorialId: "12" }), /MemorialId/],
    [classic({ MemorialId: 1.5 }), /MemorialId/],
    [classic({ AConfirmer: "yes" }), /AConfirmer/],
    [classic({ Langue: "es" }), /Langue/],
    [classic({ Langue: "fr-" }), /Langue/],
    [classic({ Langue: "nl-BE-x" }), /Langue/],
    [classic({ Famille: { FamilleEmail: "nobody" } }), /Famille\.FamilleEmail/],
    [classic({ Famille: { Langue: "klingon" } }), /Famille\.Langue/],
    [{ Defunt: { Nom: "A", DateDeces: "2023-02-30T00:00:00" } }, /Defunt\.DateDeces/],
    [{ Defunt: { Nom: "A", DateDeces: "yesterday" } }, /Defunt\.DateDeces/],
    [{ Defunt: { Nom: "A", DateDeces: DEATH, Url: "javascript:alert(1)" } }, /Defunt\.Url/],
    [{ Defunt: { Nom: "A", DateDeces: DEATH, ImageUrl: "not a url" } }, /Defunt\.ImageUrl/],
    [{ Defunt: { Nom: "x".repeat(201), DateDeces: DEATH } }, /Defunt\.Nom/],
    [classic({ DeLaPartDe: "y".repeat(201) }), /DeLaPartDe/],
    [classic({ Message: "z".repeat(2001) }), /Message/],
    [{ Defunt: { DateDeces: DEATH } }, /Defunt\.Nom/],
    [classic({ UEventId: "one" }), /UEventId/],
    [classic({ Contexte: { ContexteEpfId: -1 } }), /Contexte\.ContexteEpfId/],
    [classic({ DeLaPartDe: "a\u0000b" }), /DeLaPartDe: must not contain the NUL character/],
    [{ Defunt: { Nom: "A", DateDeces: "2026-10-01T10:00:00+25:00" } }, /Defunt\.DateDeces/],
    [{ Defunt: { Nom: "A", DateDeces: "2026-10-01", DateNaissance: "2026-10-02" } }, /Defunt\.DateNaissance/],
    // A date of death that has not begun anywhere on earth yet.
    [
      { Defunt: { Nom: "A", DateDeces: "2031-05-01" } },
      /Defunt\.DateDeces: the date of death 2031-05-01 is in the future/,
    ],
    [{ Defunt: { Nom: "A", DateDeces: "2099-12-31T00:00:00Z" } }, /Defunt\.DateDeces/],
    [{ Defunt: { Nom: "A", DateDeces: dayFromNow(2) } }, /Defunt\.DateDeces/],
  ];
  for (const [body, message] of cases) {
    const r = await api("POST", "/Memorials/Creer", { key: op.key, body });
    expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect(r.json.Message).toMatch(message);
    expect(r.json).toMatchObject({ Objet: "erreur", Statut: "Erreur", HttpStatusCode: 400 });
  }
  expect(await counts(op.operatorId)).toEqual(before);
});

/** The UTC day `days` days from now, as a partner writes a date (YYYY-MM-DD). */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test("a date of death of today (in UTC) is taken; the day after tomorrow, begun nowhere yet, is refused", async () => {
  // Clock-independent dates: today in UTC has begun everywhere ahead of UTC, and the day after
  // tomorrow in UTC has begun nowhere (UTC+14 is at most one day ahead). The boundary itself, the
  // day after today in UTC+14, is checked with the clock given in lib/memorials/death-date.test.ts.
  const op = await makeIsolatedOperator({ stock: 5 });
  const today = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: classic({ Defunt: { Nom: "A", DateDeces: dayFromNow(0) } }),
  });
  expect(today.status, today.text).toBe(200);
  const later = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: classic({ Defunt: { Nom: "B", DateDeces: dayFromNow(2) } }),
  });
  expect(later.status, later.text).toBe(400);
  expect(later.json.Message).toContain("DateDeces");
  expect(await db.memorial.count({ where: { operatorId: op.operatorId } })).toBe(1);
});

test("403 without a valid key, before anything is read", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const none = await api("POST", "/Memorials/Creer", { body: classic() });
  const wrong = await api("POST", "/Memorials/Creer", { key: "mt_live_nope", body: classic() });
  expect(none.status).toBe(403);
  expect(wrong.status).toBe(403);
  expect(none.json.HttpStatusCode).toBe(403);
  expect((await counts(op.operatorId)).memorials).toBe(0);
});

test("Idempotency-Key: a retry answers the first response and plants nothing more", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const headers = { "Idempotency-Key": `funeral-${op.operatorId}` };
  const first = await api("POST", "/Memorials/Creer", { key: op.key, body: classic(), headers });
  const again = await api("POST", "/Memorials/Creer", { key: op.key, body: classic(), headers });
  expect(again.status).toBe(200);
  expect(again.json).toEqual(first.json);
  expect(await db.tree.count({ where: { operatorId: op.operatorId } })).toBe(1);
  const changed = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: classic({ DeLaPartDe: "Autre" }),
    headers,
  });
  expect(changed.status).toBe(400);
  expect(changed.json.Message).toContain("Idempotency-Key");
  // The key is per operator: another operator may use the same one.
  const other = await makeIsolatedOperator({ stock: 5 });
  const theirs = await api("POST", "/Memorials/Creer", { key: other.key, body: classic(), headers });
  expect(theirs.status).toBe(200);
  expect(theirs.json.IdMemorial).not.toBe(first.json.IdMemorial);
  // Without the header, every call plants.
  await api("POST", "/Memorials/Creer", { key: op.key, body: classic() });
  await api("POST", "/Memorials/Creer", { key: op.key, body: classic() });
  expect(await db.tree.count({ where: { operatorId: op.operatorId } })).toBe(3);
});

test("a failed request does not burn its Idempotency-Key", async () => {
  const op = await makeIsolatedOperator({ stock: 0 });
  const headers = { "Idempotency-Key": "retry-after-restock" };
  const failed = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { ArbreOrphelin: true },
    headers,
  });
  expect(failed.status).toBe(400);
  await db.stock.updateMany({ where: { plantationId: op.plantationId }, data: { stock: 1 } });
  const retried = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { ArbreOrphelin: true },
    headers,
  });
  expect(retried.status).toBe(200);
  expect(retried.json.NombreArbre).toBe(1);
});

test("other methods and paths answer JSON errors", async () => {
  const op = await makeIsolatedOperator({ stock: 1 });
  const get = await api("GET", "/Memorials/Creer", { key: op.key });
  expect(get.status).toBe(405);
  expect(get.headers.get("content-type")).toContain("application/json");
  const unknown = await api("POST", "/Memorials/Create", { key: op.key, body: classic() });
  expect(unknown.status).toBe(404);
  expect(unknown.json.Objet).toBe("erreur");
});

test("no tree can be planted in a memorial that awaits its family's confirmation", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const awaiting = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: classic({ AConfirmer: true, Famille: { FamilleEmail: "wait@example.org" } }),
  });
  // Its e-mail follows from the event: wait for it so that the counts below compare settled rows.
  await expect
    .poll(() => db.outgoingEmail.count({ where: { memorialId: awaiting.json.IdMemorial } }), {
      timeout: 10_000,
    })
    .toBe(1);
  const before = await counts(op.operatorId);
  const r = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { MemorialId: awaiting.json.IdMemorial },
  });
  expect(r.status).toBe(400);
  expect(r.json.Message).toMatch(/MemorialId: .*awaits/);
  expect(await counts(op.operatorId)).toEqual(before);
});
