// Through HTTP: a partner answers a person's request about memorials it created.
// GET /v1/DonneesPersonnelles finds the address (case aside) in its memorials with the rows, POST
// /v1/DonneesPersonnelles/Effacer erases them and answers what changed, once; another operator's
// memorials and the operator's own team (its dashboard users) are neither found nor erased; bad
// input is a 400 naming Email and writes nothing; each answer is one audit row by the key, naming
// the person by the hash of the address.
import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { api, db, makeIsolatedOperator, unique, uniqueEmail } from "../support/factories";

const DEATH = "2026-10-01";
const address = () => uniqueEmail("subject");

async function familyMemorial(key: string, email: string, planter: string) {
  const made = await api("POST", "/Memorials/Creer", {
    key,
    body: {
      Defunt: { Nom: "Sujet", DateDeces: DEATH },
      Famille: { FamilleEmail: email, FamilleNom: "Famille Sujet" },
      DeLaPartDe: planter,
      Message: "Pour toujours",
    },
  });
  expect(made.status, made.text).toBe(200);
  return made.json.IdMemorial as number;
}

test("finds and erases a person in the caller's memorials only, once, with the report", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const other = await makeIsolatedOperator({ stock: 5 });
  const email = address();
  const planter = `Anne ${unique("P")}`;
  const mine = await familyMemorial(op.key, email.toUpperCase(), planter);
  const theirs = await familyMemorial(other.key, email, planter);
  // The operator's own dashboard user with this address: the dashboard's, not the API's.
  const user = await db.operatorUser.create({
    data: { operatorId: op.operatorId, email, passwordHash: "x", role: "staff" },
  });

  const found = await api(
    "GET",
    `/DonneesPersonnelles?Email=${encodeURIComponent(email)}&Nom=${encodeURIComponent(planter)}`,
    {
      key: op.key,
    },
  );
  expect(found.status, found.text).toBe(200);
  expect(found.json).toMatchObject({
    Objet: "donneesPersonnelles",
    Statut: "Ok",
    Email: email,
    Nom: planter,
  });
  const sources = found.json.Tables.map((t: { Source: string }) => t.Source);
  expect(sources).toEqual(expect.arrayContaining(["family.email", "tree.planter"]));
  expect(sources).not.toContain("operator_user.email");
  const family = found.json.Tables.find((t: { Source: string }) => t.Source === "family.email");
  expect(family).toMatchObject({ Table: "family", Champs: ["email", "name"], Effacement: "anonymisation" });
  expect(family.Lignes).toEqual([
    expect.objectContaining({ memorial_id: mine, email: email.toUpperCase(), name: "Famille Sujet" }),
  ]);
  // Nothing of the other operator's memorial.
  expect(found.text).not.toContain(`"memorial_id":${theirs},`);

  const erased = await api("POST", "/DonneesPersonnelles/Effacer", {
    key: op.key,
    body: { Email: email, Nom: planter },
  });
  expect(erased.status, erased.text).toBe(200);
  const subject = createHash("sha256").update(email).digest("hex");
  expect(erased.json).toMatchObject({ Objet: "donneesEffacees", Sujet: subject });
  expect(erased.json.Changements).toEqual(
    expect.arrayContaining([
      {
        Source: "family.email",
        Table: "family",
        Champs: ["email", "name"],
        Effacement: "anonymisation",
        Lignes: 1,
      },
      expect.objectContaining({ Source: "tree.planter", Champs: ["planter", "message"], Lignes: 1 }),
    ]),
  );
  expect(await db.family.findUnique({ where: { memorialId: mine } })).toMatchObject({
    email: null,
    name: null,
  });
  expect(await db.tree.findFirst({ where: { memorialId: mine } })).toMatchObject({
    planter: "—",
    message: null,
  });
  // The other operator's family and tree, and the operator's own user, are as they were.
  expect(await db.family.findUnique({ where: { memorialId: theirs } })).toMatchObject({ email });
  expect(await db.tree.findFirst({ where: { memorialId: theirs } })).toMatchObject({ planter });
  expect(await db.operatorUser.findUnique({ where: { id: user.id } })).toMatchObject({ email });

  const again = await api("POST", "/DonneesPersonnelles/Effacer", { key: op.key, body: { Email: email } });
  expect(again.json).toMatchObject({ NombreTotal: 0, Changements: [] });
  const none = await api("GET", `/DonneesPersonnelles?Email=${email}`, { key: op.key });
  expect(none.json).toMatchObject({ NombreTotal: 0, Tables: [] });

  // The other operator's key cannot erase through the first one's memorials, and finds its own.
  const theirsFound = await api("GET", `/DonneesPersonnelles?Email=${email}`, { key: other.key });
  expect(theirsFound.json.NombreTotal).toBeGreaterThan(0);

  const audit = await db.auditLog.findMany({
    where: { targetType: "subject", targetId: subject },
    orderBy: { id: "asc" },
  });
  expect(
    audit.filter((row) => row.operatorId === op.operatorId).map((row) => [row.action, row.actorKind]),
  ).toEqual([
    ["subject.exported", "key"],
    ["subject.erased", "key"],
    ["subject.erased", "key"],
    ["subject.exported", "key"],
  ]);
  expect(JSON.stringify(audit.map((row) => row.changes))).not.toContain(email);
});

test("bad input is refused naming Email, and nothing is written", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const email = address();
  const mine = await familyMemorial(op.key, email, "Quelqu'un");
  const audits = () => db.auditLog.count({ where: { operatorId: op.operatorId, targetType: "subject" } });
  const before = await audits();
  for (const [method, path, body] of [
    ["GET", "/DonneesPersonnelles", undefined],
    ["GET", "/DonneesPersonnelles?Email=nobody", undefined],
    ["POST", "/DonneesPersonnelles/Effacer", { Email: "nobody" }],
    ["POST", "/DonneesPersonnelles/Effacer", { Email: "" }],
    ["POST", "/DonneesPersonnelles/Effacer", { Nom: "Anne" }],
    ["POST", "/DonneesPersonnelles/Effacer", { Email: `${"a".repeat(250)}@example.org` }],
  ] as const) {
    const r = await api(method, path, { key: op.key, body });
    expect(r.status, `${method} ${path} ${JSON.stringify(body)}: ${r.text}`).toBe(400);
    expect(r.json).toMatchObject({ Objet: "erreur", Code: "INVALID_INPUT", Champ: "Email" });
    expect(r.json.Message).toMatch(/^Email/);
  }
  const longName = await api("GET", `/DonneesPersonnelles?Email=${email}&Nom=${"n".repeat(201)}`, {
    key: op.key,
  });
  expect(longName.status).toBe(400);
  expect(longName.json).toMatchObject({ Code: "INVALID_INPUT", Champ: "Nom" });
  const unknown = await api("POST", "/DonneesPersonnelles/Effacer", {
    key: op.key,
    body: { Email: email, Adresse: 1 },
  });
  expect(unknown.json).toMatchObject({ Code: "UNKNOWN_FIELD", Champ: "Adresse" });
  // NUL in a query parameter or a field: 400 naming it, never the database's error.
  for (const [method, path, body, field] of [
    ["GET", `/DonneesPersonnelles?Email=a%00b%40example.org`, undefined, "Email"],
    ["GET", `/DonneesPersonnelles?Email=${email}&Nom=An%00ne`, undefined, "Nom"],
    ["POST", "/DonneesPersonnelles/Effacer", { Email: "a\u0000b@example.org" }, "Email"],
    ["POST", "/DonneesPersonnelles/Effacer", { Email: email, Nom: "An\u0000ne" }, "Nom"],
  ] as const) {
    const r = await api(method, path, { key: op.key, body });
    expect(r.status, `${method} ${path}: ${r.text}`).toBe(400);
    expect(r.json).toMatchObject({ Objet: "erreur", Champ: field });
    expect(r.json.Message).toContain("NUL");
  }
  expect(await db.family.findUnique({ where: { memorialId: mine } })).toMatchObject({ email });
  expect(await audits()).toBe(before);
  // No key: refused as every endpoint refuses it.
  const anonymous = await api("GET", `/DonneesPersonnelles?Email=${email}`);
  expect(anonymous.status).toBe(403);
});

test("a test key reads and erases only test data, a live key only live data", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const email = address();
  const live = await familyMemorial(op.key, email, "Anne Live");
  const testMemorial = await familyMemorial(op.testKey, email, "Anne Test");
  const memorialsOf = (r: Awaited<ReturnType<typeof api>>) =>
    new Set(
      (r.json.Tables as { Lignes: { memorial_id?: number }[] }[]).flatMap((t) =>
        t.Lignes.map((l) => l.memorial_id),
      ),
    );

  const byTest = await api("GET", `/DonneesPersonnelles?Email=${encodeURIComponent(email)}`, {
    key: op.testKey,
  });
  expect(byTest.status, byTest.text).toBe(200);
  expect([...memorialsOf(byTest)]).toEqual([testMemorial]);
  const byLive = await api("GET", `/DonneesPersonnelles?Email=${encodeURIComponent(email)}`, { key: op.key });
  expect([...memorialsOf(byLive)]).toEqual([live]);

  const erased = await api("POST", "/DonneesPersonnelles/Effacer", {
    key: op.testKey,
    body: { Email: email },
  });
  expect(erased.status, erased.text).toBe(200);
  expect(await db.family.findUnique({ where: { memorialId: testMemorial } })).toMatchObject({ email: null });
  // The live family's data is untouched.
  expect(await db.family.findUnique({ where: { memorialId: live } })).toMatchObject({
    email,
    name: "Famille Sujet",
  });
});

test("twenty simultaneous erasures of one person change each row once, and none fails", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const email = address();
  // Three reminder subscriptions of one memorial (written here: nothing else writes to the address).
  const made = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Rappel", DateDeces: DEATH } },
  });
  for (let i = 0; i < 3; i++) {
    await db.reminderSubscription.create({
      data: {
        memorialId: made.json.IdMemorial,
        email,
        language: "fr",
        deathAnniversary: true,
        birthday: false,
        unsubscribeTokenHash: createHash("sha256").update(`${email}-${i}`).digest("hex"),
        linkBase: "http://trees.test",
      },
    });
  }
  const expected = (await api("GET", `/DonneesPersonnelles?Email=${email}`, { key: op.key })).json
    .NombreTotal;
  expect(expected).toBe(3);
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      api("POST", "/DonneesPersonnelles/Effacer", { key: op.key, body: { Email: email } }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  expect(answers.reduce((n, a) => n + a.json.NombreTotal, 0)).toBe(expected);
  expect(await db.reminderSubscription.count({ where: { email } })).toBe(0);
});
