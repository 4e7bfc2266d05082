// A tree's life as partners read it, through the running service: each state
// (Commande, EnTerre, Suivi, Mort, Remplace) in Infos, in the funeral home's report and in
// GET /v1/Arbre/{arbreId} (both paths), the history, 404 for a tree the key may not read, and the
// webhooks tree.in_ground, tree.checked, tree.died and tree.replaced received, signed, as
// documented. The steps are recorded with the use cases the dashboard, the import and the command
// line call; the service hears their events through PostgreSQL (NOTIFY), as any other instance's.

import { serviceAdminScope } from "@memorial/lib/scope";
import { webhookMessageSchema } from "@memorial/lib/webhooks/schemas";
import { expect, test } from "@playwright/test";
import { createMemorialByApi } from "../browser/dashboard-support";
import { api, baseUrl, db, makeContext, makeIsolatedOperator } from "../support/factories";
import { NOTHING_HAPPENED_YET } from "../support/tree-life";
import { declareDeath, recordCheck, recordInGround } from "../support/trees";
import { type Receiver, startReceiver, subscribe, verifySignature } from "../support/webhook-receiver";

// Deliveries go through the service's background loops: room for a loaded machine.
test.describe.configure({ timeout: 180_000 });

const receivers: Receiver[] = [];
test.afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

const day = (daysAgo = 0) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const LIFE_EVENTS = ["tree.in_ground", "tree.checked", "tree.died", "tree.replaced"];

/** A funeral home's operator, its memorial with one tree ordered through Creer a month ago. */
async function setup() {
  const op = await makeIsolatedOperator({ stock: 10 });
  const epf = await makeContext(op.operatorId, "Epf");
  const { IdMemorial: memorialId } = await createMemorialByApi(op.key, {
    Defunt: { Nom: "Peeters", Prenom: "Jan", DateDeces: "2026-11-01T00:00:00Z" },
    DeLaPartDe: "Ses enfants",
    Contexte: { ContexteEpfId: epf.id },
  });
  const infos = await api("GET", `/Memorial/${memorialId}/Infos`, { key: op.key });
  const treeId = infos.json.Arbres[0].ArbreId as number;
  // Ordered a month ago, so that the steps can be dated in the past.
  await db.$executeRaw`UPDATE "tree" SET "planted_at" = now() - interval '30 days' WHERE "id" = ${treeId}`;
  return { op, epf, memorialId, treeId, admin: serviceAdminScope(op.operatorId) };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** The tree's line as Infos, the funeral home's report and GET Arbre (both paths) give it. */
async function views(s: Setup, treeId: number) {
  const infos = await api("GET", `/Memorial/${s.memorialId}/Infos`, { key: s.op.key });
  const from = new Date(Date.now() - 6 * 365 * 86_400_000);
  const report = await api(
    "GET",
    `/${s.op.key}/Report/Arbres/Epf/${s.epf.id}/Days/3660/DepuisLe/${from.getUTCFullYear()}/${from.getUTCMonth() + 1}/1`,
  );
  const arbre = await api("GET", `/Arbre/${treeId}`, { key: s.op.key });
  const keyed = await api("GET", `/${s.op.key}/Arbre/${treeId}`);
  for (const answer of [infos, report, arbre, keyed]) expect(answer.status, answer.text).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: the JSON the API answered (held against the reference)
  const line = (lines: any[]): any => lines.find((l) => l.ArbreId === treeId);
  expect(keyed.json).toEqual({ ...arbre.json, Date: keyed.json.Date });
  return { infos: line(infos.json.Arbres), report: line(report.json.Arbres), arbre: arbre.json };
}

/** Waits until every view shows `etat` (the service drops its cached Infos when it hears the event). */
async function expectState(s: Setup, treeId: number, etat: string) {
  await expect
    .poll(async () => {
      const v = await views(s, treeId);
      return [v.infos?.EtatArbre, v.report?.EtatArbre, v.arbre.EtatArbre];
    })
    .toEqual([etat, etat, etat]);
  return views(s, treeId);
}

test("each state of a tree's life shows in Infos, the report and GET Arbre, and reaches the webhooks", async () => {
  const s = await setup();
  const r = await startReceiver();
  receivers.push(r);
  const endpoint = await subscribe(s.op.operatorId, r.url, LIFE_EVENTS);
  const { treeId, memorialId } = s;

  // Ordered: the order only.
  let v = await expectState(s, treeId, "Commande");
  for (const line of [v.infos, v.report, v.arbre]) {
    expect(line).toMatchObject(NOTHING_HAPPENED_YET);
  }
  expect(v.arbre).toMatchObject({
    Objet: "arbre",
    Statut: "Ok",
    MemorialId: memorialId,
    ArbreId: treeId,
    Historique: [],
  });

  // In the ground, with a point in the site and a photo.
  await recordInGround(s.admin, {
    treeIds: [treeId],
    on: day(20),
    latitude: 50.51,
    longitude: 4.52,
    plantedBy: "Équipe Ardennes",
    photoKey: "f".repeat(64),
    recordedBy: "e2e",
  });
  v = await expectState(s, treeId, "EnTerre");
  const photoUrl = `${baseUrl()}/photos/${"f".repeat(64)}.jpg`;
  for (const line of [v.infos, v.report, v.arbre]) {
    expect(line).toMatchObject({
      DateMiseEnTerre: `${day(20)}T00:00:00.000Z`,
      LatitudeArbre: "50.51",
      LongitudeArbre: "4.52",
      PhotoUrl: photoUrl,
    });
  }
  expect(v.arbre.Historique).toEqual([
    {
      Etape: "MiseEnTerre",
      Date: `${day(20)}T00:00:00.000Z`,
      Sante: null,
      HauteurEnCm: null,
      CauseMort: null,
      Note: null,
      PhotoUrl: photoUrl,
      LatitudeArbre: "50.51",
      LongitudeArbre: "4.52",
      RemplacementArbreId: null,
    },
  ]);

  // Checked.
  await recordCheck(s.admin, {
    treeId,
    on: day(10),
    health: "sick",
    heightCm: 45,
    note: "gel",
    recordedBy: "e2e",
  });
  v = await expectState(s, treeId, "Suivi");
  for (const line of [v.infos, v.report, v.arbre]) {
    expect(line?.DernierControle).toEqual({
      Date: `${day(10)}T00:00:00.000Z`,
      Sante: "Malade",
      HauteurEnCm: 45,
    });
  }

  // Dead within REPLACEMENT_YEARS: replaced at once by a free tree in the same memorial.
  const { replacement } = await declareDeath(s.admin, {
    treeId,
    on: day(1),
    reason: "drought",
    recordedBy: "e2e",
  });
  const newTreeId = (replacement as { treeId: number }).treeId;
  v = await expectState(s, treeId, "Remplace");
  for (const line of [v.infos, v.report, v.arbre]) {
    expect(line).toMatchObject({
      DateMort: `${day(1)}T00:00:00.000Z`,
      CauseMort: "Secheresse",
      RemplaceParArbreId: newTreeId,
    });
  }
  expect(v.arbre.Historique.map((h: { Etape: string }) => h.Etape)).toEqual([
    "MiseEnTerre",
    "Controle",
    "Mort",
    "Remplacement",
  ]);
  expect(v.arbre.Historique[1]).toMatchObject({ Sante: "Malade", HauteurEnCm: 45, Note: "gel" });
  expect(v.arbre.Historique[3]).toMatchObject({ RemplacementArbreId: newTreeId });
  const fresh = await expectState(s, newTreeId, "Commande");
  expect(fresh.arbre).toMatchObject({ RemplaceArbreId: treeId, MemorialId: memorialId });

  // The webhooks, signed, each as documented.
  const received = await r.waitFor(4, 90_000);
  for (const message of received) {
    expect(verifySignature(endpoint.secret, message)).toBe(true);
    webhookMessageSchema(message.json.type).parse(message.json);
  }
  const byType = Object.fromEntries(received.map((m) => [m.json.type, m.json.data]));
  expect(byType["tree.in_ground"]).toEqual({
    memorialId,
    treeId,
    date: day(20),
    latitude: 50.51,
    longitude: 4.52,
    photoUrl,
    memorialUrl: expect.stringContaining(`/memorial/${memorialId}`),
    environment: "production",
  });
  expect(byType["tree.checked"]).toMatchObject({
    treeId,
    date: day(10),
    health: "sick",
    heightCm: 45,
    photoUrl: null,
  });
  expect(byType["tree.died"]).toMatchObject({
    treeId,
    date: day(1),
    reason: "drought",
    replacementDue: true,
  });
  expect(byType["tree.replaced"]).toMatchObject({ treeId, replacementTreeId: newTreeId, date: day() });
  expect(byType["tree.died"].memorialUrl).toContain(`/memorial/${memorialId}`);
});

test("a tree dead after REPLACEMENT_YEARS is shown dead (Mort), not replaced", async () => {
  const s = await setup();
  // An order five years ago, in the ground four years ago.
  await db.$executeRaw`UPDATE "tree" SET "planted_at" = now() - interval '5 years' WHERE "id" = ${s.treeId}`;
  await recordInGround(s.admin, { treeIds: [s.treeId], on: day(4 * 365), recordedBy: "e2e" });
  expect(
    await declareDeath(s.admin, { treeId: s.treeId, on: day(2), reason: "fire", recordedBy: "e2e" }),
  ).toEqual({
    replacement: null,
  });
  const v = await expectState(s, s.treeId, "Mort");
  for (const line of [v.infos, v.report, v.arbre]) {
    expect(line).toMatchObject({ CauseMort: "Incendie", RemplaceParArbreId: null, LatitudeArbre: "50.5" });
  }
});

test("GET Arbre answers 404 for a tree the key may not read, and 400 for an id that is not one", async () => {
  const s = await setup();
  const other = await makeIsolatedOperator({ stock: 5 });
  // A test key's tree: another operator's key never reads it, nor a live key of its own operator.
  const testMade = await api("POST", "/Memorials/Creer", {
    key: s.op.testKey,
    body: { Defunt: { Nom: "Test", Prenom: "Tree", DateDeces: "2026-11-01T00:00:00Z" } },
  });
  const testInfos = await api("GET", `/Memorial/${testMade.json.IdMemorial}/Infos`, { key: s.op.testKey });
  const testTreeId = testInfos.json.Arbres[0].ArbreId as number;
  expect(testInfos.json.Arbres[0].EtatArbre).toBe("Commande");
  expect((await api("GET", `/Arbre/${testTreeId}`, { key: s.op.testKey })).status).toBe(200);
  for (const key of [other.key, other.testKey, s.op.key]) {
    const answer = await api("GET", `/Arbre/${testTreeId}`, { key });
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({
      Statut: "Erreur",
      HttpStatusCode: 404,
      Code: "NOT_FOUND",
      Champ: "arbreId",
    });
    expect(answer.json.Message).toContain(`tree ${testTreeId}`);
  }
  // A live key's tree of a memorial its family hid: its own operator only.
  await db.memorial.update({ where: { id: s.memorialId }, data: { hiddenAt: new Date() } });
  expect((await api("GET", `/${other.key}/Arbre/${s.treeId}`)).status).toBe(404);
  expect((await api("GET", `/Arbre/${s.treeId}`, { key: s.op.key })).status).toBe(200);
  // Unknown ids, and one that is not an integer.
  expect((await api("GET", "/Arbre/2147483647", { key: s.op.key })).status).toBe(404);
  const bad = await api("GET", "/Arbre/abc", { key: s.op.key });
  expect(bad.status).toBe(400);
  expect(bad.json).toMatchObject({ Champ: "arbreId" });
  expect((await api("GET", `/Arbre/${s.treeId}`)).status).toBe(403);
});
