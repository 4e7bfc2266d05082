// The audit log is written by every write path. The ways in are LISTED
// from their own tables, so that a way added without a scenario here fails this file:
// - every non-GET method of the API's route table (lib/v1/routes.ts);
// - every export of the dashboard's server actions (web/dashboard/*actions.ts);
// - every route handler of app/ exporting POST, PUT, PATCH or DELETE;
// - every command of the command line (cli/commands/*.ts).
// Each is either performed here, through HTTP to the running service (or the command line beside
// it), and must leave a new audit_log row with the expected action, who acted (never the
// "unattributed" system actor of a way in that forgot to say it), target and memorial; or it is an
// exception below, with the reason it writes nothing a person owns. The jobs that act for someone
// are test/audit-jobs.test.ts's (the clock moved in the database).
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { actingAs } from "@memorial/lib/audit/actor";
import { EMPTY_PLANT_FORM } from "@memorial/lib/dashboard/plant-form";
import { transaction } from "@memorial/lib/db/client";
import { postGuestbookEntry } from "@memorial/lib/guestbook/post-entry";
import { sharePhoto } from "@memorial/lib/memorial-photos/share-photo";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { reminderToken } from "@memorial/lib/reminders/tokens";
import { createUser } from "@memorial/lib/users/create-user";
import { V1_ROUTES } from "@memorial/lib/v1/routes";
import { setVisitorSetting } from "@memorial/lib/visitors/settings";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import sharp from "sharp";
import { COMMANDS } from "../../cli/command-line";
import { runCommandLineInProcess } from "../support/command-line";
import { signInRequest } from "../support/dashboard-session";
import { api, baseUrl, db, mailDir, makeIsolatedOperator, unique, uniqueEmail } from "../support/factories";
import { subscribeToAnniversaries } from "../support/reminders";
import { mailText, waitForMail } from "../support/smtp";

// One worker, in order: the scenarios share one operator and its signed-in admin.
test.describe.configure({ mode: "serial", timeout: 300_000 });

// ---------------------------------------------------------------------------------------------
// The ways in, from their tables.

const v1Ways = () =>
  V1_ROUTES.flatMap((route) =>
    Object.keys(route.methods)
      .filter((method) => method !== "GET")
      .map((method) => `${method} /v1/${route.path}`),
  ).sort();

const ACTION_FILES = readdirSync("web/dashboard")
  .filter((name) => name.endsWith("actions.ts"))
  .map((name) => `web/dashboard/${name}`);

const actionWays = () =>
  ACTION_FILES.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/^export (?:const|async function|function) (\w+)/gm)].map(
      (m) => m[1]!,
    ),
  ).sort();

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

/** "POST /manage/[token]": each writing method of each route handler (groups "(x)" left out). */
const routeWays = () =>
  routeFiles("app")
    // The v1 API's route files are its table's (v1Ways; lib/v1/route-files.test.ts holds the two
    // together): each exports every method, those its path lacks answering 405.
    .filter((file) => !file.startsWith(`app${path.sep}v1${path.sep}`))
    .flatMap((file) => {
      const source = readFileSync(file, "utf8");
      const exported = new Set<string>();
      for (const m of source.matchAll(
        /^export (?:async function|function|const) (POST|PUT|PATCH|DELETE)\b/gm,
      ))
        exported.add(m[1]!);
      // export const { GET, POST } = ...; export { handler as GET, handler as POST };
      for (const m of source.matchAll(/^export (?:const )?\{([^}]*)\}/gm))
        for (const name of m[1]!.split(",").map(
          (n) =>
            n
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
        ))
          if (["POST", "PUT", "PATCH", "DELETE"].includes(name)) exported.add(name);
      const url = `/${path
        .dirname(path.relative("app", file))
        .split(path.sep)
        .filter((part) => !/^\(.*\)$/.test(part))
        .join("/")}`;
      return [...exported].map((method) => `${method} ${url}`);
    })
    .sort();

const cliWays = () => Object.keys(COMMANDS).sort();

/** The actions of the family's management page: its route's table, the guestbook's and the ceremony's. */
const manageActions = () => {
  const route = readFileSync("app/manage/[token]/route.ts", "utf8");
  const guestbook = readFileSync("web/public-pages/manage-guestbook.ts", "utf8");
  const ceremony = readFileSync("web/public-pages/manage-ceremony.ts", "utf8");
  const table = (source: string, name: string) =>
    [...new RegExp(`${name} = \\[([^\\]]*)\\]`).exec(source)![1]!.matchAll(/"([a-z-]+)"/g)].map((m) => m[1]!);
  return [
    ...table(route, "ACTIONS"),
    ...table(guestbook, "GUESTBOOK_MANAGE_ACTIONS"),
    ...table(ceremony, "CEREMONY_MANAGE_ACTIONS"),
  ].sort();
};

/** The ways in that write nothing a person owns, each with why. */
const EXCEPTIONS: Record<string, string> = {
  setLanguageAction: "a preference of the browser (a cookie), no row",
  requestPasswordResetAction:
    "signed out, it writes a secret link and its e-mail (machine bookkeeping); the change is the link's use, POST /dashboard/reset/[token], which writes user.password_reset",
  "POST /api/auth/[...nextauth]":
    "sign-in and sign-out: dashboard sessions and rate-limit counts (bookkeeping)",
  findSubjectAction: "finds where a person's address is held: a read",
  "privacy find": "finds where a person's address is held: a read",
  "tree show": "reads a tree's life",
  "webhook list": "reads the endpoints",
  "visitors show": "reads the settings",
  "codes list": "reads the codes",
  "jobs list": "reads the schedules",
  "jobs run":
    'runs a scheduled job now: its writes are the job\'s (system "job <name>"), as on its schedule; test/audit-jobs.test.ts checks the jobs that change what people own',
};

// ---------------------------------------------------------------------------------------------
// What a scenario expects, and how it is checked.

type ActorKind = "user" | "key" | "family" | "visitor" | "cli" | "system";

interface Expected {
  action: string;
  actor: ActorKind;
  /** The actor's id when it has one (user, key, family: its memorial). */
  actorId?: number;
  targetType: string;
  targetId?: string | number;
  memorialId?: number | null;
  operatorId?: number | null;
}

async function lastAuditId(): Promise<bigint> {
  return (await db.auditLog.aggregate({ _max: { id: true } }))._max.id ?? 0n;
}

/** The new rows since `since` that match `expected`; fails with what was written instead. */
async function expectRow(way: string, since: bigint, expected: Expected) {
  const rows = await db.auditLog.findMany({
    where: {
      id: { gt: since },
      action: expected.action,
      targetType: expected.targetType,
      ...(expected.targetId === undefined ? {} : { targetId: String(expected.targetId) }),
      ...(expected.memorialId === undefined ? {} : { memorialId: expected.memorialId }),
      ...(expected.operatorId === undefined ? {} : { operatorId: expected.operatorId }),
    },
  });
  if (rows.length === 0) {
    const written = await db.auditLog.findMany({
      where: { id: { gt: since } },
      select: { action: true, actorKind: true, targetType: true, targetId: true, memorialId: true },
    });
    throw new Error(
      `${way}: no new audit row ${JSON.stringify(expected)}; written: ${JSON.stringify(written)}`,
    );
  }
  for (const row of rows) {
    expect(row.actorLabel === "unattributed" && row.actorKind === "system", `${way}: attributed`).toBe(false);
    expect(row.actorKind, `${way}: who acted`).toBe(expected.actor);
    if (expected.actorId !== undefined) expect(row.actorId, `${way}: the actor's id`).toBe(expected.actorId);
    // Through HTTP the client's address is kept hashed; the command line has none.
    if (expected.actor === "cli") expect(row.clientHash, `${way}: no client`).toBeNull();
    else expect(row.clientHash, `${way}: the client's hashed address`).toMatch(/^[0-9a-f]{64}$/);
  }
  return rows[0]!;
}

/** Runs each scenario of `ways`, in order; the first failure names its way. */
async function runAll(ways: string[], scenarios: Record<string, () => Promise<Expected | Expected[]>>) {
  for (const way of ways) {
    if (EXCEPTIONS[way]) continue;
    const scenario = scenarios[way];
    expect(scenario, `${way}: a scenario or an exception`).toBeDefined();
    const since = await lastAuditId();
    const expected = await scenario!();
    for (const one of Array.isArray(expected) ? expected : [expected]) await expectRow(way, since, one);
  }
}

// ---------------------------------------------------------------------------------------------
// Shared fixtures: one operator (stock, visitors may plant and pay), its signed-in admin, a staff
// member, memorials made through the API.

const today = () => new Date().toISOString().slice(0, 10);
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
/** A ceremony's fields as its forms send them (the dashboard's and the management page's). */
const ceremonyForm = () => ({
  start: `${new Date().getUTCFullYear() + 1}-06-15T14:30`,
  timeZone: "Europe/Brussels",
  placeName: "Église Saint-Martin",
  placeAddress: "Place Saint-Martin 1, 1000 Bruxelles",
  mapUrl: "",
  livestreamUrl: "",
  note: "",
});
const email = (prefix: string) => uniqueEmail(prefix);

type Operator = Awaited<ReturnType<typeof makeIsolatedOperator>>;
let op: Operator;
let cookie: string;
let adminId: number;
let keyId: number;

/** Fixtures are written by the test itself: the audit log names it. */
const fixture = <T>(work: () => Promise<T>) =>
  actingAs({ kind: "system", name: "audit-coverage fixture" }, work);

async function creer(body: Record<string, unknown> = {}, name = "Audit") {
  const r = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: name, Prenom: "Anne", DateDeces: "2026-10-01T12:00:00" }, ...body },
  });
  expect(r.status, r.text).toBe(200);
  return { memorialId: r.json.IdMemorial as number, personId: r.json.IdDefunt as number };
}

const treeOf = async (memorialId: number) =>
  (await db.tree.findFirstOrThrow({ where: { memorialId }, orderBy: { id: "desc" } })).id;

/** A visitor's message in a memorial's guestbook, posted by the fixture: its id. */
async function guestbookEntry(memorialId: number) {
  const posted = await fixture(() =>
    postGuestbookEntry({
      memorialId,
      name: "Paul",
      message: "Our thoughts.",
      honeypot: "",
      client: "fixture",
    }),
  );
  if (!posted.ok) throw new Error(`guestbook fixture: ${posted.reason}`);
  return posted.entryId;
}

/** The token of a memorial's management link, as its family's e-mail carries it. */
const manageToken = (memorialId: number) =>
  fixture(() => transaction(async (tx) => (await issueManageToken(tx, memorialId)).token));

/** Two memorials of one name, and the pair of possible duplicates the service found in them. */
async function duplicatePair(prefix: string) {
  const name = unique(prefix).replace(/\W+/g, "");
  const first = await creer({}, name);
  const second = await creer({}, name);
  const pair = await db.memorialDuplicate.findFirstOrThrow({
    where: { firstMemorialId: first.memorialId, secondMemorialId: second.memorialId },
  });
  return { first, second, pair };
}

/** A server action, posted as the dashboard's pages post it (its id from the build's manifest). */
function actionId(name: string): string {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(
    ([, entry]) => ACTION_FILES.includes(entry.filename ?? "") && entry.exportedName === name,
  );
  if (!found) throw new Error(`no server action ${name} in the build`);
  return found[0];
}

async function callAction(name: string, args: unknown[], pagePath = "/dashboard") {
  const response = await fetch(`${baseUrl()}${pagePath}`, {
    method: "POST",
    headers: {
      "next-action": actionId(name),
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: baseUrl(),
      cookie,
    },
    body: JSON.stringify(args),
  });
  const text = await response.text();
  expect(response.status, `${name}: ${text.slice(0, 300)}`).toBe(200);
  expect(text, name).toContain('"ok":true');
  return text;
}

/** A plain-form server action (works without JavaScript): a multipart post, answered by a redirect. */
async function formAction(name: string, fields: Record<string, string>, pagePath: string) {
  const form = new FormData();
  form.set(`$ACTION_ID_${actionId(name)}`, "");
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const response = await fetch(`${baseUrl()}${pagePath}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl(), cookie },
    body: form,
  });
  expect([303, 307], name).toContain(response.status);
  return response.headers.get("location") ?? "";
}

/** A small photo, as a visitor shares one. */
const aPhoto = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#335577" } })
    .png()
    .toBuffer();

/** A form of a public page or a family's link, from this site. */
function postForm(pathname: string, fields: Record<string, string> = {}) {
  return fetch(`${baseUrl()}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A dashboard JSON or multipart route, with the admin's session. */
function dashboardRoute(method: string, pathname: string, body: BodyInit, type?: string) {
  return fetch(`${baseUrl()}${pathname}`, {
    method,
    headers: { origin: baseUrl(), cookie, ...(type ? { "content-type": type } : {}) },
    body,
  });
}

/**
 * The command line's own function, called in this process: what is checked is the audit row each
 * command writes, and a Node.js start per command cost this test over a minute. The compiled
 * program itself is run by e2e/api/jobs-run.spec.ts.
 */
const cli = (...args: string[]) => runCommandLineInProcess(args);

/** Runs `command` (its words) with `options` as its flags and their values, in their order. */
const runWith = (command: string, options: Record<string, unknown>) =>
  run(
    ...command.split(" "),
    ...Object.entries(options).flatMap(([flag, value]) => [`--${flag}`, String(value)]),
  );

/** Runs a command; its answer (the last line of standard output, JSON). */
async function run(...args: string[]) {
  const done = await cli(...args);
  expect(done.code, `${args.join(" ")}: ${done.stderr}`).toBe(0);
  return done.json as Record<string, unknown>;
}

const linkIn = async (to: string, pattern: RegExp) => {
  const found = pattern.exec(mailText(await waitForMail(mailDir(), to)));
  if (!found) throw new Error(`no link ${pattern} in the e-mail to ${to}`);
  return found[1]!;
};

/** Signs a new admin of the operator in: the session cookie and the user's id. */
async function signIn() {
  const context = await playwrightRequest.newContext();
  await fixture(() => signInRequest(context, op.operatorId));
  const { cookies } = await context.storageState();
  cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  await context.dispose();
  adminId = (
    await db.operatorUser.findFirstOrThrow({ where: { operatorId: op.operatorId }, orderBy: { id: "desc" } })
  ).id;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  op = await fixture(() => makeIsolatedOperator({ stock: 200, language: "en" }));
  await fixture(() =>
    setVisitorSetting(op.operatorId, null, { enabled: true, payments: ["card"], price: "12.50" }),
  );
  await signIn();
  keyId = (
    await db.apiKey.findFirstOrThrow({ where: { operatorId: op.operatorId, environment: "production" } })
  ).id;
});

// ---------------------------------------------------------------------------------------------

test("every way in of the tables has a scenario or a stated exception, and no scenario is stale", () => {
  const listed = [...v1Ways(), ...actionWays(), ...routeWays(), ...cliWays()];
  const covered = new Set([
    ...Object.keys(V1_SCENARIOS),
    ...Object.keys(ACTION_SCENARIOS),
    ...Object.keys(ROUTE_SCENARIOS),
    ...Object.keys(CLI_SCENARIOS),
  ]);
  const missing = listed.filter((way) => !covered.has(way) && !EXCEPTIONS[way]);
  expect(missing, "ways in without a scenario").toEqual([]);
  const stale = [...covered, ...Object.keys(EXCEPTIONS)].filter((way) => !listed.includes(way));
  expect(stale, "scenarios of ways that no longer exist").toEqual([]);
  // The tables are really read (a broken reader would list nothing and pass).
  expect(v1Ways()).toContain("POST /v1/Memorials/Creer");
  expect(actionWays()).toContain("moveTreesAction");
  expect(routeWays()).toContain("POST /manage/[token]");
  expect(cliWays()).toContain("tree move");
});

// --- /v1 (an API key acts) -----------------------------------------------------------------

/** A row written for the API key the scenarios use. */
const keyRow = (action: string, targetType: string, extra: Partial<Expected> = {}): Expected => ({
  action,
  actor: "key",
  actorId: keyId,
  targetType,
  ...extra,
});

const V1_SCENARIOS: Record<string, () => Promise<Expected | Expected[]>> = {
  "POST /v1/Memorials/Creer": async () => {
    const { memorialId } = await creer();
    return keyRow("memorial.created", "memorial", { memorialId });
  },
  "PUT /v1/Personne/Modifier": async () => {
    const { memorialId, personId } = await creer();
    const r = await api("PUT", "/Personne/Modifier", { key: op.key, body: { Id: personId, Nom: "Peeters" } });
    expect(r.status, r.text).toBe(200);
    return keyRow("person.modified", "person", { targetId: personId, memorialId });
  },
  "POST /v1/Codes/Creer": async () => {
    const { memorialId } = await creer();
    const r = await api("POST", "/Codes/Creer", {
      key: op.key,
      body: { MemorialId: memorialId, Nombre: 1, DateExpiration: inAMonth() },
    });
    expect(r.status, r.text).toBe(200);
    return keyRow("code.issued", "code", { memorialId });
  },
  "POST /v1/Codes/Utiliser": async () => {
    const { memorialId } = await creer();
    const issued = await api("POST", "/Codes/Creer", {
      key: op.key,
      body: { MemorialId: memorialId, Nombre: 1, DateExpiration: inAMonth() },
    });
    const r = await api("POST", "/Codes/Utiliser", {
      key: op.key,
      body: {
        Code: issued.json.Codes[0].Code,
        MemorialId: memorialId,
        Planteur: "Anne Visitor",
        MessagePlanteur: "From the choir.",
        Email: "anne@example.org",
        Langue: "en",
      },
    });
    expect(r.status, r.text).toBe(200);
    return [
      keyRow("code.redeemed", "code", { memorialId }),
      { action: "tree.planted", actor: "key", targetType: "tree", targetId: r.json.ArbreId, memorialId },
    ];
  },
  "POST /v1/DonneesPersonnelles/Effacer": async () => {
    const to = email("subject");
    await creer({ Famille: { FamilleEmail: to } });
    const r = await api("POST", "/DonneesPersonnelles/Effacer", { key: op.key, body: { Email: to } });
    expect(r.status, r.text).toBe(200);
    return keyRow("subject.erased", "subject", { operatorId: op.operatorId });
  },
  "POST /v1/Arbres/Deplacer": async () => {
    const from = await creer();
    const to = await creer();
    const treeId = await treeOf(from.memorialId);
    const r = await api("POST", "/Arbres/Deplacer", {
      key: op.key,
      body: { MemorialId: from.memorialId, MemorialIdCible: to.memorialId, ArbreIds: [treeId] },
    });
    expect(r.status, r.text).toBe(200);
    return keyRow("tree.moved", "tree", { targetId: treeId, memorialId: from.memorialId });
  },
  "PUT /v1/Memorial/[memorialId]/Ceremonie": async () => {
    const { memorialId } = await creer();
    const r = await api("PUT", `/Memorial/${memorialId}/Ceremonie`, { key: op.key, body: CEREMONY });
    expect(r.status, r.text).toBe(201);
    return keyRow("ceremony.scheduled", "memorial", { memorialId });
  },
  "POST /v1/Memorial/[memorialId]/Ceremonie/Annuler": async () => {
    const { memorialId } = await creer();
    await api("PUT", `/Memorial/${memorialId}/Ceremonie`, { key: op.key, body: CEREMONY });
    const r = await api("POST", `/Memorial/${memorialId}/Ceremonie/Annuler`, { key: op.key });
    expect(r.status, r.text).toBe(200);
    return keyRow("ceremony.cancelled", "memorial", { memorialId });
  },
};

/** A ceremony a month ahead, as PUT /v1/Memorial/{id}/Ceremonie takes it. */
const CEREMONY = {
  Debut: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 16),
  Lieu: { Nom: "Église Saint-Martin", Adresse: "Place Saint-Martin 1, 1000 Bruxelles" },
};

test("every write of the API writes its audit row, naming the key", async () => {
  await runAll(v1Ways(), V1_SCENARIOS);
});

// --- the dashboard's server actions (the signed-in user acts) ---------------------------------

const state: Record<string, number> = {};
const user = (action: string, targetType: string, extra: Partial<Expected> = {}): Expected => ({
  action,
  actor: "user",
  actorId: adminId,
  targetType,
  operatorId: op.operatorId,
  ...extra,
});

const ACTION_SCENARIOS: Record<string, () => Promise<Expected | Expected[]>> = {
  createKeyAction: async () => {
    const name = unique("audit key");
    await callAction("createKeyAction", ["production", name]);
    state.key = (await db.apiKey.findFirstOrThrow({ where: { operatorId: op.operatorId, name } })).id;
    return user("key.created", "key", { targetId: state.key });
  },
  revokeKeyAction: async () => {
    const key = await db.apiKey.findFirstOrThrow({
      where: { operatorId: op.operatorId, environment: "test", revokedAt: null },
    });
    await callAction("revokeKeyAction", [key.id]);
    return user("key.revoked", "key", { targetId: key.id });
  },
  plantAction: async () => {
    await callAction("plantAction", [
      { ...EMPTY_PLANT_FORM, lastName: unique("Dashboard"), firstName: "Anne", deathDate: "2026-10-01" },
    ]);
    return user("memorial.created", "memorial");
  },
  modifyPersonAction: async () => {
    const { memorialId, personId } = await creer();
    await callAction("modifyPersonAction", [
      {
        personId,
        externalId: "",
        lastName: "Dupond",
        firstName: "Anne",
        civility: "",
        deathDate: "2026-10-01",
        placeOfDeath: "",
        birthDate: "",
        imageUrl: "",
        updateTitles: false,
      },
    ]);
    return user("person.modified", "person", { targetId: personId, memorialId });
  },
  resendConfirmationAction: async () => {
    const { memorialId } = await creer({ AConfirmer: true, Famille: { FamilleEmail: email("resend") } });
    await callAction("resendConfirmationAction", [memorialId]);
    return user("memorial.confirmation_resent", "memorial", { targetId: memorialId, memorialId });
  },
  setUnconfirmedOutcomeAction: async () => {
    await callAction("setUnconfirmedOutcomeAction", ["global"]);
    return user("operator.settings_changed", "operator", { targetId: op.operatorId });
  },
  createWebhookAction: async () => {
    await callAction("createWebhookAction", [
      { url: "http://127.0.0.1:9/audit-hook", events: ["memorial.created"], test: false },
    ]);
    state.webhook = (
      await db.webhookEndpoint.findFirstOrThrow({
        where: { operatorId: op.operatorId },
        orderBy: { id: "desc" },
      })
    ).id;
    return user("webhook.created", "webhook", { targetId: state.webhook });
  },
  resendWebhookDeliveryAction: async () => {
    const event = await db.domainEvent.findFirstOrThrow({ where: { operatorId: op.operatorId } });
    const delivery = await db.webhookDelivery.create({
      data: {
        endpointId: state.webhook!,
        eventId: event.id,
        messageId: `msg_${unique("audit").replace(/\W+/g, "")}`.slice(0, 40),
        eventType: "memorial.created",
        payload: {},
        status: "failed",
      },
    });
    await callAction("resendWebhookDeliveryAction", [delivery.id]);
    return user("webhook.redelivered", "webhook", { targetId: state.webhook });
  },
  deleteWebhookAction: async () => {
    await callAction("deleteWebhookAction", [state.webhook!]);
    return user("webhook.deleted", "webhook", { targetId: state.webhook });
  },
  inviteUserAction: async () => {
    const invited = email("invited");
    await callAction("inviteUserAction", [{ email: invited, role: "staff" }]);
    const invitation = await db.operatorInvitation.findFirstOrThrow({ where: { email: invited } });
    state.invitation = invitation.id;
    return user("user.invited", "invitation", { targetId: invitation.id });
  },
  revokeInvitationAction: async () => {
    await callAction("revokeInvitationAction", [state.invitation!]);
    return user("invitation.revoked", "invitation", { targetId: state.invitation });
  },
  changeRoleAction: async () => {
    const staff = await fixture(() =>
      createUser({
        operatorId: op.operatorId,
        email: email("staff"),
        password: "correct horse battery",
        role: "staff",
      }),
    );
    state.staff = staff.id;
    await callAction("changeRoleAction", [staff.id, "admin"]);
    return user("user.role_changed", "user", { targetId: staff.id });
  },
  removeUserAction: async () => {
    await callAction("removeUserAction", [state.staff!]);
    return user("user.removed", "user", { targetId: state.staff });
  },
  hideGuestbookEntryAction: async () => {
    const { memorialId } = await creer();
    const entryId = await guestbookEntry(memorialId);
    await callAction("hideGuestbookEntryAction", [memorialId, entryId]);
    return user("guestbook.hidden", "guestbook", { targetId: entryId, memorialId });
  },
  setCeremonyAction: async () => {
    const { memorialId } = await creer();
    await callAction("setCeremonyAction", [memorialId, ceremonyForm()], `/dashboard/memorials/${memorialId}`);
    return user("ceremony.scheduled", "memorial", { targetId: memorialId, memorialId });
  },
  cancelCeremonyAction: async () => {
    const { memorialId } = await creer();
    await callAction("setCeremonyAction", [memorialId, ceremonyForm()], `/dashboard/memorials/${memorialId}`);
    await callAction("cancelCeremonyAction", [memorialId], `/dashboard/memorials/${memorialId}`);
    return user("ceremony.cancelled", "memorial", { targetId: memorialId, memorialId });
  },
  memorialPhotoAction: async () => {
    const { memorialId } = await creer();
    const { photoId } = await fixture(async () =>
      sharePhoto({ memorialId, bytes: await aPhoto(), client: unique("fixture client") }),
    );
    const location = await formAction(
      "memorialPhotoAction",
      { memorialId: String(memorialId), photoId: String(photoId), change: "publish" },
      `/dashboard/memorials/${memorialId}`,
    );
    expect(location).toContain("photos=published");
    return user("photo.published", "photo", { targetId: photoId, memorialId });
  },
  sendManageLinkAction: async () => {
    const { memorialId } = await creer({ Famille: { FamilleEmail: email("manage") } });
    const location = await formAction(
      "sendManageLinkAction",
      { memorialId: String(memorialId) },
      `/dashboard/memorials/${memorialId}`,
    );
    expect(location).toContain("manage=sent");
    return user("memorial.manage_link_sent", "memorial", { targetId: memorialId, memorialId });
  },
  moveTreesAction: async () => {
    const from = await creer();
    const to = await creer();
    const treeId = await treeOf(from.memorialId);
    const location = await formAction(
      "moveTreesAction",
      { memorialId: String(from.memorialId), to: String(to.memorialId), tree: String(treeId) },
      `/dashboard/memorials/${from.memorialId}`,
    );
    expect(location).toContain("moved=1");
    return user("tree.moved", "tree", { targetId: treeId, memorialId: from.memorialId });
  },
  notSamePersonAction: async () => {
    const { first, pair } = await duplicatePair("Twin");
    await callAction("notSamePersonAction", [pair.id]);
    return user("memorial.not_duplicate", "memorial", {
      targetId: first.memorialId,
      memorialId: first.memorialId,
    });
  },
  mergeDuplicatesAction: async () => {
    const { first, second, pair } = await duplicatePair("Double");
    await callAction("mergeDuplicatesAction", [pair.id, first.memorialId]);
    state.merge = (await db.memorialMerge.findFirstOrThrow({ where: { duplicateId: pair.id } })).id;
    state.merged = second.memorialId;
    return user("memorial.merged", "memorial", {
      targetId: second.memorialId,
      memorialId: second.memorialId,
    });
  },
  undoMergeAction: async () => {
    await callAction("undoMergeAction", [state.merge!]);
    return user("memorial.unmerged", "memorial", { targetId: state.merged, memorialId: state.merged });
  },
  recordInGroundAction: async () => {
    const { memorialId } = await creer();
    state.lifeTree = await treeOf(memorialId);
    state.lifeMemorial = memorialId;
    await callAction("recordInGroundAction", [
      { treeIds: [state.lifeTree], on: today(), latitude: "", longitude: "", plantedBy: "", photoKey: "" },
    ]);
    return user("tree.in_ground", "tree", { targetId: state.lifeTree, memorialId });
  },
  recordCheckAction: async () => {
    await callAction("recordCheckAction", [
      { treeId: state.lifeTree!, on: today(), health: "alive", heightCm: "", note: "" },
    ]);
    return user("tree.checked", "tree", { targetId: state.lifeTree, memorialId: state.lifeMemorial });
  },
  declareDeathAction: async () => {
    await callAction("declareDeathAction", [
      { treeId: state.lifeTree!, on: today(), reason: "drought", note: "" },
    ]);
    return [
      user("tree.death_declared", "tree", { targetId: state.lifeTree, memorialId: state.lifeMemorial }),
      // Dead within the replacement years: replaced at once from the stock.
      user("tree.replaced", "tree", { targetId: state.lifeTree, memorialId: state.lifeMemorial }),
    ];
  },
  exportSubjectAction: async () => {
    const to = email("subject");
    await creer({ Famille: { FamilleEmail: to } });
    await callAction("exportSubjectAction", [to, null], "/dashboard/privacy");
    return user("subject.exported", "subject");
  },
  eraseSubjectAction: async () => {
    const to = email("subject");
    await creer({ Famille: { FamilleEmail: to } });
    await callAction("eraseSubjectAction", [to, null], "/dashboard/privacy");
    return user("subject.erased", "subject");
  },
  // Last: a new password ends the user's sessions; the next scenarios sign another admin in.
  changePasswordAction: async () => {
    await callAction("changePasswordAction", [
      { currentPassword: "correct horse battery", newPassword: "another correct horse" },
    ]);
    const expected = user("user.password_changed", "user", { targetId: adminId });
    await signIn();
    return expected;
  },
};

test("every dashboard action writes its audit row, naming the signed-in user", async () => {
  // The order above: some scenarios use what an earlier one made.
  const order = Object.keys(ACTION_SCENARIOS);
  await runAll([...order, ...actionWays().filter((way) => !order.includes(way))], ACTION_SCENARIOS);
});

// --- the route handlers (families, visitors, the dashboard's JSON routes, Stripe) ---------------

const family = (action: string, memorialId: number, targetType = "memorial", extra: Partial<Expected> = {}) =>
  ({ action, actor: "family", actorId: memorialId, targetType, memorialId, ...extra }) as Expected;
const visitor = (action: string, targetType: string, memorialId: number, extra: Partial<Expected> = {}) =>
  ({ action, actor: "visitor", targetType, memorialId, ...extra }) as Expected;

/** A confirmation link of a new memorial awaiting its family (its e-mail, caught by the sink). */
async function confirmationLink() {
  const to = email("confirm");
  const { memorialId } = await creer({ AConfirmer: true, Famille: { FamilleEmail: to } });
  const link = await linkIn(to, /https?:\/\/\S+(\/confirm\/[A-Za-z0-9_-]+)/);
  return { memorialId, link };
}

/** A subscription to a memorial's reminders, and its links' token. */
async function subscription(confirmed: boolean) {
  const { memorialId } = await creer();
  const to = email("remind");
  await fixture(() =>
    subscribeToAnniversaries(memorialId, to, { linkBase: baseUrl(), client: "fixture", confirmed }),
  );
  const row = await db.reminderSubscription.findFirstOrThrow({ where: { memorialId, email: to } });
  return { memorialId, id: row.id, token: reminderToken(row) };
}

const ROUTE_SCENARIOS: Record<string, () => Promise<Expected | Expected[]>> = {
  "POST /confirm/[token]": async () => {
    const { memorialId, link } = await confirmationLink();
    expect((await postForm(link)).status).toBe(303);
    return family("memorial.confirmed", memorialId, "memorial", { targetId: memorialId });
  },
  "POST /confirm/[token]/decline": async () => {
    const { memorialId, link } = await confirmationLink();
    expect((await postForm(`${link}/decline`)).status).toBe(200);
    return family("memorial.declined", memorialId, "memorial", { targetId: memorialId });
  },
  "POST /manage/[token]": async () => {
    // Every action of the management page's forms (its table, ACTIONS of the route), in an order
    // where each can act: each must write its row, naming the family.
    const to = email("family");
    const { memorialId } = await creer({ Famille: { FamilleEmail: to }, Message: "Pour toi" });
    const treeId = await treeOf(memorialId);
    const token = await manageToken(memorialId);
    const entry = async () => String(await guestbookEntry(memorialId));
    const steps: [string, Record<string, string>, string, string][] = [
      ["hide", {}, "memorial.hidden", "memorial"],
      ["show", {}, "memorial.shown", "memorial"],
      ["ceremony-set", ceremonyForm(), "ceremony.scheduled", "memorial"],
      ["ceremony-cancel", {}, "ceremony.cancelled", "memorial"],
      ["privacy", { privacy: "link_only" }, "memorial.privacy_changed", "memorial"],
      ["takedown", {}, "memorial.taken_down", "memorial"],
      ["restore", {}, "memorial.restored", "memorial"],
      ["hide-message", { tree: String(treeId) }, "tree.message_hidden", "tree"],
      ["show-message", { tree: String(treeId) }, "tree.message_shown", "tree"],
      ["closing-summary", {}, "memorial.summary_sent", "memorial"],
      ["archive", {}, "memorial.archive_requested", "archive"],
      ["guestbook-approve", { entry: "" }, "guestbook.approved", "guestbook"],
      ["guestbook-hide", { entry: "" }, "guestbook.hidden", "guestbook"],
      ["guestbook-delete", { entry: "", confirm: "yes" }, "guestbook.deleted", "guestbook"],
      ["guestbook-mode", { mode: "open" }, "guestbook.mode_changed", "memorial"],
      ["anonymise", {}, "memorial.anonymised", "memorial"],
      ["title-initials", {}, "memorial.title_changed", "memorial"],
      ["title-name", {}, "memorial.title_changed", "memorial"],
      ["unanonymise", {}, "memorial.unanonymised", "memorial"],
      ["erasure-request", {}, "memorial.erasure_requested", "memorial"],
      ["erasure-cancel", {}, "memorial.erasure_cancelled", "memorial"],
    ];
    const listed = manageActions();
    expect(steps.map(([action]) => action).sort(), "every action of the management page").toEqual(listed);
    let pending: string | null = null;
    for (const [action, fields, expected, targetType] of steps) {
      // A pending message for approve (the guestbook waits for approval); a published one after.
      if ("entry" in fields) {
        if (action === "guestbook-approve" || pending === null) pending = await entry();
        fields.entry = pending;
      }
      const since = await lastAuditId();
      const r = await postForm(`/manage/${token}`, { action, ...fields });
      expect(r.status, `${action}: ${r.status === 303 ? "" : await r.text()}`).toBe(303);
      await expectRow(`POST /manage/[token] ${action}`, since, family(expected, memorialId, targetType));
    }
    return family("memorial.erasure_cancelled", memorialId, "memorial", { targetId: memorialId });
  },
  "POST /manage/[token]/reminders": async () => {
    const to = email("family");
    const { memorialId } = await creer({ Famille: { FamilleEmail: to } });
    const token = await manageToken(memorialId);
    expect((await postForm(`/manage/${token}/reminders`, { email: to, death: "yes" })).status).toBe(303);
    return family("subscription.created", memorialId, "subscription");
  },
  "POST /memorial/[id]/photos": async () => {
    const { memorialId } = await creer();
    const form = new FormData();
    form.set("lang", "en");
    form.set("photo", new Blob([new Uint8Array(await aPhoto())], { type: "image/png" }), "photo.png");
    const r = await fetch(`${baseUrl()}/memorial/${memorialId}/photos`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: baseUrl() },
      body: form,
    });
    expect(r.status, await r.text()).toBe(303);
    return visitor("photo.shared", "photo", memorialId);
  },
  "POST /memorial/[id]/guestbook": async () => {
    const { memorialId } = await creer();
    const r = await postForm(`/memorial/${memorialId}/guestbook`, {
      lang: "en",
      name: "Paul",
      message: "Our thoughts are with you.",
      website: "",
    });
    expect(r.status).toBe(303);
    return visitor("guestbook.posted", "guestbook", memorialId);
  },
  "POST /guestbook/withdraw/[token]": async () => {
    const { memorialId } = await creer();
    const to = email("author");
    const posted = await postForm(`/memorial/${memorialId}/guestbook`, {
      lang: "en",
      name: "Paul",
      message: "Our thoughts.",
      website: "",
      email: to,
    });
    expect(posted.status).toBe(303);
    const link = await linkIn(to, /https?:\/\/\S+(\/guestbook\/withdraw\/[A-Za-z0-9_-]{43})/);
    expect((await postForm(link)).status).toBe(200);
    return visitor("guestbook.withdrawn", "guestbook", memorialId);
  },
  "POST /memorial/[id]/remind": async () => {
    const { memorialId } = await creer();
    const r = await postForm(`/memorial/${memorialId}/remind?lang=en`, {
      email: email("visitor"),
      consent: "yes",
      death: "yes",
    });
    expect(r.status, await r.text()).toBeLessThan(400);
    return visitor("subscription.created", "subscription", memorialId);
  },
  "POST /memorial/[id]/trees": async () => {
    // By a claim code, then by a payment (the Checkout session asked; Stripe's webhook below).
    const { memorialId } = await creer();
    const issued = await api("POST", "/Codes/Creer", {
      key: op.key,
      body: { MemorialId: memorialId, Nombre: 1, DateExpiration: inAMonth() },
    });
    const words = {
      lang: "en",
      planter: "Cousin Paul",
      message: "For Anne.",
      email: "paul@example.org",
      website: "",
    };
    const coded = await postForm(`/memorial/${memorialId}/trees`, {
      ...words,
      way: "code",
      code: issued.json.Codes[0].Code,
    });
    expect(coded.status, await coded.text()).toBe(303);
    const paid = await postForm(`/memorial/${memorialId}/trees`, { ...words, way: "pay" });
    expect(paid.status, await paid.text()).toBe(303);
    state.checkout = memorialId;
    return [
      visitor("code.redeemed", "code", memorialId),
      visitor("tree.planted", "tree", memorialId),
      visitor("planting.payment_started", "planting", memorialId),
    ];
  },
  "POST /stripe/webhook": async () => {
    const memorialId = state.checkout!;
    const planting = await db.visitorPlanting.findFirstOrThrow({
      where: { memorialId, origin: "visitor_payment" },
    });
    const sent = await fetch(
      `${process.env.E2E_FAKE_STRIPE_URL}/_fake/sessions/${planting.checkoutSession}/events`,
      {
        method: "POST",
        body: JSON.stringify({ type: "checkout.session.completed", times: 1, sameId: true }),
      },
    );
    expect(sent.status).toBe(200);
    return [
      visitor("planting.paid", "planting", memorialId, { targetId: planting.id }),
      visitor("tree.planted", "tree", memorialId),
    ];
  },
  "POST /reminders/confirm/[token]": async () => {
    const { memorialId, id, token } = await subscription(false);
    expect((await postForm(`/reminders/confirm/${token}`)).status).toBeLessThan(400);
    return visitor("subscription.confirmed", "subscription", memorialId, { targetId: id });
  },
  "POST /reminders/unsubscribe/[token]": async () => {
    const { memorialId, id, token } = await subscription(true);
    expect((await postForm(`/reminders/unsubscribe/${token}`)).status).toBeLessThan(400);
    return visitor("subscription.cancelled", "subscription", memorialId, { targetId: id });
  },
  "POST /reminders/mine/[token]": async () => {
    const { memorialId, id, token } = await subscription(true);
    expect((await postForm(`/reminders/mine/${token}`, { subscription: String(id) })).status).toBeLessThan(
      400,
    );
    return visitor("subscription.deleted", "subscription", memorialId, { targetId: id });
  },
  "POST /api/dashboard/trees/photo": async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "tree.jpg");
    const r = await dashboardRoute("POST", "/api/dashboard/trees/photo", form);
    expect(r.status, await r.clone().text()).toBe(200);
    const { key } = (await r.json()) as { key: string };
    return user("tree.photo_added", "photo", { targetId: key });
  },
  "POST /api/dashboard/trees/import": async () => {
    const { memorialId } = await creer();
    const treeId = await treeOf(memorialId);
    const form = new FormData();
    form.set(
      "file",
      new Blob([`tree_id,step,date\n${treeId},in_ground,${today()}\n`], { type: "text/csv" }),
      "s.csv",
    );
    const r = await dashboardRoute("POST", "/api/dashboard/trees/import", form);
    expect(r.status, await r.clone().text()).toBe(200);
    return [
      user("tree.imported", "operator", { targetId: op.operatorId }),
      user("tree.in_ground", "tree", { targetId: treeId, memorialId }),
    ];
  },
  "PUT /api/dashboard/visitors": async () => {
    const r = await dashboardRoute(
      "PUT",
      "/api/dashboard/visitors",
      JSON.stringify({ contextId: null, setting: { enabled: true, payments: ["card"], price: "15.00" } }),
      "application/json",
    );
    expect(r.status, await r.clone().text()).toBe(200);
    return user("visitor.settings_changed", "operator", { targetId: op.operatorId });
  },
  "POST /api/dashboard/visitors/codes": async () => {
    const { memorialId } = await creer();
    const r = await dashboardRoute(
      "POST",
      "/api/dashboard/visitors/codes",
      JSON.stringify({
        target: "memorial",
        id: memorialId,
        count: 2,
        expires: inAMonth().slice(0, 10),
        format: "csv",
      }),
      "application/json",
    );
    expect(r.status, await r.clone().text()).toBe(200);
    return user("code.issued", "code", { memorialId });
  },
  "POST /dashboard/reset/[token]": async () => {
    const to = email("reset");
    const member = await fixture(() =>
      createUser({ operatorId: op.operatorId, email: to, password: "correct horse battery", role: "staff" }),
    );
    const asked = await fetch(`${baseUrl()}/dashboard/forgot`, {
      method: "POST",
      headers: {
        "next-action": actionId("requestPasswordResetAction"),
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
        origin: baseUrl(),
      },
      body: JSON.stringify([to]),
    });
    expect(asked.status).toBe(200);
    const link = await linkIn(to, /https?:\/\/\S+(\/dashboard\/reset\/[A-Za-z0-9_-]+)/);
    expect((await postForm(link, { password: "a brand new password" })).status).toBeLessThan(400);
    return {
      action: "user.password_reset",
      actor: "user",
      actorId: member.id,
      targetType: "user",
      targetId: member.id,
    };
  },
  "POST /dashboard/invite/[token]": async () => {
    const invited = email("joining");
    await callAction("inviteUserAction", [{ email: invited, role: "staff" }]);
    const link = await linkIn(invited, /https?:\/\/\S+(\/dashboard\/invite\/[A-Za-z0-9_-]+)/);
    expect((await postForm(link, { password: "a brand new password" })).status).toBeLessThan(400);
    const joined = await db.operatorUser.findUniqueOrThrow({ where: { email: invited } });
    return {
      action: "user.created",
      actor: "user",
      actorId: joined.id,
      targetType: "user",
      targetId: joined.id,
    };
  },
};

test("every route handler that writes writes its audit row, naming the family, the visitor or the user", async () => {
  const order = Object.keys(ROUTE_SCENARIOS);
  await runAll([...order, ...routeWays().filter((way) => !order.includes(way))], ROUTE_SCENARIOS);
});

// --- the command line (the system account that runs it) ---------------------------------------

const cliRow = (action: string, targetType: string, extra: Partial<Expected> = {}): Expected => ({
  action,
  actor: "cli",
  targetType,
  ...extra,
});

const CLI_SCENARIOS: Record<string, () => Promise<Expected | Expected[]>> = {
  "operator create": async () => {
    const made = await run("operator", "create", "--name", unique("CLI operator"));
    state.cliOperator = made.operatorId as number;
    return [
      cliRow("operator.created", "operator", { targetId: state.cliOperator }),
      cliRow("key.created", "key", { operatorId: state.cliOperator }),
    ];
  },
  "context create": async () => {
    const made = await runWith("context create", {
      operator: op.operatorId,
      kind: "Epf",
      name: unique("Home"),
    });
    state.cliContext = made.id as number;
    return cliRow("context.created", "context", { targetId: state.cliContext, operatorId: op.operatorId });
  },
  "context privacy": async () => {
    await runWith("context privacy", {
      operator: op.operatorId,
      context: state.cliContext,
      privacy: "link_only",
    });
    return cliRow("context.modified", "context", { targetId: state.cliContext });
  },
  "key create": async () => {
    const made = await run("key", "create", "--operator", String(state.cliOperator));
    state.cliKey = 0;
    (state as Record<string, unknown>).cliKeyText = made.key;
    return cliRow("key.created", "key", { operatorId: state.cliOperator });
  },
  "key revoke": async () => {
    await run("key", "revoke", "--key", (state as Record<string, unknown>).cliKeyText as string);
    return cliRow("key.revoked", "key", { operatorId: state.cliOperator });
  },
  "prepaid add": async () => {
    await run("prepaid", "add", "--operator", String(state.cliOperator), "--trees", "3");
    return cliRow("operator.prepaid_added", "operator", { targetId: state.cliOperator });
  },
  "operator unconfirmed": async () => {
    await run("operator", "unconfirmed", "--operator", String(state.cliOperator), "--outcome", "global");
    return cliRow("operator.settings_changed", "operator", { targetId: state.cliOperator });
  },
  "user create": async () => {
    const made = await runWith("user create", {
      operator: state.cliOperator,
      email: email("cli-user"),
      password: "correct horse battery",
    });
    return cliRow("user.created", "user", { targetId: made.userId as number });
  },
  "plantation create": async () => {
    const made = await runWith("plantation create", {
      name: unique("CLI site"),
      country: "BE",
      region: "Ardennes",
      lat: "50.1",
      lng: "5.2",
    });
    state.cliSite = made.id as number;
    return cliRow("plantation.created", "plantation", { targetId: state.cliSite });
  },
  "plantation translate": async () => {
    await run("plantation", "translate", "--id", String(state.cliSite), "--name-en", "The site");
    return cliRow("plantation.modified", "plantation", { targetId: state.cliSite });
  },
  "species create": async () => {
    const made = await run(
      "species",
      "create",
      ...["--name", unique("Chêne"), "--latin", "Quercus robur", "--type", "Feuillu"],
      ...["--height", "30", "--lifespan", "500", "--co2", "100", "--price", "20"],
    );
    state.cliSpecies = made.id as number;
    return cliRow("species.created", "species", { targetId: state.cliSpecies });
  },
  "stock add": async () => {
    await runWith("stock add", { plantation: state.cliSite, species: state.cliSpecies, trees: "5" });
    return cliRow("stock.added", "stock", { targetId: `${state.cliSite}/${state.cliSpecies}` });
  },
  "plantation deactivate": async () => {
    await run("plantation", "deactivate", "--id", String(state.cliSite));
    return cliRow("plantation.deactivated", "plantation", { targetId: state.cliSite });
  },
  "tree import": async () => {
    const { memorialId } = await creer();
    const treeId = await treeOf(memorialId);
    const file = path.join(os.tmpdir(), `audit-sheet-${process.pid}-${Date.now()}.csv`);
    writeFileSync(file, `tree_id,step,date\n${treeId},in_ground,${today()}\n`);
    try {
      await run("tree", "import", "--operator", String(op.operatorId), file);
    } finally {
      rmSync(file, { force: true });
    }
    return [
      cliRow("tree.imported", "operator", { targetId: op.operatorId }),
      cliRow("tree.in_ground", "tree", { targetId: treeId, memorialId }),
    ];
  },
  "tree move": async () => {
    const from = await creer();
    const to = await creer();
    const treeId = await treeOf(from.memorialId);
    await runWith("tree move", { operator: op.operatorId, from: from.memorialId, to: to.memorialId });
    return cliRow("tree.moved", "tree", { targetId: treeId, memorialId: from.memorialId });
  },
  "tree in-ground": async () => {
    const { memorialId } = await creer();
    state.cliTree = await treeOf(memorialId);
    state.cliTreeMemorial = memorialId;
    await run("tree", "in-ground", "--ids", String(state.cliTree), "--on", today());
    return cliRow("tree.in_ground", "tree", { targetId: state.cliTree, memorialId });
  },
  "tree check": async () => {
    await run("tree", "check", "--id", String(state.cliTree), "--on", today(), "--health", "sick");
    return cliRow("tree.checked", "tree", { targetId: state.cliTree, memorialId: state.cliTreeMemorial });
  },
  "tree died": async () => {
    await run("tree", "died", "--id", String(state.cliTree), "--on", today(), "--reason", "fire");
    return cliRow("tree.death_declared", "tree", {
      targetId: state.cliTree,
      memorialId: state.cliTreeMemorial,
    });
  },
  "visitors set": async () => {
    await run("visitors", "set", "--operator", String(state.cliOperator), "--on");
    return cliRow("visitor.settings_changed", "operator", { targetId: state.cliOperator });
  },
  "codes issue": async () => {
    const { memorialId } = await creer();
    await runWith("codes issue", {
      operator: op.operatorId,
      memorial: memorialId,
      count: "1",
      expires: inAMonth().slice(0, 10),
    });
    return cliRow("code.issued", "code", { memorialId });
  },
  "webhook create": async () => {
    const made = await run(
      "webhook",
      "create",
      ...[
        "--operator",
        String(op.operatorId),
        "--url",
        "http://127.0.0.1:9/cli-hook",
        "--events",
        "tree.planted",
      ],
    );
    state.cliWebhook = made.id as number;
    return cliRow("webhook.created", "webhook", { targetId: state.cliWebhook });
  },
  "privacy export": async () => {
    const to = email("subject");
    await creer({ Famille: { FamilleEmail: to } });
    await run("privacy", "export", "--email", to, "--operator", String(op.operatorId));
    return cliRow("subject.exported", "subject", { operatorId: op.operatorId });
  },
  "privacy erase": async () => {
    const to = email("subject");
    await creer({ Famille: { FamilleEmail: to } });
    await run("privacy", "erase", "--email", to);
    return cliRow("subject.erased", "subject", { operatorId: null });
  },
  "webhook delete": async () => {
    await run("webhook", "delete", "--id", String(state.cliWebhook));
    return cliRow("webhook.deleted", "webhook", { targetId: state.cliWebhook });
  },
};

/** Commands that use what an earlier one made run in that order; the chains run two at a time. */
const CLI_CHAINS = [
  [
    "operator create",
    "key create",
    "key revoke",
    "prepaid add",
    "operator unconfirmed",
    "user create",
    "visitors set",
  ],
  ["plantation create", "plantation translate", "species create", "stock add", "plantation deactivate"],
  ["tree in-ground", "tree check", "tree died"],
  ["context create", "context privacy", "webhook create", "webhook delete"],
  ["tree import", "tree move", "codes issue", "privacy export", "privacy erase"],
];

test("every command that writes writes its audit row, naming the command line", async () => {
  const chained = CLI_CHAINS.flat();
  const rest = cliWays().filter((way) => !chained.includes(way));
  const chains = [...CLI_CHAINS, ...rest.map((way) => [way])];
  const next = () => chains.shift();
  const worker = async () => {
    for (let chain = next(); chain; chain = next()) await runAll(chain, CLI_SCENARIOS);
  };
  await Promise.all([worker(), worker()]);
});
