// Bounded input, through HTTP: texts derived from input fit their columns, dates stay in the range
// every layer can store and read back, deep bodies are refused before any work, and every refusal
// is the Error object with its Code and, for a field, its Champ. A refused request writes nothing.
import { expect, test } from "@playwright/test";
import { api, db, makeIsolatedOperator } from "../support/factories";
import { paging } from "../support/paging";

const LONG = "É".repeat(200);

async function rows(operatorId: number) {
  const [memorials, persons, events] = await Promise.all([
    db.memorial.count({ where: { operatorId } }),
    db.person.count({ where: { operatorId } }),
    db.domainEvent.count({ where: { operatorId } }),
  ]);
  return { memorials, persons, events };
}

test("a 200-character given name and family name make a title cut to its 400 characters", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const r = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Prenom: LONG, Nom: LONG, DateDeces: "2026-10-01" } },
  });
  expect(r.status).toBe(200);
  const infos = await api("GET", `/${op.key}/Memorial/${r.json.IdMemorial}/Infos`);
  expect(infos.status).toBe(200);
  expect(Array.from(infos.json.MemorialNom as string)).toHaveLength(400);
  expect(infos.json.Defunt.Nom).toBe(LONG);
});

test("a length counts characters, as the column does: 200 emoji fit a name, 201 answer 400", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const before = await rows(op.operatorId);
  const over = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "🌳".repeat(201), DateDeces: "2026-10-01" } },
  });
  expect(over.status).toBe(400);
  expect(over.json.Champ).toBe("Defunt.Nom");
  expect(over.json.Message).toBe("Defunt.Nom: must be at most 200 characters");
  expect(await rows(op.operatorId)).toEqual(before);
  // 200 emoji are 400 UTF-16 units, but 200 characters: accepted and stored whole.
  const r = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "🌳".repeat(200), DateDeces: "2026-10-01" } },
  });
  expect(r.status).toBe(200);
  const infos = await api("GET", `/${op.key}/Memorial/${r.json.IdMemorial}/Infos`);
  expect(infos.json.Defunt.Nom).toBe("🌳".repeat(200));
});

test("with AConfirmer, long names give an e-mail subject that fits its column", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const r = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      Defunt: { Prenom: "a".repeat(190), Nom: "b".repeat(190), DateDeces: "2026-10-01" },
      Famille: { FamilleEmail: "famille@example.org" },
      AConfirmer: true,
    },
  });
  expect(r.status).toBe(200);
  await expect
    .poll(
      async () =>
        (await db.outgoingEmail.findFirst({ where: { memorialId: r.json.IdMemorial } }))?.subject.length,
      {
        timeout: 10_000,
      },
    )
    .toBeLessThanOrEqual(400);
});

test("a date that cannot be read back is refused by Creer and Modifier, and nothing is written", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const before = await rows(op.operatorId);
  for (const date of ["9999-12-31T23:59:59-14:00", "0999-12-31T00:00:00Z", "0050-06-01"]) {
    const r = await api("POST", "/Memorials/Creer", {
      key: op.key,
      body: { Defunt: { Nom: "Limite", DateDeces: date } },
    });
    expect(r.status, date).toBe(400);
    expect(r.json).toMatchObject({ Statut: "Erreur", Code: "INVALID_INPUT", Champ: "Defunt.DateDeces" });
    expect(r.json.Message).toMatch(/between 1000-01-01/);
  }
  expect(await rows(op.operatorId)).toEqual(before);

  const made = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Limite", DateDeces: "1000-01-01T00:00:00Z" } },
  });
  // The first day that reads back (the last is refused as a date of death in the future).
  expect(made.status, made.text).toBe(200);
  const modified = await api("PUT", "/Personne/Modifier", {
    key: op.key,
    body: { Id: made.json.IdDefunt, Nom: "Changé", DateDeces: "9999-12-31T23:59:59-14:00" },
  });
  expect(modified.status).toBe(400);
  expect(modified.json).toMatchObject({ Code: "INVALID_INPUT", Champ: "DateDeces" });
  const person = await db.person.findUniqueOrThrow({ where: { id: made.json.IdDefunt } });
  expect(person.lastName).toBe("Limite");
  const infos = await api("GET", `/${op.key}/Memorial/${made.json.IdMemorial}/Infos`);
  expect(infos.status).toBe(200);
  expect(infos.json.Defunt.DateDeces).toBe("1000-01-01T00:00:00.000Z");
});

test("a body nested deeper than 32 levels is refused before any work, with or without Idempotency-Key", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const before = await rows(op.operatorId);
  const deep = `{"ContextExtension":${"[".repeat(8000)}${"]".repeat(8000)},"Defunt":{"Nom":"X","DateDeces":"2026-10-01"}}`;
  for (const headers of [{}, { "idempotency-key": "deep-1" }] as Record<string, string>[]) {
    const r = await api("POST", "/Memorials/Creer", { key: op.key, body: deep, headers });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ Code: "INVALID_INPUT", HttpStatusCode: 400 });
    expect(r.json.Message).toMatch(/deeper than 32 levels/);
  }
  // A string full of brackets is not nesting.
  const brackets = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Message: "[[[[{{{{".repeat(100), Defunt: { Nom: "Crochets", DateDeces: "2026-10-01" } },
    headers: { "idempotency-key": "deep-2" },
  });
  expect(brackets.status).toBe(200);
  expect((await rows(op.operatorId)).memorials).toBe(before.memorials + 1);
});

test("every refusal carries a stable Code, and the field of an invalid one in Champ", async () => {
  const op = await makeIsolatedOperator({ stock: 0 });
  const cases: [Record<string, unknown>, number, string, string | null][] = [
    [{ Defunt: { Nom: "X" } }, 400, "INVALID_INPUT", "Defunt.DateDeces"],
    [{ Defunt: { DateDeces: "2026-10-01" } }, 400, "INVALID_INPUT", "Defunt.Nom"],
    [
      { Defunt: { Nom: "X", DateDeces: "2026-10-01" }, AConfirmer: true },
      400,
      "INVALID_INPUT",
      "Famille.FamilleEmail",
    ],
    [{ MemorialId: 2_000_000_000 }, 404, "NOT_FOUND", "MemorialId"],
    [{ Defunt: { Nom: "X", DateDeces: "2026-10-01" } }, 400, "NO_TREE_AVAILABLE", null],
  ];
  for (const [body, status, code, champ] of cases) {
    const r = await api("POST", "/Memorials/Creer", { key: op.key, body });
    expect(r.status, JSON.stringify(body)).toBe(status);
    expect(r.json).toMatchObject({
      Objet: "erreur",
      Statut: "Erreur",
      HttpStatusCode: status,
      Code: code,
      Champ: champ,
    });
  }
  const denied = await api("GET", "/Especes", { key: "mt_live_nope" });
  expect(denied.json).toMatchObject({ HttpStatusCode: 403, Code: "ACCESS_DENIED", Champ: null });
});

test("an idempotent retry replays the first result with the same numbers", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const body = { Defunt: { Nom: "Retry", DateDeces: "2026-10-01" }, DeLaPartDe: "Famille" };
  const first = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body,
    headers: { "idempotency-key": "k-1" },
  });
  const again = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body,
    headers: { "idempotency-key": "k-1" },
  });
  expect(again.headers.get("idempotent-replayed")).toBe("true");
  expect(again.json).toEqual(first.json);
  const other = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { ...body, DeLaPartDe: "Autre" },
    headers: { "idempotency-key": "k-1" },
  });
  expect(other.json).toMatchObject({ HttpStatusCode: 400, Code: "IDEMPOTENCY_MISMATCH" });
});

test("Infos gives its trees in pages with the listing's fields", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const made = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Pages", DateDeces: "2026-10-01" } },
  });
  for (let i = 0; i < 4; i++) {
    await api("POST", "/Memorials/Creer", {
      key: op.key,
      body: { MemorialId: made.json.IdMemorial, DeLaPartDe: `P${i}` },
    });
  }
  const all = await api("GET", `/${op.key}/Memorial/${made.json.IdMemorial}/Infos`);
  expect(all.json).toMatchObject(paging(5, 1, 1000, 5, false));
  const second = await api("GET", `/${op.key}/Memorial/${made.json.IdMemorial}/Infos?Page=2&Limite=2`);
  expect(second.json).toMatchObject(paging(5, 2, 2, 2, true));
  expect(second.json.Arbres.map((t: { Planteur: string }) => t.Planteur)).toEqual(["P1", "P2"]);
  const past = await api("GET", `/${op.key}/Memorial/${made.json.IdMemorial}/Infos?Page=9&Limite=2`);
  expect(past.json).toMatchObject({ NombreTotal: 5, NombreDansLaPage: 0, Plus: false, Arbres: [] });
  const bad = await api("GET", `/${op.key}/Memorial/${made.json.IdMemorial}/Infos?Limite=5000`);
  expect(bad.json).toMatchObject({ HttpStatusCode: 400, Code: "INVALID_INPUT" });
});
