// Fault test: the service (scripts/run.mjs start, as `npm start` runs it) on a PostgreSQL
// that this test owns and takes away: under write load it is restarted twice, then stopped for
// 20 s across a minute boundary (where graphile-worker's scheduler records the minute's jobs);
// later, with the service idle, stopped for 20 s across a minute boundary again. Throughout:
// - the service's process never exits;
// - every /v1 answer is 200 or the outage's 503 (Code DATABASE_UNAVAILABLE, Retry-After): no 500;
//   a page answers a short 503 page in its language; /healthz stays 200, /readyz says 503;
// - after each return, /readyz is 200 again with every worker back and its liveness lock held
//   in PostgreSQL, and a planting made then gets its webhook and its e-mail within 10 s;
// - 0 acknowledged writes lost or duplicated (requests cut or refused are sent again with their
//   Idempotency-Key, as a partner would);
// - the log says once per outage that the database is unreachable and once that it is back;
// - at the end, SIGTERM with a request in flight: it completes, the exit status is 0, no job is
//   left locked.
// Traffic goes only to 127.0.0.1; every wait is bounded. docs/operations.md says what it shows.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "@memorial/lib/db/embedded";
import { migrate } from "@memorial/lib/service/migrate";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { makeIsolatedOperator } from "@/e2e/support/factories";
import { type RunningServer, startServer } from "@/e2e/support/server";
import { startSmtpServer, waitForMail } from "@/e2e/support/smtp";
import { type Receiver, startReceiver, subscribe } from "@/e2e/support/webhook-receiver";

const WORKERS = 8; // JOB_WORKERS of the service below
const CLIENTS = 4;
const LIVENESS_LOCK = 7_240_320; // lib/jobs/runner.ts
const OUTAGE_MS = 20_000;

const root = mkdtempSync(path.join(os.tmpdir(), "memorial-outage-"));
chmodSync(root, 0o755); // the postgres user must reach it when we are root
const mailDir = path.join(root, "mail");
const logFile = path.join(root, "service.log");
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  if (!process.env.CRASH_KEEP) rmSync(root, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sent {
  idempotencyKey: string;
  body: object;
  statuses: number[];
  /** IdMemorial once answered 200. */
  memorialId?: number;
}

/** Every /v1 answer that is neither 200 nor the outage's 503, for the final check. */
const unexpected: string[] = [];

async function create(url: string, key: string, sent: Sent): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${url}/v1/Memorials/Creer`, {
      method: "POST",
      headers: { key, "content-type": "application/json", "idempotency-key": sent.idempotencyKey },
      body: JSON.stringify(sent.body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    unexpected.push(`${sent.idempotencyKey}: no answer (${(error as Error).message})`);
    return;
  }
  const json = (await response.json()) as { IdMemorial?: number; Code?: string; HttpStatusCode?: number };
  sent.statuses.push(response.status);
  if (response.status === 200) {
    sent.memorialId = json.IdMemorial;
    return;
  }
  const outage =
    response.status === 503 &&
    json.Code === "DATABASE_UNAVAILABLE" &&
    json.HttpStatusCode === 503 &&
    response.headers.get("retry-after") === "5";
  if (!outage) unexpected.push(`${sent.idempotencyKey}: ${response.status} ${JSON.stringify(json)}`);
}

interface Readiness {
  ready: boolean;
  database: boolean;
  jobs: { state: string; workers: number; expected: number } | "off";
}

async function readyz(url: string): Promise<{ status: number; body: Readiness | null }> {
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(10_000) });
    return { status: response.status, body: (await response.json()) as Readiness };
  } catch {
    return { status: 0, body: null };
  }
}

/** Waits (at most `ms`) for /readyz to say 200; returns how long it took. */
async function untilReady(url: string, ms = 30_000): Promise<number> {
  const began = Date.now();
  while (Date.now() - began < ms) {
    if ((await readyz(url)).status === 200) return Date.now() - began;
    await sleep(100);
  }
  throw new Error(`/readyz did not answer 200 within ${ms} ms: ${JSON.stringify((await readyz(url)).body)}`);
}

/** Waits until the wall clock is `second` s into a minute, at least 5 s from now. */
async function untilSecondOfMinute(second: number) {
  const now = Date.now();
  let at = now - (now % 60_000) + second * 1000;
  while (at < now + 5_000) at += 60_000;
  await sleep(at - now);
}

it("the service rides out its database's restarts and stops, under load and idle", async () => {
  process.env.DATA_DIR = path.join(root, "db");
  let database: EmbeddedDatabase = await startEmbeddedDatabase();
  cleanups.push(() => database.stop());
  const dbPort = Number(new URL(database.url).port);
  await migrate(database.url);
  process.env.DATABASE_URL = database.url; // the fixtures below write through lib/db/client
  const smtp = await startSmtpServer(mailDir);
  cleanups.push(() => smtp.close());
  const loadOperator = await makeIsolatedOperator({ stock: 100_000 });
  const probeOperator = await makeIsolatedOperator({ stock: 1_000 });
  const receiver: Receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  await subscribe(probeOperator.operatorId, receiver.url, ["memorial.created"]);

  const service: RunningServer = await startServer(
    {
      DATABASE_URL: database.url,
      DATA_DIR: process.env.DATA_DIR, // its secrets (the webhook key) are the fixtures'
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      APP_URL: "",
      WEBHOOK_ALLOW_PRIVATE: "1",
      JOB_RETRY_BASE_MS: "300",
      WEBHOOK_TIMEOUT_MS: "2000",
      JOB_WORKERS: String(WORKERS),
    },
    logFile,
  );
  cleanups.push(() => service.stop());
  const alive = () => expect(service.exitCode(), `the service exited; see ${logFile}`).toBeNull();
  await untilReady(service.url, 60_000);

  async function stock(): Promise<{ stock: number; planted: number }> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ stock: number; planted: number }>(
        `SELECT (SELECT COALESCE(SUM("stock"), 0) FROM "stock" WHERE "plantation_id" = $1)::int AS stock,
                (SELECT COUNT(*) FROM "tree" WHERE "operator_id" = $2)::int AS planted`,
        [loadOperator.plantationId, loadOperator.operatorId],
      );
      return rows[0]!;
    } finally {
      await client.end();
    }
  }

  /** Liveness locks held in PostgreSQL by the service's workers. */
  async function livenessLocks(): Promise<number> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks
         WHERE locktype = 'advisory' AND granted AND classid = $1::int::oid AND objsubid = 2`,
        [LIVENESS_LOCK],
      );
      return rows[0]!.n;
    } finally {
      await client.end();
    }
  }

  /** After a return: ready with every worker, their locks held, a planting's webhook and e-mail within 10 s. */
  let probes = 0;
  async function checkBack(label: string) {
    const tookMs = await untilReady(service.url);
    alive();
    // /readyz and the API agree: ready means the API answers.
    const especes = await fetch(`${service.url}/v1/Especes`, { headers: { key: probeOperator.key } });
    expect(especes.status, `${label}: the API once /readyz says 200`).toBe(200);
    // Ready as soon as the API answers; the runner takes its workers back meanwhile.
    await expect
      .poll(async () => (await readyz(service.url)).body?.jobs, { timeout: 15_000, interval: 200 })
      .toEqual(expect.objectContaining({ state: "running", workers: WORKERS }));
    expect(await livenessLocks(), `${label}: liveness locks`).toBe(WORKERS);
    const email = `outage-${++probes}-${process.pid}@example.org`;
    const before = receiver.received.length;
    const made = await fetch(`${service.url}/v1/Memorials/Creer`, {
      method: "POST",
      headers: { key: probeOperator.key, "content-type": "application/json" },
      body: JSON.stringify({
        Defunt: { Nom: "Retour", Prenom: `Essai ${probes}`, DateDeces: "2026-11-01" },
        Famille: { FamilleEmail: email },
        AConfirmer: true,
        DeLaPartDe: "Le test de panne",
      }),
    });
    expect(made.status, `${label}: ${await made.clone().text()}`).toBe(200);
    const { IdMemorial } = (await made.json()) as { IdMemorial: number };
    const [hooks] = await Promise.all([
      receiver.waitFor(before + 1, 10_000),
      waitForMail(mailDir, email, 10_000),
    ]);
    expect(hooks.slice(before).map((hook) => hook.json?.data?.memorialId)).toContain(IdMemorial);
    return tookMs;
  }

  async function stopDatabase() {
    await database.stop();
  }
  async function startDatabase() {
    database = await startEmbeddedDatabase(() => {}, { port: dbPort });
  }

  const initial = await stock();
  await checkBack("at start");
  const report: string[] = [];

  // --- Under write load: two restarts, then a stop of 20 s across a minute boundary.
  const sent: Sent[] = [];
  let loading = true;
  // Slowed to a request a second while the test waits for the clock's minute (up to a minute):
  // the load is what the database's stops and restarts meet, and at full speed through the wait it
  // took the machine's cores from the stages that run beside this test. (Each client still sends,
  // so that its connection stays in use as a partner's would.)
  let slowed = false;
  const client = async (c: number) => {
    for (let i = 0; loading; i++) {
      if (slowed) await sleep(1_000);
      const one: Sent = {
        idempotencyKey: `outage-${c}-${i}`,
        body: {
          DeLaPartDe: "Test de panne",
          Defunt: { Nom: `Panne ${c}-${i}`, Prenom: "Test", DateDeces: "2026-11-01" },
        },
        statuses: [],
      };
      sent.push(one);
      await create(service.url, loadOperator.key, one);
      // While refused, a client waits as Retry-After would have it, shortened.
      if (one.statuses.at(-1) === 503) await sleep(250);
    }
  };
  const load = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  await sleep(2_000);
  for (const restart of [1, 2]) {
    const began = Date.now();
    await stopDatabase();
    await startDatabase();
    report.push(`restart ${restart}: database down ${Date.now() - began} ms`);
    const back = await untilReady(service.url);
    report.push(`restart ${restart}: ready again ${back} ms after the database`);
    alive();
    await sleep(2_000);
  }
  slowed = true;
  await untilSecondOfMinute(47);
  slowed = false;
  await sleep(3_000);
  await stopDatabase();
  const stoppedAt = Date.now();
  // During the outage: the API's Error object, a page in its language, the probes.
  await sleep(2_000);
  const plantations = await fetch(`${service.url}/v1/Plantations`, { headers: { key: loadOperator.key } });
  const refusal = (await plantations.json()) as Record<string, unknown>;
  expect(plantations.status).toBe(503);
  expect(plantations.headers.get("retry-after")).toBe("5");
  expect(refusal).toMatchObject({
    Objet: "erreur",
    Statut: "Erreur",
    HttpStatusCode: 503,
    Code: "DATABASE_UNAVAILABLE",
  });
  expect(refusal.ApiContexte).toBeTruthy();
  const page = await fetch(`${service.url}/memorial/1`, { headers: { "accept-language": "nl-BE,nl;q=0.9" } });
  expect(page.status).toBe(503);
  expect(page.headers.get("retry-after")).toBe("5");
  const html = await page.text();
  expect(html).toContain('lang="nl"');
  expect(html).toContain("Dienst tijdelijk niet beschikbaar");
  const german = await fetch(`${service.url}/?lang=de`);
  expect(german.status).toBe(503);
  expect(await german.text()).toContain("Dienst vorübergehend nicht verfügbar");
  expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
  const notReady = await readyz(service.url);
  expect(notReady.status).toBe(503);
  expect(notReady.body?.database).toBe(false);
  expect(notReady.body?.jobs).toMatchObject({ state: "recovering" });
  await sleep(Math.max(0, stoppedAt + OUTAGE_MS - Date.now()));
  const crossed = Math.floor(stoppedAt / 60_000) !== Math.floor(Date.now() / 60_000);
  expect(crossed, "the outage crossed a minute boundary").toBe(true);
  await startDatabase();
  report.push(`stop under load: ${Date.now() - stoppedAt} ms, across a minute boundary`);
  const backUnderLoad = await checkBack("after the stop under load");
  report.push(`stop under load: ready again ${backUnderLoad} ms after the database`);
  loading = false;
  await load;
  alive();

  // Requests refused during the outages (or cut), sent again with their key: settled now.
  const refused = sent.filter((s) => s.memorialId === undefined);
  for (const s of refused) await create(service.url, loadOperator.key, s);
  expect(unexpected, "answers other than 200 and the outage's 503, or none").toEqual([]);
  const acknowledged = sent.filter((s) => s.memorialId !== undefined);
  expect(acknowledged.length, "every request planted once sent again").toBe(sent.length);
  const ids = new Set(acknowledged.map((s) => s.memorialId));
  expect(ids.size, "one memorial per request").toBe(acknowledged.length);
  const now = await stock();
  expect(now.planted - initial.planted, "one tree per acknowledged request").toBe(ids.size);
  expect(now.stock + now.planted, "no tree appears or vanishes").toBe(initial.stock + initial.planted);
  {
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    const { rows } = await check.query<{ trees: number }>(
      `SELECT (SELECT COUNT(*) FROM "tree" t WHERE t."memorial_id" = m."id")::int AS trees
       FROM "memorial" m WHERE m."id" = ANY($1::int[])`,
      [[...ids]],
    );
    await check.end();
    expect(rows.length, "acknowledged memorials found").toBe(ids.size);
    expect(rows.every((r) => r.trees === 1)).toBe(true);
  }
  report.push(
    `under load: ${sent.length} creations sent, ${sent.filter((s) => s.statuses.includes(503)).length} refused 503 ` +
      `at least once; all ${ids.size} planted once`,
  );

  // --- Idle: a stop of 20 s across a minute boundary, nothing asked meanwhile.
  await untilSecondOfMinute(50);
  await stopDatabase();
  const idleStop = Date.now();
  await sleep(OUTAGE_MS);
  expect(Math.floor(idleStop / 60_000) !== Math.floor(Date.now() / 60_000)).toBe(true);
  await startDatabase();
  const backIdle = await checkBack("after the idle stop");
  report.push(`idle stop: ${OUTAGE_MS} ms across a minute boundary; ready again ${backIdle} ms after`);
  alive();

  // The log: once unreachable and once back per outage (5), not a line per request.
  const log = readFileSync(logFile, "utf8");
  const count = (text: string) => log.split("\n").filter((line) => line.includes(text)).length;
  expect(count("database unreachable"), log.slice(-4000)).toBe(count("database back after"));
  expect(count("database unreachable")).toBeGreaterThanOrEqual(4);
  expect(count("database unreachable")).toBeLessThanOrEqual(6);
  expect(log).not.toContain("uncaughtException");
  report.push(`log: ${count("database unreachable")} outages said, ${log.split("\n").length} lines in all`);

  // --- SIGTERM with a request in flight (its body half sent): the request completes,
  // the process exits 0, and no job is left locked by it (none lost, none to be run again).
  const body = JSON.stringify({
    DeLaPartDe: "Arrêt",
    Defunt: { Nom: "Arret", Prenom: "En vol", DateDeces: "2026-11-01" },
  });
  const socket = net.connect(Number(new URL(service.url).port), "127.0.0.1");
  let answer = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => {
    answer += chunk;
  });
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(
    `POST /v1/Memorials/Creer HTTP/1.1\r\nHost: 127.0.0.1\r\nkey: ${loadOperator.key}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n` +
      body.slice(0, 20),
  );
  await sleep(500);
  process.kill(service.pid, "SIGTERM");
  await sleep(1_000);
  socket.write(body.slice(20)); // not end(): a half-closed connection is one the server may drop
  await ended;
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  for (let i = 0; i < 600 && service.exitCode() === null; i++) await sleep(100);
  expect(service.exitCode(), "exit status after SIGTERM").toBe(0);
  {
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    const { rows } = await check.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE locked_by IS NOT NULL`,
    );
    await check.end();
    expect(rows[0]!.n, "jobs left locked by the stopped instance").toBe(0);
  }
  report.push("SIGTERM: the request in flight answered 200, exit 0, no job left locked");
  console.log(`outage test (${root}):\n${report.join("\n")}`);
}, 280_000);
