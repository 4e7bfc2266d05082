// The benchmark's databases: DATABASE_URL when set (one database, the size given), otherwise
// `bench_large` and `bench_small` in an embedded PostgreSQL under DATA_DIR (default .bench-data),
// kept apart from the service's own .data.
import path from "node:path";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "@memorial/lib/db/embedded";
import pg from "pg";

// groups = operators (one GroupeEpf each), epfsPerGroup funeral homes each (2 agencies each),
// deaths from `from` over `years` years. xlarge is a national operator's decade: 20 groups of 50
// funeral homes (1,000), ten years of deaths (2016-2025), 5 trees per person as in the others.
export const SIZES = {
  xlarge: { trees: 10_000_000, persons: 2_000_000, groups: 20, epfsPerGroup: 50, from: 2016, years: 10 },
  large: { trees: 1_000_000, persons: 200_000, groups: 10, epfsPerGroup: 10, from: 2021, years: 5 },
  small: { trees: 10_000, persons: 2_000, groups: 10, epfsPerGroup: 10, from: 2021, years: 5 },
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

const isSize = (value: string): value is Size => Object.hasOwn(SIZES, value);

/**
 * `--size xlarge|large|small` or a comma-separated list (`--size xlarge,small`, the larger first);
 * large and small when absent (one only, large by default, with DATABASE_URL).
 */
export function sizesFromArgs(argv: string[], external: boolean): Size[] {
  const index = argv.indexOf("--size");
  const value = index >= 0 ? argv[index + 1] : undefined;
  if (value === undefined) return external ? ["large"] : ["large", "small"];
  const sizes = value.split(",");
  const wrong = sizes.filter((size) => !isSize(size));
  if (wrong.length > 0 || sizes.length === 0)
    throw new Error(`--size must be xlarge, large or small (or a list of them), got ${value}`);
  return sizes as Size[];
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function benchTarget(sizes: Size[]): Promise<BenchTarget> {
  if (process.env.DATABASE_URL) {
    if (sizes.length !== 1) throw new Error("with DATABASE_URL, give one --size (xlarge, large or small)");
    return {
      databases: [{ size: sizes[0], url: process.env.DATABASE_URL }],
      adminUrl: null,
      stop: async () => {},
    };
  }
  process.env.DATA_DIR = path.resolve(process.env.DATA_DIR || ".bench-data");
  let embedded: EmbeddedDatabase = await startEmbeddedDatabase();
  if ((await showSetting(embedded.url, "shared_buffers")) !== SHARED_BUFFERS) {
    await alterSystem(embedded.url, "shared_buffers", SHARED_BUFFERS);
    await embedded.stop();
    embedded = await startEmbeddedDatabase();
  }
  return {
    databases: sizes.map((size) => ({ size, url: withDatabase(embedded.url, `bench_${size}`) })),
    adminUrl: withDatabase(embedded.url, "postgres"),
    stop: () => embedded.stop(),
  };
}

/** Drops and creates a bench database (embedded only: never someone else's database). */
export async function recreateDatabase(adminUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^bench_(xlarge|large|small)$/.test(name)) throw new Error(`refusing to recreate database ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * The bench's embedded PostgreSQL gets the buffer cache a database of ten million trees is given in
 * production (PostgreSQL's default, 128 MB, is for a small machine; a sixth of this machine's
 * 24 GiB is 4 GB). Written once in .bench-data's postgresql.auto.conf; the service's own embedded
 * database keeps the default.
 */
const SHARED_BUFFERS = "4GB";

async function showSetting(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(`SHOW ${name}`)).rows[0][name];
  } finally {
    await client.end();
  }
}

async function alterSystem(url: string, name: string, value: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`ALTER SYSTEM SET ${name} = '${value}'`);
  } finally {
    await client.end();
  }
}

/**
 * Loads into PostgreSQL's buffer cache the relations the measured endpoints read: the trees, the
 * persons and the memorials, with the indexes that begin with a key the reports and Infos look
 * them up by (the funeral home, the person, the memorial, the replaced tree, the id). A database
 * that has served reports for a while holds them there; one just started (each `npm run bench`
 * starts its own) copies each page from the operating system's cache on first use, which cost
 * PostgreSQL about 1 ms more per 30-day report over the 2,000 measured requests
 * (docs/performance.md, "A warm database"). About 3.4 GB at ten million trees, under the 4 GB of
 * SHARED_BUFFERS. Returns what it loaded, in MB, and how long it took; throws when the database
 * refuses (pg_prewarm is an extension: a DATABASE_URL of a role that may not create it).
 */
export async function prewarm(url: string): Promise<{ megabytes: number; ms: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_prewarm");
    const { rows } = await client.query<{ blocks: string }>(`
      WITH wanted AS (
        SELECT c.oid FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
          AND c.relname IN ('tree', 'person', 'memorial', 'species', 'plantation', 'context', 'operator')
        UNION ALL
        SELECT i.indexrelid FROM pg_index i
        JOIN pg_class t ON t.oid = i.indrelid AND t.relname IN ('tree', 'person', 'memorial')
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
        WHERE t.relnamespace = 'public'::regnamespace
          AND a.attname IN ('id', 'epf_id', 'person_id', 'memorial_id', 'replaces_tree_id'))
      SELECT COALESCE(SUM(pg_prewarm(oid::regclass)), 0)::text AS "blocks" FROM wanted`);
    return { megabytes: Math.round((Number(rows[0].blocks) * 8) / 1024), ms: performance.now() - started };
  } finally {
    await client.end();
  }
}
