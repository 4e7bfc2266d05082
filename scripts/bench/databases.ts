// The benchmark's databases: DATABASE_URL when set (one database, the size given), otherwise
// `bench_large` and `bench_small` in an embedded PostgreSQL under DATA_DIR (default .bench-data),
// kept apart from the service's own .data.
import path from "node:path";
import pg from "pg";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "@/lib/db/embedded";

export const SIZES = {
  large: { trees: 1_000_000, persons: 200_000 },
  small: { trees: 10_000, persons: 2_000 },
} as const;

export type Size = keyof typeof SIZES;

export interface BenchDatabase {
  size: Size;
  url: string;
}

export interface BenchTarget {
  databases: BenchDatabase[];
  /** The server's maintenance database, to create and drop the bench databases (embedded only). */
  adminUrl: string | null;
  stop(): Promise<void>;
}

/** `--size large|small`; both when absent (one only, large by default, with DATABASE_URL). */
export function sizesFromArgs(argv: string[], external: boolean): Size[] {
  const index = argv.indexOf("--size");
  const value = index >= 0 ? argv[index + 1] : undefined;
  if (value === "large" || value === "small") return [value];
  if (value !== undefined) throw new Error(`--size must be large or small, got ${value}`);
  return external ? ["large"] : ["large", "small"];
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function benchTarget(sizes: Size[]): Promise<BenchTarget> {
  if (process.env.DATABASE_URL) {
    if (sizes.length !== 1) throw new Error("with DATABASE_URL, give one --size (large or small)");
    return {
      databases: [{ size: sizes[0], url: process.env.DATABASE_URL }],
      adminUrl: null,
      stop: async () => {},
    };
  }
  process.env.DATA_DIR = path.resolve(process.env.DATA_DIR || ".bench-data");
  const embedded: EmbeddedDatabase = await startEmbeddedDatabase();
  return {
    databases: sizes.map((size) => ({ size, url: withDatabase(embedded.url, `bench_${size}`) })),
    adminUrl: withDatabase(embedded.url, "postgres"),
    stop: () => embedded.stop(),
  };
}

/** Drops and creates a bench database (embedded only: never someone else's database). */
export async function recreateDatabase(adminUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^bench_(large|small)$/.test(name)) throw new Error(`refusing to recreate database ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}
