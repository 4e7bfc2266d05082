// The Prisma client of the process, created once. DATABASE_URL is set by the launcher
// (scripts/start.ts) when the embedded database is used.
import { PrismaPg } from "@prisma/adapter-pg";
import { settings } from "@/lib/settings";
import { PrismaClient } from "./generated/client";

export { Prisma } from "./generated/client";

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

function createClient(): PrismaClient {
  const { DATABASE_URL: connectionString, DATABASE_POOL_SIZE } = settings();
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  const adapter = new PrismaPg({ connectionString, max: DATABASE_POOL_SIZE });
  return new PrismaClient({ adapter });
}

/** The shared client; created on first use so that importing this module never connects. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    globalForPrisma.prisma ??= createClient();
    const value = Reflect.get(globalForPrisma.prisma, property);
    return typeof value === "function" ? value.bind(globalForPrisma.prisma) : value;
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
}
