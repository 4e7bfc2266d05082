// Through HTTP: POST /v1/Arbres/Deplacer moves an operator's trees to another of its
// memorials. The tree keeps its id and history (GET /v1/Arbre), Infos of both memorials follow, the
// partner gets the webhook tree.moved, and a second instance's cached public pages of both
// memorials show the move within 2 seconds; refusals name the problem and write nothing.
import { webhookMessageSchema } from "@memorial/lib/webhooks/schemas";
import { expect, test } from "@playwright/test";
import { api, db, makeIsolatedOperator } from "../support/factories";
import { secondInstance } from "../support/instances";
import { webhookFixture } from "../support/webhook-receiver";

const webhooks = webhookFixture(test.afterAll);

// The second instance is the run's own (e2e/support/instances.ts), shared with other specs.
test.describe.configure({ mode: "default" });

const second = secondInstance();

type Operator = Awaited<ReturnType<typeof makeIsolatedOperator>>;

/** A memorial of `op` (with its first tree), and `more` trees planted in it after. */
async function memorial(op: Operator, Nom: string, more = 0, key = op.key) {
  const made = await api("POST", "/Memorials/Creer", {
    key,
    body: { Defunt: { Nom, Prenom: "Jeanne", DateDeces: "2026-10-01" }, DeLaPartDe: "Ses voisins" },
  });
  expect(made.status, made.text).toBe(200);
  const id = made.json.IdMemorial as number;
  for (let i = 0; i < more; i++) {
    const r = await api("POST", "/Memorials/Creer", { key, body: { MemorialId: id } });
    expect(r.status, r.text).toBe(200);
  }
  return id;
}

const infosTrees = async (op: Operator, id: number) => {
  const r = await api("GET", `/Memorial/${id}/Infos`, { key: op.key });
  expect(r.status, r.text).toBe(200);
  return (r.json.Arbres as { ArbreId: number }[]).map((t) => t.ArbreId).sort((a, b) => a - b);
};

const totalTrees = async (origin: string, id: number) => {
  const html = await (await fetch(`${origin}/memorial/${id}`)).text();
  return /data-testid="total-trees"[^>]*>([^<]+)</.exec(html)?.[1] ?? null;
};

/** When `read` first gives `expected`, read every 50 ms: the ms since `since`; null when not within 2 s. */
async function seenAfter<T>(read: () => Promise<T>, expected: T, since: number): Promise<number | null> {
  for (;;) {
    if ((await read()) === expected) return Date.now() - since;
    if (Date.now() - since > 2_000) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const move = (op: Operator, body: unknown, key = op.key) => api("POST", "/Arbres/Deplacer", { key, body });

test("a tree moved keeps its id and history; Infos, the webhook and both pages on a second instance follow", async () => {
  const op = await makeIsolatedOperator({ stock: 20 });
  const from = await memorial(op, "Depart", 1);
  const to = await memorial(op, "Arrivee");
  const { receiver } = await webhooks.receiving(op.operatorId, ["tree.moved"]);
  const [treeId, stays] = await infosTrees(op, from);
  // A step of its life: planted in the ground.
  await db.$executeRaw`UPDATE "tree" SET "status" = 'in_ground', "in_ground_on" = '2026-11-02',
    "latitude" = 50.5, "longitude" = 4.5 WHERE "id" = ${treeId}`;
  await db.treeHistory.create({
    data: { treeId: treeId!, step: "in_ground", occurredOn: new Date("2026-11-02"), recordedBy: "cli" },
  });
  const before = await api("GET", `/Arbre/${treeId}`, { key: op.key });
  expect(before.json).toMatchObject({ MemorialId: from, EtatArbre: "EnTerre" });
  expect(before.json.Historique).toHaveLength(1);

  // The second instance reads both public pages, and keeps them in its cache.
  expect(await totalTrees(second.url, from)).toBe("2");
  expect(await totalTrees(second.url, to)).toBe("1");

  const moved = await move(op, { MemorialId: from, MemorialIdCible: to, ArbreIds: [treeId] });
  const at = Date.now();
  expect(moved.status, moved.text).toBe(200);
  expect(moved.json).toMatchObject({
    Objet: "arbresDeplaces",
    Statut: "Ok",
    MemorialId: from,
    MemorialIdCible: to,
    ArbreIds: [treeId],
  });
  const [fromPage, toPage] = await Promise.all([
    seenAfter(() => totalTrees(second.url, from), "1", at),
    seenAfter(() => totalTrees(second.url, to), "2", at),
  ]);
  console.log(`move seen on the second instance after: source page ${fromPage} ms, target page ${toPage} ms`);
  expect({ fromPage, toPage }).toEqual({ fromPage: expect.any(Number), toPage: expect.any(Number) });

  // The same tree, in its new memorial, with its life and history.
  const after = await api("GET", `/Arbre/${treeId}`, { key: op.key });
  expect(after.json).toMatchObject({ MemorialId: to, EtatArbre: "EnTerre", ArbreId: treeId });
  expect(after.json.Historique).toEqual(before.json.Historique);
  expect(after.json.Planteur).toBe(before.json.Planteur);
  expect(await infosTrees(op, from)).toEqual([stays]);
  expect((await infosTrees(op, to)).includes(treeId!)).toBe(true);
  // The transaction stays where the tree was paid.
  const tree = await db.tree.findUniqueOrThrow({ where: { id: treeId }, include: { transaction: true } });
  expect(tree.transaction.memorialId).toBe(from);

  const [message] = await receiver.waitFor(1, 90_000);
  expect(() => webhookMessageSchema("tree.moved").parse(message!.json), message!.body).not.toThrow();
  expect(message!.json.data).toEqual({
    memorialId: to,
    treeIds: [treeId],
    fromMemorialId: from,
    toMemorialId: to,
    mergeId: null,
    memorialUrl: expect.stringContaining(`/memorial/${to}`),
    environment: "production",
  });
});

test("without ArbreIds every tree moves; a test key moves its test memorials only", async () => {
  const op = await makeIsolatedOperator({ stock: 20 });
  const from = await memorial(op, "Tous", 2);
  const to = await memorial(op, "Ensemble");
  const ids = await infosTrees(op, from);
  const moved = await move(op, { MemorialId: from, MemorialIdCible: to });
  expect(moved.status, moved.text).toBe(200);
  expect(moved.json.ArbreIds).toEqual(ids);
  expect(await infosTrees(op, from)).toEqual([]);
  expect(await infosTrees(op, to)).toHaveLength(4);

  // A test key does not see live memorials, and moves between its own test memorials.
  const live = await move(op, { MemorialId: to, MemorialIdCible: from }, op.testKey);
  expect(live.status).toBe(404);
  const [a, b] = [await memorial(op, "Essai", 0, op.testKey), await memorial(op, "Essai 2", 0, op.testKey)];
  const tested = await move(op, { MemorialId: a, MemorialIdCible: b }, op.testKey);
  expect(tested.status, tested.text).toBe(200);
  expect(tested.json.Contexte.Environnement).toBe("test");
  expect(tested.json.ArbreIds).toHaveLength(1);
});

test("refusals name the problem and write nothing: 400, 404, 409", async () => {
  const op = await makeIsolatedOperator({ stock: 20 });
  const other = await makeIsolatedOperator({ stock: 5 });
  const from = await memorial(op, "Refus", 1);
  const to = await memorial(op, "Refus cible");
  const theirs = await memorial(other, "Autre");
  const [treeId] = await infosTrees(op, from);
  const [targetTree] = await infosTrees(op, to);
  const awaiting = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      AConfirmer: true,
      Defunt: { Nom: "Attente", DateDeces: "2026-10-01" },
      Famille: { FamilleEmail: "attente@example.org" },
    },
  });
  const state = async () => ({
    trees: await db.tree.findMany({
      where: { operatorId: op.operatorId },
      select: { id: true, memorialId: true },
      orderBy: { id: "asc" },
    }),
    moves: await db.treeMove.count({ where: { operatorId: op.operatorId } }),
    events: await db.domainEvent.count({ where: { operatorId: op.operatorId, type: "tree.moved" } }),
  });
  const before = await state();
  const cases: [unknown, number, string, RegExp][] = [
    [{ MemorialId: from }, 400, "MemorialIdCible", /MemorialIdCible/],
    [{ MemorialId: from, MemorialIdCible: from }, 400, "MemorialIdCible", /already in this memorial/],
    [{ MemorialId: from, MemorialIdCible: to, ArbreIds: [] }, 400, "ArbreIds", /at least one tree/],
    [{ MemorialId: from, MemorialIdCible: "2" }, 400, "MemorialIdCible", /MemorialIdCible/],
    [
      { MemorialId: from, MemorialIdCible: theirs },
      404,
      "MemorialIdCible",
      new RegExp(`memorial ${theirs} does not exist`),
    ],
    [{ MemorialId: theirs, MemorialIdCible: to }, 404, "MemorialId", /does not exist/],
    [
      { MemorialId: from, MemorialIdCible: to, ArbreIds: [treeId, targetTree] },
      404,
      "ArbreIds",
      new RegExp(`tree ${targetTree} is not one of your trees in memorial ${from}`),
    ],
    [
      { MemorialId: from, MemorialIdCible: awaiting.json.IdMemorial },
      409,
      "MemorialIdCible",
      /awaits its family's confirmation/,
    ],
  ];
  for (const [body, status, champ, message] of cases) {
    const r = await move(op, body);
    expect(r.status, JSON.stringify(body)).toBe(status);
    expect(r.json, JSON.stringify(body)).toMatchObject({ Statut: "Erreur", Objet: "erreur", Champ: champ });
    expect(r.json.Message).toMatch(message);
  }
  expect(await state()).toEqual(before);
});

test("ten moves of the same tree at once: one moves it, the others answer 404", async () => {
  const op = await makeIsolatedOperator({ stock: 20 });
  const from = await memorial(op, "Course");
  const targets = [await memorial(op, "Course A"), await memorial(op, "Course B")];
  const [treeId] = await infosTrees(op, from);
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      move(op, { MemorialId: from, MemorialIdCible: targets[i % 2], ArbreIds: [treeId] }),
    ),
  );
  const statuses = answers.map((r) => r.status).sort();
  expect(statuses).toEqual([200, ...Array(9).fill(404)]);
  const won = answers.find((r) => r.status === 200)!;
  const tree = await db.tree.findUniqueOrThrow({ where: { id: treeId } });
  expect(tree.memorialId).toBe(won.json.MemorialIdCible);
  expect(await db.treeMove.count({ where: { treeId } })).toBe(1);
});
