// The Prisma client of the process, created once: this module exists once per process (lib/ is
// one package that Next.js does not bundle, docs/architecture.md), so its pool is the process's
// only pool for the application's queries. DATABASE_URL is set by the launcher (scripts/start.ts)
// when the embedded database is used.
import { randomUUID } from "node:crypto";

import { registerPool } from "@memorial/lib/observability/metrics";
import { settings } from "@memorial/lib/settings";
import type { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";
import { isConnectionError, reportDatabaseFailure } from "./health";
import { SerialTransactionsPg } from "./serial-transactions";

export { Prisma } from "./generated/client";

interface PooledClient {
  client: PrismaClient;
  /** The client's pool, which lib/db/raw.ts also sends its statements through. */
  pool: pg.Pool;
}

let main: PooledClient | undefined;
/** The reports' client and what it was made for (its pool's size and database). */
let reports: (PooledClient & { made: string }) | undefined;

/**
 * The `application_name` of a pool's connections: the pool's name, this process's id and the
 * pool's own id, so that pg_stat_activity tells which process and which pool holds each connection
 * (e2e/api/one-module-graph.spec.ts counts the pools of the server's process).
 */
function poolApplicationName(name: string, poolId: string): string {
  return `memorial-trees/${name}/${process.pid}/${poolId}`;
}

function createClient(
  connectionString = settings().DATABASE_URL,
  name = "main",
  max = settings().DATABASE_POOL_SIZE,
): PooledClient {
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  // The pool is made here so that /metrics can show its connections (db_pool_*).
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: poolApplicationName(name, randomUUID().slice(0, 8)),
  });
  registerPool(name, pool);
  // An idle connection that dies (the database restarting or gone) is an "error" of the pool: heard
  // here from the start, before the ORM's adapter connects (lib/db/raw.ts may use the pool first),
  // as an unheard "error" would end the process.
  pool.on("error", reportIfConnectionError);
  // (The adapter's own @types/pg differs from ours; the module is the same one.) A connection lost
  // by the pool (the database restarting or gone) tells lib/db/health.ts.
  const adapter = new SerialTransactionsPg(pool as unknown as ConstructorParameters<typeof PrismaPg>[0], {
    disposeExternalPool: true,
    onPoolError: reportIfConnectionError,
    onConnectionError: reportIfConnectionError,
  });
  return { client: new PrismaClient({ adapter }), pool };
}

function reportIfConnectionError(error: Error) {
  if (isConnectionError(error)) reportDatabaseFailure(error);
}

function mainClient(): PooledClient {
  main ??= createClient();
  return main;
}

/** The shared client; created on first use so that importing this module never connects. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const client = mainClient().client;
    const value = Reflect.get(client, property);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** The shared client's pool (lib/db/raw.ts: the statements sent without the ORM share it). */
export function mainPool(): pg.Pool {
  return mainClient().pool;
}

function reportsClient(): PooledClient {
  const { REPORTS_DATABASE_URL, DATABASE_URL, REPORTS_POOL_SIZE } = settings();
  const url = REPORTS_DATABASE_URL || DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const made = `${REPORTS_POOL_SIZE} ${url}`;
  if (reports?.made !== made) {
    void reports?.client.$disconnect();
    reports = { made, ...createClient(url, "reports", REPORTS_POOL_SIZE) };
  }
  return reports;
}

/**
 * The pool of the reports' reads (lib/reports: the report lines and totals, exports, the
 * dashboard's charts and tree-life figures): a read replica when REPORTS_DATABASE_URL is set,
 * where a report may lag the primary by the replication delay; otherwise the primary. Its pool is
 * its own, of REPORTS_POOL_SIZE connections (4 by default), whichever database it reads: a burst of
 * reports (20 partners polling, a dashboard's exports) waits its turn there instead of taking the
 * connections of the plantings and pages (test/reports-pool.test.ts). On two cores its size moved
 * the reports' own latency less than a run's noise (docs/performance.md).
 * Only reads that nobody makes right after their own write take it: never Infos, a memorial page
 * or anything a use case reads to decide.
 */
export function reportsPool(): pg.Pool {
  return reportsClient().pool;
}

/** The time a transaction may last, the ORM's (transaction) and lib/db/raw.ts's (sqlTransaction). */
export const TRANSACTION_TIMEOUT_MS = 60_000;

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * An interactive transaction with room for waiting: under many simultaneous requests a
 * transaction may wait for a pooled connection and for row locks held by others.
 */
export function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(work, { maxWait: 30_000, timeout: TRANSACTION_TIMEOUT_MS });
}

export async function disconnect(): Promise<void> {
  const [shared, replica] = [main, reports];
  main = undefined;
  reports = undefined;
  await shared?.client.$disconnect();
  await replica?.client.$disconnect();
}
