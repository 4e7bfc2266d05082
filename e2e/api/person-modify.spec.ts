// PUT /v1/Personne/Modifier: the three rules of 4.2, the response of 2.5, and ownership.
import { expect, test } from "@playwright/test";
import { api, db, makeIsolatedOperator } from "../support/factories";

async function memorialFor(key: string, extra: Record<string, unknown> = {}) {
  const r = await api("POST", "/Memorials/Creer", {
    key,
    body: {
      Defunt: {
        Nom: "Janssens",
        Prenom: "Jan",
        Civilite: "M.",
        DateDeces: "2026-10-01T00:00:00Z",
        DateNaissance: "1940-05-06T00:00:00Z",
      },
      Langue: "nl",
      ...extra,
    },
  });
  expect(r.status).toBe(200);
  return r.json as { IdMemorial: number; IdDefunt: number };
}

test("a body of Id and Nom changes only the name; titles stay without MajTitreMemorials", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const m = await memorialFor(op.key);
  const r = await api("PUT", "/Personne/Modifier", { key: op.key, body: { Id: m.IdDefunt, Nom: "Peeters" } });
  expect(r.status).toBe(200);
  expect(r.json).toMatchObject({ Objet: "personneModifier", Statut: "Ok", Erreur: null, Id: m.IdDefunt });
  expect(r.json.Defunt).toEqual({
    Id: m.IdDefunt,
    IdExterne: 0,
    Nom: "Peeters",
    Prenom: "Jan",
    Civilite: "M.",
    DateDeces: "2026-10-01T00:00:00.000Z",
    LieuDeces: null,
    DateNaissance: "1940-05-06T00:00:00.000Z",
    Language: "nl",
  });
  expect((await db.memorial.findUniqueOrThrow({ where: { id: m.IdMemorial } })).title).toBe("Jan Janssens");
});

test("null fields and IdExterne 0 are not applied", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const m = await memorialFor(op.key);
  await api("PUT", "/Personne/Modifier", {
    key: op.key,
    body: { Id: m.IdDefunt, IdExterne: 55, LieuDeces: "Gent" },
  });
  const r = await api("PUT", "/Personne/Modifier", {
    key: op.key,
    body: {
      Id: m.IdDefunt,
      IdExterne: 0,
      Nom: null,
      Prenom: null,
      Civilite: null,
      DateDeces: null,
      LieuDeces: null,
      ImageUrl: null,
    },
  });
  expect(r.status).toBe(200);
  expect(r.json.Defunt).toMatchObject({
    IdExterne: 55,
    Nom: "Janssens",
    Prenom: "Jan",
    Civilite: "M.",
    LieuDeces: "Gent",
  });
});

test("MajTitreMemorials recomputes the titles of the person's memorials, not anonymous ones", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const m = await memorialFor(op.key);
  const r = await api("PUT", "/Personne/Modifier", {
    key: op.key,
    body: { Id: m.IdDefunt, Prenom: "Johan", DateDeces: "2026-10-02T10:00:00", MajTitreMemorials: true },
  });
  expect(r.json.Defunt.DateDeces).toBe("2026-10-02T10:00:00.000Z");
  expect((await db.memorial.findUniqueOrThrow({ where: { id: m.IdMemorial } })).title).toBe("Johan Janssens");
  const anon = await memorialFor(op.key, { MemorialAnonyme: true, MemorialAnonymeNom: "Een vriend" });
  await api("PUT", "/Personne/Modifier", {
    key: op.key,
    body: { Id: anon.IdDefunt, Nom: "X", MajTitreMemorials: true },
  });
  expect((await db.memorial.findUniqueOrThrow({ where: { id: anon.IdMemorial } })).title).toBe("Een vriend");
});

test("only the operator that created the person can modify it; others get 404", async () => {
  const owner = await makeIsolatedOperator({ stock: 5 });
  const stranger = await makeIsolatedOperator({ stock: 5 });
  const m = await memorialFor(owner.key);
  const r = await api("PUT", "/Personne/Modifier", {
    key: stranger.key,
    body: { Id: m.IdDefunt, Nom: "Pirate" },
  });
  expect(r.status).toBe(404);
  expect(r.json).toMatchObject({ Objet: "erreur", Statut: "Erreur", HttpStatusCode: 404 });
  expect((await db.person.findUniqueOrThrow({ where: { id: m.IdDefunt } })).lastName).toBe("Janssens");
  const missing = await api("PUT", "/Personne/Modifier", {
    key: owner.key,
    body: { Id: 2_000_000_000, Nom: "A" },
  });
  expect(missing.status).toBe(404);
});

test("bad input answers 400 naming the field and changes nothing", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const m = await memorialFor(op.key);
  for (const [body, field] of [
    [{ Nom: "A" }, "Id"],
    [{ Id: "1", Nom: "A" }, "Id"],
    [{ Id: m.IdDefunt, Nom: 12 }, "Nom"],
    [{ Id: m.IdDefunt, DateDeces: "2023-02-30" }, "DateDeces"],
    [{ Id: m.IdDefunt, ImageUrl: "ftp:/x" }, "ImageUrl"],
    [{ Id: m.IdDefunt, MajTitreMemorials: "true" }, "MajTitreMemorials"],
    [{ Id: m.IdDefunt, Nom: "n".repeat(201) }, "Nom"],
    [{ Id: m.IdDefunt, Nom: "a\u0000" }, "Nom"],
    // Born 1940: a death in 1900 is incoherent with the recorded birth; the new date is at fault.
    [{ Id: m.IdDefunt, DateDeces: "1900-01-01T00:00:00Z" }, "DateDeces"],
    // A date of death in the future.
    [{ Id: m.IdDefunt, DateDeces: "2099-01-01T00:00:00Z" }, "DateDeces"],
    // Both names emptied: the memorial could no longer be titled.
    [{ Id: m.IdDefunt, Nom: "", Prenom: "  ", MajTitreMemorials: true }, "Nom"],
  ] as const) {
    const r = await api("PUT", "/Personne/Modifier", { key: op.key, body });
    expect(r.status).toBe(400);
    expect(r.json.Message).toContain(field);
    expect(r.json.Champ).toBe(field);
  }
  expect((await db.person.findUniqueOrThrow({ where: { id: m.IdDefunt } })).lastName).toBe("Janssens");
});

test("two modifications at once, one emptying Nom and the other Prenom, leave the person a name", async () => {
  const op = await makeIsolatedOperator({ stock: 20 });
  const people = await Promise.all(Array.from({ length: 8 }, () => memorialFor(op.key)));
  const answers = await Promise.all(
    people.flatMap((m) => [
      api("PUT", "/Personne/Modifier", { key: op.key, body: { Id: m.IdDefunt, Nom: "" } }),
      api("PUT", "/Personne/Modifier", { key: op.key, body: { Id: m.IdDefunt, Prenom: "" } }),
    ]),
  );
  // Per person, one of the two applies and the other finds the last name gone: 400.
  expect(answers.map((r) => r.status).sort()).toEqual([...Array(8).fill(200), ...Array(8).fill(400)]);
  for (const m of people) {
    const person = await db.person.findUniqueOrThrow({ where: { id: m.IdDefunt } });
    expect([person.lastName, person.firstName].filter(Boolean)).toHaveLength(1);
  }
});
