// npm run bench [-- --size xlarge,small] [-- --requests 300] [-- --clients 20]: measures the report
// and Infos endpoints on the databases of `npm run bench:seed` (scripts/bench/databases.ts). It
// starts the real service (the launcher and the built Next.js server, as `npm start` does) once per
// database, all at the same time, and sends the same kinds of requests to each in turn so that
// whatever else the machine is doing weighs on every size alike:
// - one at a time (the default, --clients 1): one request to each size in turn;
// - with --clients N: N requests in flight at once against one database at a time, in rounds that
//   alternate the sizes (10 rounds per endpoint), each request timed from its sending to its last byte.
// Prints p50/p99 per endpoint and size, and the ratio of the largest size to the smallest; then
// where each request's CPU went: the service's processes, PostgreSQL's and this client's (from
// /proc, over the measured requests only). --only TEXT measures the endpoints whose name has TEXT.
// With --profile DIR, the servers' processes are profiled (scripts/bench/cpu-profile.cjs) and write
// their CPU profiles (launcher and HTTP server) to DIR/<size> when stopped: `npm run bench:profile -- DIR/<size>`
// sums them up.
// Before measuring, the relations the endpoints read are loaded into PostgreSQL's buffer cache
// (databases.ts prewarm), as a database serving for a while holds them; --cold measures the
// database just started instead.
// Not a test: nothing here passes or fails on a time, it reports what it measured.
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { generateKey, hashKey } from "@memorial/lib/operators/keys";
import pg from "pg";
import { type RunningServer, startServer } from "../../e2e/support/server";
import { type BenchDatabase, benchTarget, prewarm, SIZES, type Size, sizesFromArgs } from "./databases";

const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : Number.NaN);
const REQUESTS = option("--requests") || 300;
const CLIENTS = option("--clients") || 1;
const PROFILE = argv.includes("--profile") ? path.resolve(argv[argv.indexOf("--profile") + 1]) : null;
const ONLY = argv.includes("--only") ? argv[argv.indexOf("--only") + 1] : null;
/** --cold: measures a database just started, its buffer cache empty (no prewarm). */
const COLD = argv.includes("--cold");
const WARMUP = 50;
const ROUNDS = 10;

/** A deterministic generator, so that both databases get the same kind of sample on every run. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ymd = (date: Date) => `${date.getUTCFullYear()}/${date.getUTCMonth() + 1}/${date.getUTCDate()}`;

interface Kind {
  name: string;
  paths: string[];
}

/** A fresh live key for each operator of the bench database (keys are stored only as hashes). */
async function operatorKeys(client: pg.Client): Promise<Map<number, string>> {
  const operators = (await client.query<{ id: number }>(`SELECT "id" FROM "operator" ORDER BY "id"`)).rows;
  const keys = new Map<number, string>();
  for (const { id } of operators) {
    const key = generateKey("production");
    await client.query(
      `INSERT INTO "api_key" ("operator_id", "hash", "prefix", "environment") VALUES ($1, $2, $3, 'production')`,
      [id, hashKey(key), key.slice(0, 12)],
    );
    keys.set(id, key);
  }
  return keys;
}

/** The requests sent to one database: drawn from its own data with the same generator. */
async function requestsFor(database: BenchDatabase, count: number): Promise<Kind[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const keys = await operatorKeys(client);
    const random = mulberry32(2026);
    const epfs = (
      await client.query<{ id: number; operatorId: number }>(
        `SELECT "id", "operator_id" AS "operatorId" FROM "context" WHERE "kind" = 'Epf' ORDER BY "id"`,
      )
    ).rows;
    const { from, years } = SIZES[database.size];
    const first = Date.UTC(from, 0, 1);
    const span = Date.UTC(from + years - 1, 11, 1) - first;
    const day = () => new Date(first + Math.floor((random() * span) / 86_400_000) * 86_400_000);
    const epfReport = (days: number) =>
      Array.from({ length: count }, () => {
        const epf = epfs[Math.floor(random() * epfs.length)];
        return `/v1/${keys.get(epf.operatorId)}/Report/Arbres/Epf/${epf.id}/Days/${days}/DepuisLe/${ymd(day())}`;
      });
    // A person's report over the 60 days after the death, where that person's trees are.
    const { trees, persons } = SIZES[database.size];
    const treeIds = Array.from({ length: count * 2 }, () => 1 + Math.floor(random() * trees));
    const planted = (
      await client.query<{ personId: number; epfId: number; operatorId: number; deathDate: Date }>(
        `SELECT DISTINCT ON (t."id") t."person_id" AS "personId", t."epf_id" AS "epfId",
                t."operator_id" AS "operatorId", p."death_date" AS "deathDate", t."id"
         FROM "tree" t JOIN "person" p ON p."id" = t."person_id"
         WHERE t."id" = ANY($1::int[]) AND NOT t."is_test"`,
        [treeIds],
      )
    ).rows.slice(0, count);
    const personReport = planted.map(
      (t) =>
        `/v1/${keys.get(t.operatorId)}/Report/Arbres/Epf/${t.epfId}/Personne/${t.personId}/Days/60/DepuisLe/${ymd(t.deathDate)}`,
    );
    // Infos of public memorials, read by some operator (usually not the memorial's own: a newspaper).
    const memorialIds = Array.from({ length: count * 2 }, () => 1 + Math.floor(random() * persons));
    const memorials = (
      await client.query<{ id: number }>(
        `SELECT "id" FROM "memorial" WHERE "id" = ANY($1::int[]) AND "status" = 'visible' AND NOT "is_test"`,
        [memorialIds],
      )
    ).rows.slice(0, count);
    const operatorIds = [...keys.keys()];
    const infos = memorials.map(
      (m) => `/v1/${keys.get(operatorIds[Math.floor(random() * operatorIds.length)])}/Memorial/${m.id}/Infos`,
    );
    return [
      { name: "report, funeral home, 30 days", paths: epfReport(30) },
      { name: "report, person, 60 days", paths: personReport },
      { name: "Infos", paths: infos },
      { name: "report, funeral home, 3660 days (page 1)", paths: epfReport(3660) },
    ];
  } finally {
    await client.end();
  }
}

interface Sample {
  ms: number;
  /** The answer's lines, for the answers read through (checked); null for the others. */
  lines: number | null;
}

/**
 * The client's connections: node:http with keep-alive, one socket per client in flight, as a
 * partner's HTTP client keeps them. (With fetch, whose WHATWG layer is heavier, the client cost
 * 1.4 ms of CPU for a small answer instead of 0.6, on two cores shared with the service and
 * PostgreSQL: docs/performance.md, "A lighter client".)
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(1, CLIENTS) });

/**
 * One answer in CHECK_EVERY is read through (gunzipped, parsed, its lines counted), as are the
 * warm-up's: the others are checked by status only. The client shares the service's two cores, and
 * undoing and parsing every answer cost it 0.8 ms of CPU per 30-day report, a partner's work done
 * on a partner's machine (docs/performance.md, "A quiet machine, one statement a page, a pool for
 * the reports").
 */
const CHECK_EVERY = 10;

/** One GET, timed from its sending to its last byte, gzip accepted; `check`: read through. */
function timed(url: string, check: boolean): Promise<Sample> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { "accept-encoding": "gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        try {
          const ms = performance.now() - started;
          if (response.statusCode === 200 && !check) return resolve({ ms, lines: null });
          const raw = Buffer.concat(chunks);
          const text = (response.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString();
          if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${text}`);
          resolve({ ms, lines: JSON.parse(text).Arbres.length });
        } catch (error) {
          reject(error);
        }
      });
    });
    request.on("error", reject);
  });
}

/** Sends every path with `clients` requests in flight at once; the samples in the paths' order. */
async function concurrently(
  base: string,
  paths: string[],
  clients: number,
  check: (i: number) => boolean,
): Promise<Sample[]> {
  const samples: Sample[] = new Array(paths.length);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const i = next++;
      samples[i] = await timed(base + paths[i], check(i));
    }
  };
  await Promise.all(Array.from({ length: Math.min(clients, paths.length) }, worker));
  return samples;
}

/** CPU milliseconds so far of each process: its command and parent (Linux /proc). */
function processTimes(): Map<number, { ms: number; parent: number; command: string }> {
  const ticks = 100; // USER_HZ
  const times = new Map<number, { ms: number; parent: number; command: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
      times.set(Number(entry), { ms, parent: Number(fields[1]), command });
    } catch {
      // the process ended meanwhile
    }
  }
  return times;
}

type Side = "service" | "postgres" | "client";

/**
 * CPU milliseconds so far of each process of the service (`root` and its descendants) and of
 * PostgreSQL, and of this process (the client), by process id.
 */
function cpuSplit(root: number): Map<number, { side: Side; ms: number }> {
  const times = processTimes();
  const inService = (pid: number): boolean => {
    for (let p = pid, depth = 0; p > 1 && depth < 10; depth++) {
      if (p === root) return true;
      p = times.get(p)?.parent ?? 0;
    }
    return false;
  };
  const split = new Map<number, { side: Side; ms: number }>();
  for (const [pid, t] of times) {
    if (inService(pid)) split.set(pid, { side: "service", ms: t.ms });
    else if (t.command === "postgres") split.set(pid, { side: "postgres", ms: t.ms });
  }
  const own = process.cpuUsage();
  split.set(process.pid, { side: "client", ms: (own.user + own.system) / 1000 });
  return split;
}

/**
 * What each side spent between two cpuSplit readings, process by process: one that started
 * meanwhile counts in full, one that ended loses its last interval (never a negative figure).
 */
function cpuSpent(before: Map<number, { ms: number }>, after: Map<number, { side: Side; ms: number }>) {
  const spent: Record<Side, number> = { service: 0, postgres: 0, client: 0 };
  for (const [pid, { side, ms }] of after) spent[side] += Math.max(0, ms - (before.get(pid)?.ms ?? 0));
  return spent;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];

const sizes = sizesFromArgs(argv, Boolean(process.env.DATABASE_URL));
const target = await benchTarget(sizes);
const servers = new Map<Size, RunningServer>();
try {
  const plans = new Map<Size, Kind[]>();
  for (const database of target.databases) {
    plans.set(database.size, await requestsFor(database, REQUESTS + WARMUP));
    if (!COLD) {
      const loaded = await prewarm(database.url).catch((error: Error) => error);
      console.log(
        loaded instanceof Error
          ? `${database.size}: not prewarmed (${loaded.message}): measured as with --cold`
          : `${database.size}: ${loaded.megabytes} MB loaded in PostgreSQL's buffer cache in ${(loaded.ms / 1000).toFixed(1)} s (--cold: none)`,
      );
    }
    const log = path.resolve(process.env.DATA_DIR || ".bench-data", `server-${database.size}.log`);
    const profile: Record<string, string> = PROFILE
      ? {
          NODE_OPTIONS: `--require ${path.resolve("scripts/bench/cpu-profile.cjs")}`,
          BENCH_CPU_PROFILE_DIR: path.join(PROFILE, database.size),
        }
      : {};
    // API_RATE_LIMIT=0: the benchmark measures the service, not its per-key limit.
    servers.set(
      database.size,
      await startServer({ DATABASE_URL: database.url, API_RATE_LIMIT: "0", ...profile }, log),
    );
    console.log(`${database.size}: service on ${servers.get(database.size)!.url} (log ${log})`);
  }
  const results: {
    kind: string;
    size: Size;
    p50: number;
    p99: number;
    mean: number;
    lines: number;
    perSecond: number;
    cpu: { service: number; postgres: number; client: number };
    count: number;
  }[] = [];
  const kinds = plans.get(sizes[0])!.map((kind) => kind.name);
  for (const [k, name] of kinds.entries()) {
    if (ONLY && !name.includes(ONLY)) continue;
    const samples = new Map<Size, Sample[]>(sizes.map((size) => [size, []]));
    const busy = new Map<Size, number>(sizes.map((size) => [size, 0]));
    const cpu = new Map<Size, { service: number; postgres: number; client: number }>(
      sizes.map((size) => [size, { service: 0, postgres: 0, client: 0 }]),
    );
    /** Adds what `measure` cost on each side to `size`'s account. */
    const accounted = async <T>(size: Size, measure: () => Promise<T>): Promise<T> => {
      const before = cpuSplit(servers.get(size)!.pid);
      const value = await measure();
      const spent = cpuSpent(before, cpuSplit(servers.get(size)!.pid));
      const sum = cpu.get(size)!;
      sum.service += spent.service;
      sum.postgres += spent.postgres;
      sum.client += spent.client;
      return value;
    };
    if (CLIENTS === 1) {
      for (let i = 0; i < REQUESTS + WARMUP; i++) {
        for (const size of sizes) {
          const paths = plans.get(size)![k].paths;
          const sample = await timed(
            servers.get(size)!.url + paths[i % paths.length],
            i < WARMUP || i % CHECK_EVERY === 0,
          );
          if (i >= WARMUP) samples.get(size)!.push(sample);
          if (i >= WARMUP) busy.set(size, busy.get(size)! + sample.ms);
        }
      }
    } else {
      // Warm-up, then rounds of REQUESTS / ROUNDS requests, the sizes alternating (and starting
      // each round with the other one) so that the machine's noise weighs on both.
      for (const size of sizes) {
        const paths = plans.get(size)![k].paths;
        await concurrently(servers.get(size)!.url, paths.slice(0, WARMUP), CLIENTS, () => true);
      }
      const perRound = Math.ceil(REQUESTS / ROUNDS);
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? sizes : [...sizes].reverse();
        for (const size of order) {
          const paths = plans.get(size)![k].paths;
          const slice = Array.from(
            { length: perRound },
            (_, i) => paths[(WARMUP + round * perRound + i) % paths.length],
          );
          const started = performance.now();
          samples
            .get(size)!
            .push(
              ...(await accounted(size, () =>
                concurrently(servers.get(size)!.url, slice, CLIENTS, (i) => i % CHECK_EVERY === 0),
              )),
            );
          busy.set(size, busy.get(size)! + performance.now() - started);
        }
      }
    }
    for (const size of sizes) {
      const list = samples.get(size)!;
      const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
      results.push({
        kind: name,
        size,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
        lines: mean(list.flatMap((s) => (s.lines === null ? [] : [s.lines]))),
        perSecond: (list.length * 1000) / busy.get(size)!,
        cpu: cpu.get(size)!,
        count: list.length,
      });
    }
  }

  console.log(
    `\n${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
      `${REQUESTS} requests per endpoint and size after ${WARMUP} of warm-up, ` +
      `${CLIENTS === 1 ? "one at a time" : `${CLIENTS} clients at once, ${ROUNDS} rounds alternating the sizes`}; ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}\n`,
  );
  const pad = (text: string, width: number) => text.padEnd(width);
  const num = (value: number) => value.toFixed(1).padStart(8);
  console.log(`${pad("endpoint", 42)}${pad("size", 7)}   p50 ms   p99 ms  mean ms    req/s  lines/page`);
  for (const r of results) {
    console.log(
      `${pad(r.kind, 42)}${pad(r.size, 7)}${num(r.p50)} ${num(r.p99)} ${num(r.mean)} ${num(r.perSecond)}  ${r.lines.toFixed(1)}`,
    );
  }
  if (CLIENTS > 1) {
    console.log(`\n${pad("CPU per request (ms)", 42)}${pad("size", 7)} service postgres   client    total`);
    for (const r of results) {
      const n = r.count;
      const { service, postgres, client } = r.cpu;
      console.log(
        `${pad(r.kind, 42)}${pad(r.size, 7)}${num(service / n)} ${num(postgres / n)} ${num(client / n)} ${num((service + postgres + client) / n)}`,
      );
    }
  }
  if (sizes.length >= 2 && !ONLY) {
    const bySize = [...sizes].sort((a, b) => SIZES[b].trees - SIZES[a].trees);
    const [biggest, smallest] = [bySize[0], bySize[bySize.length - 1]];
    console.log(`\n${pad(`ratio ${biggest} / ${smallest}`, 42)}     p50      p99`);
    for (const name of kinds) {
      const large = results.find((r) => r.kind === name && r.size === biggest)!;
      const small = results.find((r) => r.kind === name && r.size === smallest)!;
      console.log(
        `${pad(name, 42)}${(large.p50 / small.p50).toFixed(2).padStart(8)} ${(large.p99 / small.p99).toFixed(2).padStart(8)}`,
      );
    }
  }
} finally {
  for (const server of servers.values()) await server.stop();
  await target.stop();
}
