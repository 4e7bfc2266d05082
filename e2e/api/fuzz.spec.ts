// Property-based fuzzing of every /v1 operation (fast-check): whatever the request, the service
// never answers 5xx, every refusal is the Error object, and a refused request writes nothing.
// At least 200 generated requests per operation, against the running service and its database.
import assert from "node:assert/strict";
import { expect, test } from "@playwright/test";
import fc from "fast-check";
import { api, db, makeContext, makeIsolatedOperator } from "../support/factories";

const RUNS = 200;

type Operator = Awaited<ReturnType<typeof makeIsolatedOperator>>;

async function rows(operatorId: number) {
  const [memorials, persons, trees, transactions, events, idempotency] = await Promise.all([
    db.memorial.count({ where: { operatorId } }),
    db.person.count({ where: { operatorId } }),
    db.tree.count({ where: { operatorId } }),
    db.transaction.count({ where: { operatorId } }),
    db.domainEvent.count({ where: { operatorId } }),
    db.idempotencyRecord.count({ where: { operatorId } }),
  ]);
  return { memorials, persons, trees, transactions, events, idempotency };
}

// Strings a partner (or an attacker) may send: ordinary text, unicode, control characters,
// NUL, very long, numbers as text, dates right and wrong.
const nasty = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "%zz",
    "../../etc",
    "<script>",
    "' OR 1=1 --",
    "é".repeat(250),
  ),
  fc.constantFrom(
    "2026-10-01",
    "2026-02-30",
    "9999-12-31T23:59:59-14:00",
    "0000-01-01",
    "1000-01-01T00:00:00Z",
  ),
  fc.integer().map(String),
);
const anyNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 40, 2 ** 53, Number.MAX_SAFE_INTEGER, 1.5, -0),
  fc.double({ noNaN: true }),
);
const value = fc.oneof(nasty, anyNumber, fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
const date = fc.oneof(
  fc
    .date({ min: new Date("0900-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
    .map((d) => d.toISOString()),
  nasty,
  anyNumber,
);

const defunt = fc.record(
  {
    Nom: value,
    Prenom: value,
    Civilite: value,
    DateDeces: date,
    DateNaissance: date,
    DateDecesApproximative: value,
    Url: fc.oneof(fc.webUrl(), value),
    ImageUrl: fc.oneof(fc.webUrl(), value),
  },
  { requiredKeys: [] },
);

const creer = (contextIds: number[]) =>
  fc.record(
    {
      Defunt: fc.oneof(defunt, value),
      Famille: fc.oneof(
        fc.record(
          { FamilleEmail: fc.oneof(fc.emailAddress(), value), FamilleNom: value, Langue: value },
          { requiredKeys: [] },
        ),
        value,
      ),
      Contexte: fc.oneof(
        fc.record(
          { ContexteEpfId: fc.oneof(fc.constantFrom(...contextIds), anyNumber), ContexteTitreId: anyNumber },
          { requiredKeys: [] },
        ),
        value,
      ),
      MemorialId: fc.oneof(anyNumber, value),
      AConfirmer: value,
      ArbreOrphelin: value,
      MemorialAnonyme: value,
      MemorialAnonymeNom: value,
      DeLaPartDe: value,
      Message: value,
      Langue: fc.oneof(fc.constantFrom("fr", "NL", "en-GB", "xx"), value),
      ExternalId: fc.oneof(anyNumber, value),
      MemorialsLot: value,
      UEventId: value,
      SpecialEmailType: value,
      ContextExtension: fc.oneof(fc.jsonValue({ maxDepth: 6 }), value),
    },
    { requiredKeys: [] },
  );

// The checks inside a property use node:assert, not Playwright's expect: each expect is a step of
// the test, and Playwright looks for the parent of every new step among all the test's steps, so
// the thousands of checks of one test cost time quadratic in their number (most of a fuzzing
// test's CPU, docs/testing.md). A failed check still throws, and fast-check reports it with the
// request that made it fail.
function expectErrorObject(r: Awaited<ReturnType<typeof api>>) {
  assert.ok(r.status < 500, `status ${r.status}: ${r.text}`);
  assert.match(r.headers.get("content-type") ?? "", /^application\/json/, r.text);
  if (r.status !== 200) {
    const { Objet, Statut, HttpStatusCode, Message } = r.json ?? {};
    assert.deepEqual(
      { Objet, Statut, HttpStatusCode },
      { Objet: "erreur", Statut: "Erreur", HttpStatusCode: r.status },
      r.text,
    );
    assert.equal(typeof Message, "string", r.text);
  }
}

let op: Operator;
let epfId: number;
let memorialId: number;

test.beforeAll(async () => {
  // No stock: a request that passes validation is refused for want of a tree, so that nothing
  // is ever written and any row written by a refused request shows.
  op = await makeIsolatedOperator({ stock: 0 });
  epfId = (await makeContext(op.operatorId, "Epf")).id;
  const withStock = await makeIsolatedOperator({ stock: 5 });
  const made = await api("POST", "/Memorials/Creer", {
    key: withStock.key,
    body: { Defunt: { Nom: "Fuzz", DateDeces: "2026-10-01" } },
  });
  memorialId = made.json.IdMemorial;
});

test.describe.configure({ timeout: 300_000 });

test("POST /Memorials/Creer: 200+ generated bodies, no 5xx, nothing written when refused", async () => {
  const before = await rows(op.operatorId);
  await fc.assert(
    fc.asyncProperty(
      creer([epfId]),
      fc.option(fc.string({ maxLength: 20 })),
      async (body, idempotencyKey) => {
        const r = await api("POST", "/Memorials/Creer", {
          key: op.key,
          body,
          headers: idempotencyKey === null ? {} : { "idempotency-key": idempotencyKey },
        });
        expectErrorObject(r);
        assert.notEqual(r.status, 200, r.text); // no stock: nothing can be planted
      },
    ),
    { numRuns: RUNS },
  );
  expect(await rows(op.operatorId)).toEqual(before);
});

test("POST /Memorials/Creer: raw bodies that are not objects, or not JSON", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.string(),
        fc.jsonValue().map((v) => JSON.stringify(v)),
      ),
      async (text) => {
        const r = await api("POST", "/Memorials/Creer", { key: op.key, body: text });
        expectErrorObject(r);
      },
    ),
    { numRuns: RUNS },
  );
});

test("PUT /Personne/Modifier: 200+ generated bodies, no 5xx, the person unchanged when refused", async () => {
  const owner = await makeIsolatedOperator({ stock: 5 });
  const made = await api("POST", "/Memorials/Creer", {
    key: owner.key,
    body: { Defunt: { Nom: "Avant", Prenom: "Fuzz", DateDeces: "2026-10-01", DateNaissance: "1950-01-01" } },
  });
  const personId = made.json.IdDefunt as number;
  await fc.assert(
    fc.asyncProperty(
      fc.record(
        {
          Id: fc.oneof(fc.constant(personId), anyNumber, value),
          IdExterne: value,
          Nom: value,
          Prenom: value,
          Civilite: value,
          DateDeces: date,
          LieuDeces: value,
          DateNaissance: date,
          ImageUrl: value,
          MajTitreMemorials: value,
        },
        { requiredKeys: [] },
      ),
      async (body) => {
        const before = await db.person.findUniqueOrThrow({ where: { id: personId } });
        const r = await api("PUT", "/Personne/Modifier", { key: owner.key, body });
        expectErrorObject(r);
        if (r.status !== 200) {
          assert.deepEqual(await db.person.findUniqueOrThrow({ where: { id: personId } }), before);
        }
      },
    ),
    { numRuns: RUNS },
  );
  // Whatever was accepted, the person reads back (no value stored that cannot be read).
  const infos = await api("GET", `/${owner.key}/Memorial/${made.json.IdMemorial}/Infos`);
  expect(infos.status).toBe(200);
});

// Path segments ("." and ".." are left out: the client resolves them before sending, and the
// request would leave /v1 altogether; a path that "%2E%2E" segments take out of /v1 is skipped).
const segment = fc
  .oneof(
    fc.integer({ min: -5, max: 3_000_000_000 }).map(String),
    fc.constantFrom("0", "00", "1e3", "%zz", "%E0%A4%A", "x", "9".repeat(30), "-1", "%201", "1.0", "%2E%2E"),
    fc.string({ maxLength: 8 }).map(encodeURIComponent),
  )
  .filter((s) => s !== "." && s !== ".." && s !== "");
const query = fc.option(
  fc.record(
    { Page: fc.oneof(segment, fc.constant("1")), Limite: fc.oneof(segment, fc.constant("10")) },
    { requiredKeys: [] },
  ),
);
const withQuery = (path: string, q: Record<string, string> | null) =>
  q
    ? `${path}?${Object.entries(q)
        .map(([k, v]) => `${k}=${v}`)
        .join("&")}`
    : path;

test("every GET operation: 200+ generated paths and queries each, no 5xx, always JSON", async () => {
  const operations: [string, fc.Arbitrary<string>][] = [
    ["Plantations", query.map((q) => withQuery("/Plantations", q))],
    ["Plantation", segment.map((s) => `/Plantation/${s}`)],
    ["Especes", query.map((q) => withQuery("/Especes", q))],
    ["Espece", segment.map((s) => `/Espece/${s}`)],
    [
      "Transactions",
      fc.tuple(segment, segment, query).map(([y, m, q]) => withQuery(`/Transactions/${y}/${m}`, q)),
    ],
    [
      "Transactions/totaux",
      fc
        .tuple(
          fc.oneof(fc.constantFrom("jour", "espece", "plantation", "contexte"), segment),
          segment,
          segment,
          query,
        )
        .map(([mode, y, m, q]) => withQuery(`/Transactions/totaux/${mode}/${y}/${m}`, q)),
    ],
    [
      "Report Epf",
      fc
        .tuple(fc.oneof(fc.constant(String(epfId)), segment), segment, segment, segment, segment, query)
        .map(([e, d, y, m, day, q]) =>
          withQuery(`/${op.key}/Report/Arbres/Epf/${e}/Days/${d}/DepuisLe/${y}/${m}/${day}`, q),
        ),
    ],
    [
      "Report Personne",
      fc
        .tuple(fc.oneof(fc.constant(String(epfId)), segment), segment, segment, segment, segment, segment)
        .map(
          ([e, p, d, y, m, day]) =>
            `/${op.key}/Report/Arbres/Epf/${e}/Personne/${p}/Days/${d}/DepuisLe/${y}/${m}/${day}`,
        ),
    ],
    [
      "Infos",
      fc
        .tuple(fc.oneof(fc.constant(String(memorialId)), segment), query)
        .map(([id, q]) => withQuery(`/${op.key}/Memorial/${id}/Infos`, q)),
    ],
  ];
  for (const [name, paths] of operations) {
    await fc.assert(
      fc.asyncProperty(paths, async (path) => {
        // The client resolves dot segments, "%2E%2E" included (the URL standard): two of them
        // would send the request out of /v1 (to the home page), which is not this operation.
        fc.pre(new URL(`http://x/v1${path}`).pathname.startsWith("/v1/"));
        const r = await api("GET", path, { key: op.key });
        assert.ok(r.status < 500, `${name} ${path}: ${r.status} ${r.text}`);
        assert.match(r.headers.get("content-type") ?? "", /^application\/json/, `${name} ${path}`);
        if (r.status !== 200) assert.equal(r.json?.Statut, "Erreur", `${name} ${path}`);
      }),
      { numRuns: RUNS },
    );
  }
});

// Every character a parameter may carry, percent-encoded as a client sends it: NUL and the other
// controls, a lone surrogate's bytes, the non-characters, and the ordinary.
const anyCharacters = fc.oneof(
  nasty,
  fc.constantFrom("%00", "a%00b", "%ED%A0%80", "%EF%BF%BF", "%C0%80", "%FF", "%0A", "%7F"),
);
const encoded = fc.oneof(
  nasty.map(encodeURIComponent),
  anyCharacters.filter((s) => s.startsWith("%") || s.startsWith("a%")),
);

type Schema = { $ref?: string; properties?: Record<string, Schema> };

test("every operation of the served reference, extensions included: any character in any parameter or field answers below 500", async () => {
  test.setTimeout(240_000);
  const op = await makeIsolatedOperator({ stock: 5 });
  const document = (await (await fetch(`${process.env.E2E_BASE_URL}/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>
    >;
    components: { schemas: Record<string, Schema> };
  };
  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? document.components.schemas[schema.$ref.split("/").pop() as string] : schema;
  let operations = 0;
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operations++;
      const queryNames = (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      const bodySchema = resolve(
        (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content?.[
          "application/json"
        ]?.schema,
      );
      const fields = Object.keys(bodySchema?.properties ?? {});
      const request = fc.record({
        // {key} stays the operator's key: a wrong key is refused before any parameter is read.
        segments: fc.array(fc.oneof(encoded, segment), { minLength: 8, maxLength: 8 }),
        query: fc.dictionary(fc.constantFrom(...queryNames, "Page", "Limite", "x"), encoded, { maxKeys: 3 }),
        body: fc.dictionary(fc.constantFrom(...fields, "x"), fc.oneof(value, anyCharacters), { maxKeys: 4 }),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ segments, query, body }) => {
          let i = 0;
          const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
            name === "key" ? op.key : (segments[i++] as string),
          );
          fc.pre(new URL(`http://x/v1${path}`).pathname.startsWith("/v1/"));
          const search = Object.entries(query)
            .map(([k, v]) => `${k}=${v}`)
            .join("&");
          const r = await api(method.toUpperCase(), search ? `${path}?${search}` : path, {
            key: op.key,
            body: operation.requestBody ? body : undefined,
          });
          expectErrorObject(r);
        }),
        { numRuns: 40 },
      );
    }
  }
  // The extensions are in the reference too: codes, guestbook, trees, personal data, contexts.
  expect(operations).toBeGreaterThanOrEqual(20);
});
