// The operators' command line through test/support/cli.ts (the program's own function, its
// output collected), against the real PostgreSQL of test/global-setup.ts (DATABASE_URL).
// Each success prints one JSON object on the last line of standard output; bad arguments print a
// message on standard error, exit non-zero and write nothing.

import { actingAs } from "@memorial/lib/audit/actor";
import { db, disconnect } from "@memorial/lib/db/client";
import { createOperator } from "@memorial/lib/operators/create-operator";
import { hashKey } from "@memorial/lib/operators/keys";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_FIXTURE } from "@/e2e/support/factories";
import { runCli, runCliIn } from "./support/cli";

const cli = runCli;
const cliIn = runCliIn;

/** A successful call: status 0 and one JSON object on the last line of standard output. */
async function ok(...args: string[]) {
  const run = await cli(...args);
  expect(run.stderr, `stderr of ${args.join(" ")}`).not.toMatch(/error|failed/i);
  expect(run.code, `exit status of ${args.join(" ")}`).toBe(0);
  expect(typeof run.json).toBe("object");
  expect(run.json).not.toBeNull();
  return run.json;
}

/** A refused call: non-zero status, a message on standard error, no JSON on standard output. */
async function refused(message: RegExp, ...args: string[]) {
  const run = await cli(...args);
  expect(run.code, `exit status of ${args.join(" ")}`).not.toBe(0);
  expect(run.stderr).toMatch(message);
  expect(run.json).toBeNull();
  return run;
}

let counter = 0;
const unique = (prefix: string) => `${prefix} cli-${process.pid}-${Date.now().toString(36)}-${++counter}`;

/** An operator the test makes for itself, before the command line acts on it. */
const fixtureOperator = (prefix: string) =>
  actingAs(TEST_FIXTURE, () => createOperator({ name: unique(prefix) }));

afterAll(async () => {
  await disconnect();
});

describe("operator create", () => {
  it("creates an operator with every option and prints its live and test keys", async () => {
    const name = unique("Operator");
    const out = await ok(
      "operator",
      "create",
      "--name",
      name,
      "--lang",
      "NL-be",
      "--prepaid",
      "5",
      "--countries",
      "be,FR",
      "--max-price",
      "30.5",
    );
    expect(Object.keys(out).sort()).toEqual(["key", "operatorId", "testKey"]);
    expect(out.key).toMatch(/^mt_live_/);
    expect(out.testKey).toMatch(/^mt_test_/);
    const operator = await db.operator.findUniqueOrThrow({ where: { id: out.operatorId } });
    expect(operator).toMatchObject({ name, language: "nl", prepaidTrees: 5, allowedCountries: ["BE", "FR"] });
    expect(Number(operator.maxUnitPrice)).toBe(30.5);
    const keys = await db.apiKey.findMany({ where: { operatorId: out.operatorId }, orderBy: { id: "asc" } });
    expect(keys.map((k) => [k.environment, k.hash, k.revokedAt])).toEqual([
      ["production", hashKey(out.key), null],
      ["test", hashKey(out.testKey), null],
    ]);
    // Keys are kept only as hashes.
    expect(JSON.stringify(keys)).not.toContain(out.key);
  });

  it("defaults to French, no prepaid tree, any country and no price limit", async () => {
    const out = await ok("operator", "create", "--name", unique("Plain"));
    const operator = await db.operator.findUniqueOrThrow({ where: { id: out.operatorId } });
    expect(operator).toMatchObject({
      language: "fr",
      prepaidTrees: 0,
      allowedCountries: [],
      maxUnitPrice: null,
    });
  });

  it("refuses a missing --name, a bad --lang, a bad country and a bad price, writing nothing", async () => {
    const name = unique("Refused");
    await Promise.all([
      refused(/--name is required/, "operator", "create", "--lang", "fr"),
      refused(/--lang must be one of fr, nl, en, de/, "operator", "create", "--name", name, "--lang", "xx"),
      refused(
        /--countries: "BEL" is not an ISO 3166/,
        "operator",
        "create",
        "--name",
        name,
        "--countries",
        "BEL",
      ),
      refused(/--max-price must be a number/, "operator", "create", "--name", name, "--max-price", "cheap"),
      refused(/--prepaid must be an integer/, "operator", "create", "--name", name, "--prepaid", "1.5"),
      refused(/unknown option --colour/, "operator", "create", "--name", name, "--colour", "red"),
    ]);
    expect(await db.operator.count({ where: { name } })).toBe(0);
  });
});

describe("context create", () => {
  /** The arguments of context create: the operator, kind and name, then any other option. */
  const contextCreate = (operator: string, kind: string, name: string, ...more: string[]) => [
    "context",
    "create",
    ...["--operator", operator, "--kind", kind, "--name", name],
    ...more,
  ];

  it("creates contexts with a parent and a language", async () => {
    const { operatorId } = await ok("operator", "create", "--name", unique("Contexts"));
    const group = await ok(...contextCreate(String(operatorId), "GroupeEpf", "G"));
    expect(Object.keys(group)).toEqual(["id"]);
    const home = await ok(
      ...contextCreate(
        String(operatorId),
        "Epf",
        "Funeral home",
        "--parent",
        String(group.id),
        "--lang",
        "en",
      ),
    );
    const rows = await db.context.findMany({ where: { operatorId }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.id, r.kind, r.name, r.parentId, r.language])).toEqual([
      [group.id, "GroupeEpf", "G", null, null],
      [home.id, "Epf", "Funeral home", group.id, "en"],
    ]);
  });

  it("refuses a bad kind, a non-integer or unknown operator, a bad language and a foreign or wrong parent", async () => {
    const { operatorId } = await ok("operator", "create", "--name", unique("Contexts"));
    const other = await ok("operator", "create", "--name", unique("Other"));
    const foreign = await ok(...contextCreate(String(other.operatorId), "GroupeEpf", "F"));
    const group = await ok(...contextCreate(String(operatorId), "GroupeEpf", "G"));
    const op = String(operatorId);
    await Promise.all([
      refused(/--kind must be one of GroupeEpf, Epf/, ...contextCreate(op, "Church", "X")),
      refused(/--operator must be an integer, got "abc"/, ...contextCreate("abc", "Epf", "X")),
      refused(/operator 99999999 does not exist/, ...contextCreate("99999999", "Epf", "X")),
      refused(/--lang must be one of/, ...contextCreate(op, "Epf", "X", "--lang", "es")),
      refused(/--name is required/, "context", "create", "--operator", op, "--kind", "Epf"),
      refused(
        /not a context of this operator/,
        ...contextCreate(op, "Epf", "X", "--parent", String(foreign.id)),
      ),
      refused(
        /the parent of a EpfAgence must be a Epf/,
        ...contextCreate(op, "EpfAgence", "X", "--parent", String(group.id)),
      ),
    ]);
    expect(await db.context.count({ where: { operatorId } })).toBe(1);
  });
});

describe("key create and key revoke", () => {
  it("creates live and test keys, and revokes a key", async () => {
    const { operatorId } = await ok("operator", "create", "--name", unique("Keys"));
    const live = await ok("key", "create", "--operator", String(operatorId));
    const test = await ok("key", "create", "--operator", String(operatorId), "--test");
    expect(Object.keys(live)).toEqual(["key"]);
    expect(live.key).toMatch(/^mt_live_/);
    expect(test.key).toMatch(/^mt_test_/);
    expect((await db.apiKey.findUniqueOrThrow({ where: { hash: hashKey(live.key) } })).environment).toBe(
      "production",
    );
    expect((await db.apiKey.findUniqueOrThrow({ where: { hash: hashKey(test.key) } })).environment).toBe(
      "test",
    );

    expect(await ok("key", "revoke", "--key", live.key)).toEqual({ revoked: true });
    expect(
      (await db.apiKey.findUniqueOrThrow({ where: { hash: hashKey(live.key) } })).revokedAt,
    ).not.toBeNull();
    expect((await db.apiKey.findUniqueOrThrow({ where: { hash: hashKey(test.key) } })).revokedAt).toBeNull();
  });

  it("refuses an unknown operator, a value given to --test and an unknown key", async () => {
    const { operatorId } = await ok("operator", "create", "--name", unique("Keys"));
    await Promise.all([
      refused(/operator 99999999 does not exist/, "key", "create", "--operator", "99999999"),
      refused(/--operator must be an integer/, "key", "create", "--operator", "1x"),
      refused(/--test takes no value/, "key", "create", "--operator", String(operatorId), "--test=yes"),
      refused(/no such key/, "key", "revoke", "--key", "mt_live_doesnotexist"),
      refused(/--key is required/, "key", "revoke"),
    ]);
    expect(await db.apiKey.count({ where: { operatorId } })).toBe(2);
  });
});

describe("plantation create and deactivate", () => {
  it("creates a site and deactivates it", async () => {
    const name = unique("Site");
    const site = await ok(
      ...["plantation", "create", "--name", name, "--country", "be", "--region", "Namur"],
      ...["--lat", "50.4669", "--lng", "-4.8675"],
    );
    expect(Object.keys(site)).toEqual(["id"]);
    const row = await db.plantation.findUniqueOrThrow({ where: { id: site.id } });
    expect(row).toMatchObject({ name, country: "BE", region: "Namur", active: true });
    expect([Number(row.latitude), Number(row.longitude)]).toEqual([50.4669, -4.8675]);

    expect(await ok("plantation", "deactivate", "--id", String(site.id))).toEqual({ active: false });
    expect((await db.plantation.findUniqueOrThrow({ where: { id: site.id } })).active).toBe(false);
  });

  it("names a site in Dutch, English and German, and removes a name with an empty value", async () => {
    const site = await ok(
      ...[
        "plantation",
        "create",
        "--name",
        unique("Site"),
        "--country",
        "BE",
        "--region",
        "Province de Liège",
      ],
      ...["--lat", "50.5", "--lng", "6", "--region-nl", "Provincie Luik"],
    );
    await ok(
      "plantation",
      "translate",
      "--id",
      String(site.id),
      "--region-de",
      "Provinz Lüttich",
      "--region-nl",
      "",
    );
    const row = await db.plantation.findUniqueOrThrow({ where: { id: site.id } });
    expect(row).toMatchObject({ region: "Province de Liège", regionNl: null, regionDe: "Provinz Lüttich" });
  });

  it("refuses a bad country, a latitude out of range, a missing flag and an unknown id", async () => {
    const name = unique("Site");
    const base = ["plantation", "create", "--name", name, "--region", "R", "--lat", "50", "--lng", "4"];
    await Promise.all([
      refused(/--country must be an ISO 3166 two-letter code, got "BEL"/, ...base, "--country", "BEL"),
      refused(/--country must be an ISO 3166 two-letter code/, ...base, "--country", "B1"),
      refused(/--country is required/, ...base),
      refused(/--lat must be a number between -90 and 90/, ...base, "--country", "BE", "--lat", "91"),
      refused(/plantation 99999999 does not exist/, "plantation", "deactivate", "--id", "99999999"),
      refused(/--id must be an integer/, "plantation", "deactivate", "--id", "one"),
    ]);
    expect(await db.plantation.count({ where: { name } })).toBe(0);
  });
});

describe("species create, stock add and prepaid add", () => {
  it("takes the names and types in nl, en and de, each optional (French is the fallback)", async () => {
    const name = unique("Chêne sessile");
    const species = await ok(
      ...["species", "create", "--name", name, "--latin", "Quercus petraea", "--type", "Feuillu"],
      ...["--height", "35", "--lifespan", "700", "--co2", "900", "--price", "20"],
      ...["--name-nl", "Wintereik", "--name-en", "Sessile oak", "--type-nl", "Loofboom"],
    );
    const row = await db.species.findUniqueOrThrow({ where: { id: species.id } });
    expect(row).toMatchObject({
      name,
      nameNl: "Wintereik",
      nameEn: "Sessile oak",
      nameDe: null,
      type: "Feuillu",
      typeNl: "Loofboom",
      typeEn: null,
      typeDe: null,
    });
  });

  it("creates a species, accumulates stock and adds prepaid trees", async () => {
    const name = unique("Species");
    const species = await ok(
      ...["species", "create", "--name", name, "--latin", "Quercus petraea", "--type", "Feuillu"],
      ...["--height", "35.5", "--lifespan", "700", "--co2", "900", "--price", "24.99"],
    );
    expect(Object.keys(species)).toEqual(["id"]);
    const row = await db.species.findUniqueOrThrow({ where: { id: species.id } });
    expect(row).toMatchObject({ name, latinName: "Quercus petraea", type: "Feuillu", lifespanYears: 700 });
    expect([Number(row.maxHeightM), Number(row.co2KgPerTree), Number(row.unitPrice)]).toEqual([
      35.5, 900, 24.99,
    ]);

    const site = await ok(
      ...["plantation", "create", "--name", unique("Site"), "--country", "FR", "--region", "Centre"],
      ...["--lat", "47.98", "--lng", "2.15"],
    );
    const add = ["stock", "add", "--plantation", String(site.id), "--species", String(species.id)];
    expect(await ok(...add, "--trees", "10")).toEqual({
      plantationId: site.id,
      speciesId: species.id,
      stock: 10,
    });
    expect(await ok(...add, "--trees", "5")).toEqual({
      plantationId: site.id,
      speciesId: species.id,
      stock: 15,
    });
    const stock = await db.stock.findUniqueOrThrow({
      where: { plantationId_speciesId: { plantationId: site.id, speciesId: species.id } },
    });
    expect(stock.stock).toBe(15);

    const { operatorId } = await ok("operator", "create", "--name", unique("Prepaid"), "--prepaid", "2");
    expect(await ok("prepaid", "add", "--operator", String(operatorId), "--trees", "3")).toEqual({
      operatorId,
      prepaid: 5,
    });
    expect((await db.operator.findUniqueOrThrow({ where: { id: operatorId } })).prepaidTrees).toBe(5);
  });

  it("refuses bad numbers, unknown ids and missing flags, writing nothing", async () => {
    const name = unique("Species");
    const { operatorId } = await ok("operator", "create", "--name", unique("Prepaid"));
    const site = await ok(
      ...["plantation", "create", "--name", unique("Site"), "--country", "FR", "--region", "R"],
      ...["--lat", "47", "--lng", "2"],
    );
    const speciesArgs = [
      "species",
      "create",
      "--name",
      name,
      "--latin",
      "L",
      "--type",
      "T",
      "--height",
      "10",
    ];
    await Promise.all([
      refused(
        /--lifespan must be an integer/,
        ...speciesArgs,
        "--lifespan",
        "old",
        "--co2",
        "1",
        "--price",
        "1",
      ),
      refused(/--price must be a number/, ...speciesArgs, "--lifespan", "10", "--co2", "1", "--price", "-3"),
      refused(/--co2 is required/, ...speciesArgs, "--lifespan", "10", "--price", "1"),
      refused(
        /species 99999999 does not exist/,
        "stock",
        "add",
        "--plantation",
        String(site.id),
        "--species",
        "99999999",
        "--trees",
        "1",
      ),
      refused(
        /plantation 99999999 does not exist/,
        "stock",
        "add",
        "--plantation",
        "99999999",
        "--species",
        "1",
        "--trees",
        "1",
      ),
      refused(
        /--trees must be at least 1/,
        "stock",
        "add",
        "--plantation",
        String(site.id),
        "--species",
        "1",
        "--trees",
        "0",
      ),
      refused(/operator 99999999 does not exist/, "prepaid", "add", "--operator", "99999999", "--trees", "1"),
      refused(
        /--trees must be an integer/,
        "prepaid",
        "add",
        "--operator",
        String(operatorId),
        "--trees",
        "many",
      ),
      refused(/unknown command "tree plant"/, "tree", "plant"),
    ]);
    expect(await db.species.count({ where: { name } })).toBe(0);
    expect(await db.stock.count({ where: { plantationId: site.id } })).toBe(0);
    expect((await db.operator.findUniqueOrThrow({ where: { id: operatorId } })).prepaidTrees).toBe(0);
  });
});

/** An endpoint's chosen event types (rows of webhook_endpoint_event), in the order it was given them. */
const CHOSEN = { events: { select: { eventType: true }, orderBy: { position: "asc" } } } as const;

describe("webhook create, list and delete", () => {
  it("registers an endpoint, prints its secret once, lists it without the secret and deletes it", async () => {
    const { operatorId } = await fixtureOperator("Webhooks");
    const created = await ok(
      "webhook",
      "create",
      "--operator",
      String(operatorId),
      "--url",
      "http://127.0.0.1:9/hook",
      "--events",
      "memorial.created,tree.planted",
      "--test",
    );
    expect(Object.keys(created).sort()).toEqual(["id", "secret"]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id }, include: CHOSEN });
    expect(row).toMatchObject({
      operatorId,
      url: "http://127.0.0.1:9/hook",
      events: [{ eventType: "memorial.created" }, { eventType: "tree.planted" }],
      isTest: true,
      disabledAt: null,
    });
    expect(row.secretEncrypted).not.toContain(created.secret.slice(6));

    const listed = await ok("webhook", "list", "--operator", String(operatorId));
    expect(listed.endpoints).toEqual([
      {
        id: created.id,
        operatorId,
        url: "http://127.0.0.1:9/hook",
        events: ["memorial.created", "tree.planted"],
        environment: "test",
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain("whsec_");

    expect(await ok("webhook", "delete", "--id", String(created.id))).toEqual({ deleted: true });
    expect((await ok("webhook", "list", "--operator", String(operatorId))).endpoints).toEqual([]);
    await refused(/webhook endpoint \d+ does not exist/, "webhook", "delete", "--id", String(created.id));
  });

  it("lets an endpoint choose the family's events", async () => {
    const { operatorId } = await fixtureOperator("Webhooks");
    const family = "memorial.hidden,memorial.shown,memorial.title_changed,message.hidden";
    const created = await ok(
      "webhook",
      "create",
      "--operator",
      String(operatorId),
      "--url",
      "http://127.0.0.1:9/family",
      "--events",
      family,
    );
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id }, include: CHOSEN });
    expect(row.events.map((chosen) => chosen.eventType)).toEqual(family.split(","));
  });

  it("lists an endpoint's events in the order it was given them, each once", async () => {
    const { operatorId } = await fixtureOperator("Webhooks");
    await ok(
      "webhook",
      "create",
      "--operator",
      String(operatorId),
      "--url",
      "http://127.0.0.1:9/order",
      "--events",
      "photo.published,tree.planted,memorial.created,tree.planted",
    );
    const listed = await ok("webhook", "list", "--operator", String(operatorId));
    expect(listed.endpoints.map((endpoint: { events: string[] }) => endpoint.events)).toEqual([
      ["photo.published", "tree.planted", "memorial.created"],
    ]);
  });

  it("refuses bad URLs and events, and private addresses in production, writing nothing", async () => {
    const { operatorId } = await fixtureOperator("Webhooks");
    const op = String(operatorId);
    const events = ["--events", "tree.planted"];
    await Promise.all([
      refused(
        /must start with http:\/\/ or https:\/\//,
        "webhook",
        "create",
        "--operator",
        op,
        "--url",
        "ftp://example.org/x",
        ...events,
      ),
      refused(
        /unknown event "tree.cut"/,
        "webhook",
        "create",
        "--operator",
        op,
        "--url",
        "http://127.0.0.1:9/",
        "--events",
        "tree.cut",
      ),
      refused(/--url is required/, "webhook", "create", "--operator", op, ...events),
      refused(
        /operator 99999999 does not exist/,
        "webhook",
        "create",
        "--operator",
        "99999999",
        "--url",
        "http://127.0.0.1:9/",
        ...events,
      ),
    ]);
    const production = await cliIn(
      { NODE_ENV: "production" },
      "webhook",
      "create",
      "--operator",
      op,
      "--url",
      "http://127.0.0.1:9/hook",
      ...events,
    );
    expect(production.code).toBe(1);
    expect(production.stderr).toMatch(
      /127\.0\.0\.1 is \(or resolves to\) 127\.0\.0\.1, a loopback, private or reserved address/,
    );
    expect(production.json).toBeNull();
    expect(await db.webhookEndpoint.count({ where: { operatorId } })).toBe(0);
  });

  it("refuses a URL the running service would refuse: production mode unless NODE_ENV is development or test", async () => {
    const { operatorId } = await fixtureOperator("Webhooks");
    const create = (env: Record<string, string | undefined>, url: string) =>
      cliIn(
        env,
        "webhook",
        "create",
        "--operator",
        String(operatorId),
        "--url",
        url,
        "--events",
        "tree.planted",
      );
    // An operator's shell: no NODE_ENV, no WEBHOOK_ALLOW_PRIVATE, as beside `npm start`.
    const shell = { NODE_ENV: undefined, WEBHOOK_ALLOW_PRIVATE: undefined };
    const [loopback, privateNet, metadata, forbidden] = await Promise.all([
      create(shell, "http://127.0.0.1:9/hook"),
      create(shell, "https://10.1.2.3/hook"),
      create({ ...shell, NODE_ENV: "staging" }, "http://169.254.169.254/latest/meta-data"),
      // WEBHOOK_ALLOW_PRIVATE=0 refuses them in every mode, as it does in the service.
      create({ NODE_ENV: "test", WEBHOOK_ALLOW_PRIVATE: "0" }, "http://[::1]:9/hook"),
    ]);
    for (const [run, address] of [
      [loopback, "127.0.0.1"],
      [privateNet, "10.1.2.3"],
      [metadata, "169.254.169.254"],
      [forbidden, "::1"],
    ] as const) {
      expect(run.code, address).toBe(1);
      expect(run.stderr, address).toContain(
        `webhook create: the webhook URL's host ${address} is (or resolves to) ${address}, a loopback, private or reserved address`,
      );
      expect(run.json, address).toBeNull();
      expect(run.stdout, address).not.toContain("whsec_");
    }
    expect(await db.webhookEndpoint.count({ where: { operatorId } })).toBe(0);

    // What the service accepts, the command line accepts: a public address, and private ones with
    // WEBHOOK_ALLOW_PRIVATE=1 or in development mode (`npm run dev`).
    const [publicUrl, allowed, development] = await Promise.all([
      create(shell, "https://93.184.215.14/hook"),
      create({ ...shell, WEBHOOK_ALLOW_PRIVATE: "1" }, "http://127.0.0.1:9/allowed"),
      create({ ...shell, NODE_ENV: "development" }, "http://192.168.1.20/dev"),
    ]);
    for (const run of [publicUrl, allowed, development]) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.json.secret).toMatch(/^whsec_/);
    }
    const urls = await db.webhookEndpoint.findMany({ where: { operatorId }, select: { url: true } });
    expect(urls.map((row) => row.url).sort()).toEqual([
      "http://127.0.0.1:9/allowed",
      "http://192.168.1.20/dev",
      "https://93.184.215.14/hook",
    ]);
  });
});

describe("operator unconfirmed", () => {
  it("shows and sets where the tree of a memorial never confirmed goes; refuses another value", async () => {
    const op = await fixtureOperator("Unconfirmed");
    expect(await ok("operator", "unconfirmed", "--operator", String(op.operatorId))).toEqual({
      operatorId: op.operatorId,
      unconfirmedOutcome: "credit",
    });
    expect(
      await ok("operator", "unconfirmed", "--operator", String(op.operatorId), "--outcome", "global"),
    ).toEqual({ operatorId: op.operatorId, unconfirmedOutcome: "global" });
    expect((await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } })).unconfirmedOutcome).toBe(
      "global",
    );
    await refused(
      /credit or global/,
      "operator",
      "unconfirmed",
      "--operator",
      String(op.operatorId),
      "--outcome",
      "keep",
    );
    await refused(/does not exist/, "operator", "unconfirmed", "--operator", "999999999");
  });
});
