// The Prisma client of the process, created once. DATABASE_URL is set by the launcher
// (scripts/start.ts) when the embedded database is used.

import { registerPool } from "@memorial/lib/observability/metrics";
import { settings } from "@memorial/lib/settings";
import type { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";
import { isConnectionError, reportDatabaseFailure } from "./health";
import { SerialTransactionsPg } from "./serial-transactions";

export { Prisma } from "./generated/client";

const globalForPrisma = globalThis as unknown as {
  prisma?: PrismaClient;
  reports?: { url: string; client: PrismaClient };
};

function createClient(connectionString = settings().DATABASE_URL, name = "main"): PrismaClient {
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  // The pool is made here so that /metrics can show its connections (db_pool_*).
  const pool = new pg.Pool({ connectionString, max: settings().DATABASE_POOL_SIZE });
  registerPool(name, pool);
  // (The adapter's own @types/pg differs from ours; the module is the same one.) A connection lost
  // by the pool (the database restarting or gone) tells lib/db/health.ts.
  const adapter = new SerialTransactionsPg(pool as unknown as ConstructorParameters<typeof PrismaPg>[0], {
    disposeExternalPool: true,
    onPoolError: reportIfConnectionError,
    onConnectionError: reportIfConnectionError,
  });
  return new PrismaClient({ adapter });
}

function reportIfConnectionError(error: Error) {
  if (isConnectionError(error)) reportDatabaseFailure(error);
}

/** The shared client; created on first use so that importing this module never connects. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    globalForPrisma.prisma ??= createClient();
    const value = Reflect.get(globalForPrisma.prisma, property);
    return typeof value === "function" ? value.bind(globalForPrisma.prisma) : value;
  },
});

/**
 * The client of the reports' reads (lib/reports: the report lines and totals, exports, the
 * dashboard's charts and tree-life figures): a read replica when REPORTS_DATABASE_URL is set,
 * where a report may lag the primary by the replication delay; otherwise the shared client.
 * Only reads that nobody makes right after their own write take it: never Infos, a memorial page
 * or anything a use case reads to decide.
 */
export const reportsDb: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const url = settings().REPORTS_DATABASE_URL;
    if (!url) return Reflect.get(db, property);
    if (globalForPrisma.reports?.url !== url) {
      void globalForPrisma.reports?.client.$disconnect();
      globalForPrisma.reports = { url, client: createClient(url, "reports") };
    }
    const client = globalForPrisma.reports.client;
    const value = Reflect.get(client, property);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * An interactive transaction with room for waiting: under many simultaneous requests a
 * transaction may wait for a pooled connection and for row locks held by others.
 */
export function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(work, { maxWait: 30_000, timeout: 60_000 });
}

export async function disconnect(): Promise<void> {
  await globalForPrisma.prisma?.$disconnect();
  globalForPrisma.prisma = undefined;
  await globalForPrisma.reports?.client.$disconnect();
  globalForPrisma.reports = undefined;
}
