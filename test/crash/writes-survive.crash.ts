// Crash test: the service (scripts/run.mjs start, as `npm start` runs it, with its embedded PostgreSQL)
// takes POST /v1/Memorials/Creer from several clients at once and is killed with SIGKILL, its whole
// process group, in the middle of the load; then restarted; CYCLES times. After each restart:
// - it starts at the first attempt (no stale postmaster.pid left in the way);
// - every creation answered 200 is there (memorial, person, tree);
// - a request cut by the crash, sent again with its Idempotency-Key, plants at most once in all;
// - stock plus planted trees is what it was at the start.
// Traffic goes only to 127.0.0.1; every loop is bounded. docs/reliability.md has the figures.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startEmbeddedDatabase } from "@memorial/lib/db/embedded";
import pg from "pg";
import { afterAll, expect, it } from "vitest";

const CYCLES = Number(process.env.CRASH_CYCLES || 5);
const WORKERS = 6;
const MAX_REQUESTS_PER_WORKER = 400; // per cycle; the kill comes long before
const ACKS_BEFORE_KILL = 30;

const root = mkdtempSync(path.join(os.tmpdir(), "memorial-crash-"));
chmodSync(root, 0o755); // the postgres user must reach it when we are root
const dataDir = path.join(root, "data");
let service: ChildProcess | undefined;

afterAll(async () => {
  if (service?.pid && service.exitCode === null) {
    try {
      process.kill(-service.pid, "SIGKILL");
    } catch {}
  }
  if (!process.env.CRASH_KEEP) rmSync(root, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  log: string;
}

/** Starts the service in a process group of its own; resolves once it answers HTTP. */
async function startService(port: number, cycle: number): Promise<Started> {
  const logFile = path.join(root, `service-${cycle}.log`);
  const out = createWriteStream(logFile);
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  delete env.DATABASE_URL; // the embedded server of DATA_DIR
  delete env.SMTP_URL;
  const child = spawn(process.execPath, [path.resolve("scripts/run.mjs"), "start"], {
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk) => {
    log += String(chunk);
    out.write(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    log += String(chunk);
    out.write(chunk);
  });
  service = child;
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null)
      throw new Error(`the service exited with ${child.exitCode} at start; see ${logFile}`);
    try {
      if ((await fetch(`${url}/v1/Plantations`)).status === 403) return { child, url, log };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the service did not answer within 120 s; see ${logFile}`);
}

function killGroup(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(-child.pid!, "SIGKILL");
  return exited;
}

interface Sent {
  idempotencyKey: string;
  body: object;
  /** IdMemorial when the service answered 200. */
  memorialId?: number;
  status?: number;
  /** The service answered the first response again (Idempotency-Key): the work was done before. */
  replayed?: boolean;
}

async function create(url: string, key: string, sent: Sent): Promise<void> {
  try {
    const response = await fetch(`${url}/v1/Memorials/Creer`, {
      method: "POST",
      headers: { key, "content-type": "application/json", "idempotency-key": sent.idempotencyKey },
      body: JSON.stringify(sent.body),
      signal: AbortSignal.timeout(20_000),
    });
    // An answer counts once it has arrived whole: a status line cut before its body promised nothing.
    const json = (await response.json()) as { IdMemorial?: number };
    sent.status = response.status;
    sent.replayed = response.headers.get("idempotent-replayed") === "true";
    if (response.status === 200) sent.memorialId = json.IdMemorial;
  } catch {
    // cut by the crash: no answer, so no promise was made
  }
}

async function totals(client: pg.Client) {
  const { rows } = await client.query<{ stock: number; planted: number; trees: number }>(`
    SELECT (SELECT COALESCE(SUM("stock"), 0) FROM "stock")::int AS stock,
           (SELECT COALESCE(SUM("quantity"), 0) FROM "tree" WHERE NOT "is_test")::int AS planted,
           (SELECT COUNT(*) FROM "tree")::int AS trees`);
  return rows[0];
}

async function connect(): Promise<pg.Client> {
  // Reuses the service's running PostgreSQL, as the command line does.
  process.env.DATA_DIR = dataDir;
  const database = await startEmbeddedDatabase();
  const client = new pg.Client({ connectionString: database.url });
  client.on("error", () => {});
  await client.connect();
  return client;
}

it(`acknowledged writes survive ${CYCLES} kills of the whole service under load`, async () => {
  const port = await freePort();
  let started = await startService(port, 0);
  const key = /live key \(shown once\): (mt_live_\S+)/.exec(started.log)?.[1];
  expect(key, "the demo live key in the start log").toBeTruthy();
  const db = await connect();
  const initial = await totals(db);
  await db.end();
  const all: Sent[] = [];
  const report: string[] = [];

  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    const sentThisCycle: Sent[] = [];
    let killed = false;
    let acked = 0;
    const worker = async (w: number) => {
      for (let i = 0; i < MAX_REQUESTS_PER_WORKER && !killed; i++) {
        const sent: Sent = {
          idempotencyKey: `crash-${cycle}-${w}-${i}`,
          body: {
            DeLaPartDe: "Crash test",
            Message: `cycle ${cycle}, worker ${w}, request ${i}`,
            Defunt: { Nom: `Crash ${cycle}-${w}-${i}`, Prenom: "Test", DateDeces: "2026-11-01" },
          },
        };
        sentThisCycle.push(sent);
        await create(started.url, key!, sent);
        if (sent.memorialId) acked++;
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    // Kill once the load is well under way, at a moment that varies from cycle to cycle.
    for (let i = 0; i < 300 && acked < ACKS_BEFORE_KILL; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 1500)));
    await killGroup(started.child);
    killed = true;
    await load;

    const answeredBeforeKill = sentThisCycle.filter((s) => s.status === 200).length;
    const refusedBeforeKill = sentThisCycle.filter((s) => s.status !== undefined && s.status !== 200).length;
    const restartBegan = Date.now();
    started = await startService(port, cycle);
    const restartMs = Date.now() - restartBegan;
    // It started at the first attempt: the launcher removed the crashed postmaster's pid file and
    // said so, and PostgreSQL refused nothing.
    expect(started.log).toContain("removed the stale");
    expect(started.log).not.toContain("did not start");

    // Requests cut by the crash, sent again with the same Idempotency-Key and body.
    const cut = sentThisCycle.filter((s) => s.status === undefined);
    await Promise.all(cut.map((s) => create(started.url, key!, s)));
    const retried = cut.filter((s) => s.memorialId !== undefined).length;
    // Those among them that PostgreSQL had committed before the kill: their answer was lost, not their work.
    const replays = cut.filter((s) => s.replayed).length;
    all.push(...sentThisCycle);

    const client = await connect();
    const acknowledged = all.filter((s) => s.memorialId !== undefined);
    const ids = acknowledged.map((s) => s.memorialId!);
    const { rows } = await client.query<{ id: number; trees: number }>(
      `SELECT m."id", (SELECT COUNT(*) FROM "tree" t WHERE t."memorial_id" = m."id")::int AS trees
       FROM "memorial" m WHERE m."id" = ANY($1::int[])`,
      [ids],
    );
    const now = await totals(client);
    await client.end();

    // Every acknowledged creation is there, with its one tree.
    expect(rows.length, "acknowledged memorials found").toBe(new Set(ids).size);
    expect(rows.every((r) => r.trees === 1)).toBe(true);
    // One tree per distinct request that succeeded (at first or when sent again): nothing planted twice.
    expect(now.planted - initial.planted).toBe(new Set(ids).size);
    expect(new Set(ids).size).toBe(acknowledged.length);
    // No tree appears or vanishes: stock plus planted trees is constant.
    expect(now.stock + now.planted).toBe(initial.stock + initial.planted);
    report.push(
      `cycle ${cycle}: ${sentThisCycle.length} sent, ${answeredBeforeKill} answered 200 and ` +
        `${refusedBeforeKill} refused before the kill, ${cut.length} cut by it (${retried} succeeded when ` +
        `sent again, ${replays} of them replays of work committed before the kill); restart ${(restartMs / 1000).toFixed(1)} s; acknowledged so far ${acknowledged.length}; ` +
        `stock ${now.stock} + planted ${now.planted} = ${now.stock + now.planted}`,
    );
  }
  // The background work of every acknowledged creation (its events, handed to their consumers by
  // jobs) is done after the kills too: jobs held by a killed process are taken back (lib/jobs).
  const client = await connect();
  const deadline = Date.now() + 120_000;
  let pending = -1;
  while (Date.now() < deadline) {
    pending = (
      await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "domain_event" WHERE "dispatched_at" IS NULL`,
      )
    ).rows[0].n;
    if (pending === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await client.end();
  expect(pending, "domain events never dispatched after the kills").toBe(0);
  report.push("every domain event dispatched after the kills");
  const stopped = new Promise((resolve) => started.child.once("exit", resolve));
  process.kill(started.child.pid!, "SIGTERM");
  await stopped;
  console.log(`crash test (${root}):\n${report.join("\n")}`);
  // The password of the embedded database is the random one, readable only by its owner.
  expect(readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
}, 300_000);
