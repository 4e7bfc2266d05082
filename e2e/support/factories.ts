// Per-test data, made through the same domain operations as the command line. The audit log names
// the tests as their author (a write with no actor is logged as a defect of its way in).
import { randomBytes } from "node:crypto";
import { actingAs } from "@memorial/lib/audit/actor";
import { createPlantation, createSpecies } from "@memorial/lib/catalogue/manage";
import type { SpeciesTranslations } from "@memorial/lib/catalogue/translations";
import { db, transaction } from "@memorial/lib/db/client";
import type { ContextKind } from "@memorial/lib/db/generated/enums";
import { sendManageLink } from "@memorial/lib/memorials/send-manage-link";
import { createContext } from "@memorial/lib/operators/contexts";
import { type CreateOperatorInput, createOperator } from "@memorial/lib/operators/create-operator";
import { addStock } from "@memorial/lib/plantings/add-stock";
import { type Actor, serviceAdminScope } from "@memorial/lib/scope";
import { lowerHashCostForTests } from "@memorial/lib/users/passwords";
import { contract } from "./openapi";

// The users the tests make hash their passwords at a thirty-second of the production cost (2^10
// instead of 2^15): some two hundred users, each hashed here and checked again by the service at
// sign-in, cost a core 0.14 s twice at the production cost. The users the service itself makes
// (invitations, resets) are hashed at the production cost: e2e/browser/dashboard-team.spec.ts
// checks it in the hash the service stores.
lowerHashCostForTests(2 ** 10);

export const baseUrl = () => process.env.E2E_BASE_URL!;
export const mailDir = () => process.env.E2E_MAIL_DIR!;

let counter = 0;
export function unique(prefix: string): string {
  return `${prefix} ${process.pid}-${Date.now().toString(36)}-${++counter}`;
}

/** An e-mail address no other test uses (its words from `prefix`), in lower case as the service keeps it. */
export const uniqueEmail = (prefix: string) =>
  `${unique(prefix).replace(/\W+/g, "-")}@example.org`.toLowerCase();

/**
 * A word no other test's memorial carries, to search names by: consonants only, so that it holds
 * no name or word the tests search for ("zoe", "emile": each has a vowel), whatever letters it draws.
 */
export function searchWord(): string {
  const consonants = "bcdfghjklmnpqrstvwxz";
  return `Q${Array.from(randomBytes(10), (b) => consonants[b % consonants.length]).join("")}`;
}

/** The region of every site the tests isolate their operators in (and of no other site). */
const TEST_REGION = "Test region";

/** The codes a test site may take: every two letters but the service's countries and the placeholder. */
const TEST_COUNTRIES = Array.from({ length: 26 * 26 }, (_, n) => {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return letters[Math.floor(n / 26)] + letters[n % 26];
}).filter((code) => !["BE", "FR", "NL", "DE", "ZZ"].includes(code));

/** The advisory lock under which test processes (vitest's and Playwright's workers) take codes. */
const TEST_COUNTRY_LOCK = 4_242_001;

/**
 * Gives the site a two-letter code no other active site has, so that its operator, allowed only
 * there, plants from its stock alone. The codes are few and the tests' database keeps every
 * earlier test's sites: when none is free, the code of the oldest test site is taken back (its
 * test long over, the site made inactive). Under an advisory lock: two test processes never take
 * the same free code at once.
 */
async function isolateSite(siteId: number): Promise<string> {
  return transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${TEST_COUNTRY_LOCK})`;
    const used = await tx.$queryRaw<{ country: string; oldest: number; tests_only: boolean }[]>`
      SELECT "country", min("id")::int AS "oldest", bool_and("region" = ${TEST_REGION}) AS "tests_only"
      FROM "plantation" WHERE "active" AND "id" <> ${siteId} GROUP BY "country"`;
    const taken = new Set(used.map((row) => row.country));
    const free = TEST_COUNTRIES.filter((code) => !taken.has(code));
    let code = free[Math.floor(Math.random() * free.length)];
    if (!code) {
      const oldest = used
        .filter((row) => row.tests_only && TEST_COUNTRIES.includes(row.country))
        .sort((a, b) => a.oldest - b.oldest)[0];
      if (!oldest) throw new Error("no two-letter code left for a test site");
      code = oldest.country;
      await tx.$executeRaw`UPDATE "plantation" SET "active" = false
        WHERE "country" = ${code} AND "region" = ${TEST_REGION} AND "id" <> ${siteId}`;
    }
    await tx.$executeRaw`UPDATE "plantation" SET "country" = ${code} WHERE "id" = ${siteId}`;
    return code;
  });
}

/**
 * What an isolated operator is made with: its stock, its species' price, CO2 and names (given at
 * the species' creation, as the service's caches must see them from the start), and the operator's
 * own settings.
 */
type IsolatedOperatorOptions = {
  stock?: number;
  price?: number;
  co2?: number;
  species?: Partial<SpeciesTranslations>;
} & Partial<CreateOperatorInput>;

/**
 * A site of its own (one species, `stock` trees) and an operator allowed to plant only there, so
 * that stock and availability are exactly what the test sets, whatever other tests do.
 */
export function makeIsolatedOperator(options: IsolatedOperatorOptions = {}) {
  return actingAs(TEST_FIXTURE, () => isolatedOperator(options));
}

/** Who writes the tests' own data, in the audit log. */
export const TEST_FIXTURE = { kind: "system", name: "test fixture" } as const;

/**
 * The use case, called as the way in of its scope calls it: its scope's actor (the key, the
 * signed-in user, the command line) acts, and the audit log names them.
 */
export function asScopeActor<S extends { actor: Actor }, A extends unknown[], R>(
  useCase: (scope: S, ...rest: A) => R,
): (scope: S, ...rest: A) => R {
  return (scope, ...rest) => actingAs(scope.actor, () => useCase(scope, ...rest));
}

/** A new management link e-mailed to the family, as the operator's dashboard button sends it. */
export function sendManageLinkAsOperator(operatorId: number, memorialId: number) {
  const scope = serviceAdminScope(operatorId);
  return actingAs(scope.actor, () => sendManageLink({ scope, memorialId, linkBase: baseUrl() }));
}

/** `work` as the job runner runs the job `name`: the job acts (lib/jobs/tasks.ts). */
export const asJob = <T>(name: string, work: () => T) =>
  actingAs({ kind: "system", name: `job ${name}` }, work);

/** Who acts when a test does what one of the command line's commands does. */
export const COMMAND_LINE = { kind: "cli", account: "test" } as const;

/** `count` more trees of the species at the site, as the command line's `stock add` adds them. */
export function addStockAsCommandLine(plantationId: number, speciesId: number, count: number) {
  return actingAs(COMMAND_LINE, () => addStock(plantationId, speciesId, count));
}

async function isolatedOperator(options: IsolatedOperatorOptions = {}) {
  const { stock = 1000, price = 20, co2 = 100, species: names, ...operatorInput } = options;
  const site = await createPlantation({
    name: unique("Site"),
    country: "ZZ",
    region: TEST_REGION,
    latitude: 50.5,
    longitude: 4.5,
  });
  const country = await isolateSite(site.id);
  const species = await createSpecies({
    name: unique("Species"),
    latinName: "Quercus robur",
    type: "Feuillu",
    maxHeightM: 40,
    lifespanYears: 800,
    co2KgPerTree: co2,
    unitPrice: price,
    ...names,
  });
  await addStock(site.id, species.id, stock);
  const operator = await createOperator({
    name: unique("Operator"),
    language: "fr",
    ...operatorInput,
    allowedCountries: [country],
  });
  return { ...operator, plantationId: site.id, speciesId: species.id, country };
}

export async function makeContext(
  operatorId: number,
  kind: ContextKind,
  parentId?: number,
  language?: string,
) {
  return actingAs(TEST_FIXTURE, () =>
    createContext({ operatorId, kind, name: unique(kind), parentId, language }),
  );
}

export async function api(
  method: string,
  path: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${baseUrl()}/v1${path}`, {
    method,
    headers: {
      ...(options.key ? { key: options.key } : {}),
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...options.headers,
    },
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === "string"
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  // Every /v1 answer of every test is held against the served reference (e2e/api/contract.spec.ts).
  const problems = (await contract()).check(
    method,
    `/v1${path}`,
    response.status,
    json,
    response.headers.get("content-type"),
  );
  if (problems.length) {
    throw new Error(`${method} /v1${path} answered outside /openapi.json:\n${problems.join("\n")}`);
  }
  return { status: response.status, headers: response.headers, json, text };
}

/**
 * A form posted to the service as a browser posts it from `origin` (this site unless told
 * otherwise), its redirect not followed.
 */
export function postForm(url: string, fields: Record<string, string> = {}, origin = baseUrl()) {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

export { db };
