// The route × actor matrix: two operators, each with a live and a test key, against every /v1 route
// that reads or writes private data. Another operator's private data, and another environment's,
// answers 404 exactly as if it did not exist (contract.md); public memorials are open to all.
import { expect, test } from "@playwright/test";
import { api, makeContext, makeIsolatedOperator } from "../support/factories";

type Actor = "A live" | "A test" | "B live" | "B test";
const ACTORS: Actor[] = ["A live", "A test", "B live", "B test"];
type Environment = "live" | "test";
const ENVIRONMENTS: Environment[] = ["live", "test"];

let keys: Record<Actor, string>;
let data: {
  epf: number;
  publicMemorial: number;
  awaitingMemorial: number;
  testMemorial: number;
  person: Record<Environment, number>;
};

test.beforeAll(async () => {
  const a = await makeIsolatedOperator({ stock: 50 });
  const b = await makeIsolatedOperator({ stock: 50 });
  keys = { "A live": a.key, "A test": a.testKey, "B live": b.key, "B test": b.testKey };
  const epf = (await makeContext(a.operatorId, "Epf")).id;
  const creer = async (key: string, body: object) => {
    const r = await api("POST", "/Memorials/Creer", { key, body });
    expect(r.status, r.text).toBe(200);
    return r.json;
  };
  const defunt = (Nom: string) => ({ Nom, DateDeces: "2026-10-01" });
  const live = await creer(a.key, { Contexte: { ContexteEpfId: epf }, Defunt: defunt("Public") });
  const awaiting = await creer(a.key, {
    Contexte: { ContexteEpfId: epf },
    Defunt: defunt("Attente"),
    AConfirmer: true,
    Famille: { FamilleEmail: "attente@example.org" },
  });
  const sandbox = await creer(a.testKey, { Contexte: { ContexteEpfId: epf }, Defunt: defunt("Essai") });
  data = {
    epf,
    publicMemorial: live.IdMemorial,
    awaitingMemorial: awaiting.IdMemorial,
    testMemorial: sandbox.IdMemorial,
    person: { live: live.IdDefunt, test: sandbox.IdDefunt },
  };
});

const report = "Days/3660/DepuisLe/2020/1/1";

/** route → its call by one actor, and the status each actor gets. */
type Row = [string, (actor: Actor) => ReturnType<typeof api>, Record<Actor, number>];

/** A's person of one environment: only A's key of that environment finds it. */
const onlyA = (env: Environment): Record<Actor, number> => ({
  "A live": env === "live" ? 200 : 404,
  "A test": env === "test" ? 200 : 404,
  "B live": 404,
  "B test": 404,
});

const matrix: Row[] = [
  [
    "Infos of a public memorial",
    (actor) => api("GET", `/Memorial/${data.publicMemorial}/Infos`, { key: keys[actor] }),
    { "A live": 200, "A test": 200, "B live": 200, "B test": 200 },
  ],
  [
    "Infos of a memorial awaiting confirmation",
    (actor) => api("GET", `/Memorial/${data.awaitingMemorial}/Infos`, { key: keys[actor] }),
    { "A live": 200, "A test": 404, "B live": 404, "B test": 404 },
  ],
  [
    "Infos of a test memorial",
    (actor) => api("GET", `/Memorial/${data.testMemorial}/Infos`, { key: keys[actor] }),
    { "A live": 404, "A test": 200, "B live": 404, "B test": 404 },
  ],
  [
    "report of A's funeral home",
    (actor) => api("GET", `/Report/Arbres/Epf/${data.epf}/${report}`, { key: keys[actor] }),
    { "A live": 200, "A test": 200, "B live": 404, "B test": 404 },
  ],
  ...ENVIRONMENTS.map(
    (env): Row => [
      `report of A's ${env} person`,
      (actor) =>
        api("GET", `/Report/Arbres/Epf/${data.epf}/Personne/${data.person[env]}/${report}`, {
          key: keys[actor],
        }),
      onlyA(env),
    ],
  ),
  ...ENVIRONMENTS.map(
    (env): Row => [
      `Modifier of A's ${env} person`,
      (actor) =>
        api("PUT", "/Personne/Modifier", {
          key: keys[actor],
          body: { Id: data.person[env], Civilite: actor },
        }),
      onlyA(env),
    ],
  ),
  [
    "a tree in A's memorial awaiting confirmation",
    (actor) =>
      api("POST", "/Memorials/Creer", { key: keys[actor], body: { MemorialId: data.awaitingMemorial } }),
    { "A live": 400, "A test": 404, "B live": 404, "B test": 404 },
  ],
  [
    "a tree in A's test memorial",
    (actor) => api("POST", "/Memorials/Creer", { key: keys[actor], body: { MemorialId: data.testMemorial } }),
    { "A live": 404, "A test": 200, "B live": 404, "B test": 404 },
  ],
];

for (const [route, call, expected] of matrix) {
  test(`${route}: ${Object.entries(expected)
    .map(([actor, status]) => `${actor} ${status}`)
    .join(", ")}`, async () => {
    const responses = await Promise.all(ACTORS.map(call));
    const got = Object.fromEntries(ACTORS.map((actor, i) => [actor, responses[i].status]));
    expect(got).toEqual(expected);
    for (const r of responses) {
      if (r.status !== 200) expect(r.json).toMatchObject({ Statut: "Erreur", HttpStatusCode: r.status });
    }
  });
}

test("a test tree planted by B into A's public memorial shows only to B's test key", async () => {
  const planted = await api("POST", "/Memorials/Creer", {
    key: keys["B test"],
    body: { MemorialId: data.publicMemorial, DeLaPartDe: "Essai de B" },
  });
  expect(planted.status).toBe(200);
  const planters = async (actor: Actor) =>
    (await api("GET", `/Memorial/${data.publicMemorial}/Infos`, { key: keys[actor] })).json.Arbres.map(
      (t: { Planteur: string }) => t.Planteur,
    );
  expect(await planters("B test")).toContain("Essai de B");
  for (const actor of ["A live", "A test", "B live"] as Actor[])
    expect(await planters(actor)).not.toContain("Essai de B");
  const aReport = await api("GET", `/Report/Arbres/Epf/${data.epf}/${report}`, { key: keys["A test"] });
  expect(aReport.json.Arbres.map((t: { Planteur: string }) => t.Planteur)).not.toContain("Essai de B");
});

test("each key lists only its own environment's transactions", async () => {
  const now = new Date();
  const list = async (actor: Actor) =>
    (
      await api("GET", `/Transactions/${now.getUTCFullYear()}/${now.getUTCMonth() + 1}?Limite=1000`, {
        key: keys[actor],
      })
    ).json.Transactions.map((t: { MemorialId: number }) => t.MemorialId);
  expect(await list("A live")).toContain(data.publicMemorial);
  expect(await list("A live")).not.toContain(data.testMemorial);
  expect(await list("A test")).toContain(data.testMemorial);
  expect(await list("A test")).not.toContain(data.publicMemorial);
  expect(await list("B live")).not.toContain(data.publicMemorial);
});
