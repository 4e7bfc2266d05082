// npm run bench:export [-- --size xlarge] [-- --heap MB]: does a year's export stream in constant memory?
// On a database of `npm run bench:seed` (xlarge by default), starts the real service (as `npm run
// bench` does), signs a dashboard user of operator 1 in, and downloads the dashboard's CSV exports of
// a month, of a year (and of the report's longest period), in turns: month, year, month, year.
// Meanwhile it samples the resident memory (VmRSS) of the server's process and all its children
// every 100 ms. For each download it prints the lines, bytes, time, the RSS before it and the peak
// during it: if the server held an export in memory, the year's peak would grow with its lines.
// The client reads the body as it comes and keeps none of it (only counts bytes and line ends); a
// last download of the year reads at 1 MiB/s, so that the server has to wait for its client.
// Not a test: nothing here passes or fails, it reports what it measured.
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../../e2e/support/server";
import { benchTarget, SIZES, type Size, sizesFromArgs } from "./databases";

const argv = process.argv.slice(2);
const [size]: Size[] = argv.includes("--size")
  ? sizesFromArgs(argv, Boolean(process.env.DATABASE_URL))
  : ["xlarge"];
const SAMPLE_MS = 100;
// --heap MB: the servers' V8 old space is capped (node --max-old-space-size): an export held in
// memory would fail or grow the same, garbage that V8 leaves for later is collected sooner.
const HEAP_MB = argv.includes("--heap") ? Number(argv[argv.indexOf("--heap") + 1]) : null;

/** The server's process and its descendants (the launcher runs Next.js as a child). */
function family(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = /PPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1];
      if (ppid) parents.set(Number(entry), Number(ppid));
    } catch {
      // gone meanwhile
    }
  }
  const members = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!members.has(pid) && members.has(ppid)) {
        members.add(pid);
        grew = true;
      }
    }
  }
  return [...members];
}

function rssKb(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** A cookie jar of one: the Set-Cookie headers of each answer, sent back with the next request. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function signIn(base: string, url: string, operatorId: number): Promise<Jar> {
  process.env.DATABASE_URL = url;
  const { createUser } = await import("@memorial/lib/users/create-user");
  const { disconnect } = await import("@memorial/lib/db/client");
  const email = `bench-export-${Date.now()}@example.org`;
  const password = "correct horse battery";
  await createUser({ operatorId, email, password });
  await disconnect();
  const jar = new Jar();
  const csrf = await fetch(`${base}/api/auth/csrf`);
  jar.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
    redirect: "manual",
  });
  jar.take(callback);
  const session = await fetch(`${base}/api/auth/session`, { headers: { cookie: jar.header() } });
  if (!((await session.json()) as { user?: unknown }).user) throw new Error("could not sign in");
  return jar;
}

interface Download {
  name: string;
  lines: number;
  bytes: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  /** The peak in each quarter of the download's time: flat when memory does not grow with the lines. */
  quartersMb: number[];
}

/** A client that reads at `bytesPerSecond` at most (0: as fast as it comes). */
async function download(
  base: string,
  jar: Jar,
  pid: number,
  name: string,
  route: string,
  bytesPerSecond = 0,
): Promise<Download> {
  const pids = family(pid);
  const before = rssKb(pids);
  let peak = before;
  const samples: [number, number][] = [];
  const started = performance.now();
  const timer = setInterval(() => {
    const now = rssKb(pids);
    samples.push([performance.now() - started, now]);
    peak = Math.max(peak, now);
  }, SAMPLE_MS);
  try {
    const response = await fetch(base + route, { headers: { cookie: jar.header() } });
    if (response.status !== 200)
      throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
      // A slow client: the server must wait for it (backpressure), not buffer the export.
      if (bytesPerSecond > 0) await new Promise((r) => setTimeout(r, (chunk.length * 1000) / bytesPerSecond));
    }
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, rssKb(pids));
    const mb = (kb: number) => Math.round(kb / 1024);
    const quartersMb = [0, 1, 2, 3].map((q) => {
      const inQuarter = samples.filter(
        ([t]) => t >= (q * seconds * 1000) / 4 && t < ((q + 1) * seconds * 1000) / 4,
      );
      return inQuarter.length ? mb(Math.max(...inQuarter.map(([, kb]) => kb))) : Number.NaN;
    });
    // The header is a line too.
    return {
      name,
      lines: lines - 1,
      bytes,
      seconds,
      rssBeforeMb: mb(before),
      rssPeakMb: mb(peak),
      rssAfterMb: mb(rssKb(pids)),
      quartersMb,
    };
  } finally {
    clearInterval(timer);
  }
}

const target = await benchTarget([size]);
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  const [database] = target.databases;
  const { groups } = SIZES[size];
  const operatorId = 1;
  const epfId = groups + 1; // the operator's first funeral home (scripts/bench/seed.ts)
  const year = SIZES[size].from + SIZES[size].years - 2; // a full year of the seeded period
  const log = path.resolve(process.env.DATA_DIR || ".bench-data", `server-export-${size}.log`);
  const heap: Record<string, string> = HEAP_MB ? { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` } : {};
  server = await startServer({ DATABASE_URL: database.url, ...heap }, log);
  console.log(`${size}: service on ${server.url} (log ${log})`);
  const jar = await signIn(server.url, database.url, operatorId);
  const report = (days: number, from: number) =>
    `/api/dashboard/reports/csv?epf=${epfId}&year=${from}&month=1&day=1&days=${days}`;
  const exports: [string, string][] = [
    ["transactions CSV, a month", `/api/dashboard/transactions/csv?year=${year}&month=1`],
    ["transactions CSV, a year", `/api/dashboard/transactions/csv?year=${year}`],
    ["report CSV, funeral home, 30 days", report(30, year)],
    ["report CSV, funeral home, 365 days", report(365, year)],
    ["report CSV, funeral home, 3660 days", report(3660, SIZES[size].from)],
  ];
  // Warm-up: each route once on a short period (compiles, connects, fills caches).
  await download(
    server.url,
    jar,
    server.pid,
    "warm-up",
    `/api/dashboard/transactions/csv?year=${year}&month=2`,
  );
  await download(server.url, jar, server.pid, "warm-up", report(2, year));
  const results: Download[] = [];
  for (let turn = 0; turn < 2; turn++) {
    for (const [name, route] of exports)
      results.push(await download(server.url, jar, server.pid, name, route));
  }
  const [slowName, slowRoute] = exports[1];
  results.push(
    await download(server.url, jar, server.pid, `${slowName}, 1 MiB/s client`, slowRoute, 2 ** 20),
  );
  console.log(
    `\n${size}: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}; VmRSS of the server and its children every ${SAMPLE_MS} ms` +
      `${HEAP_MB ? `; servers' old space capped at ${HEAP_MB} MB` : ""}\n`,
  );
  const pad = (text: string | number, width: number) => String(text).padStart(width);
  console.log(
    `${"export".padEnd(50)}${pad("lines", 9)}${pad("MiB", 8)}${pad("s", 7)}${pad("RSS before", 12)}${pad("peak", 7)}${pad("+peak", 7)}${pad("after", 7)}  peak by quarter of the time`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(50)}${pad(r.lines, 9)}${pad((r.bytes / 2 ** 20).toFixed(1), 8)}${pad(r.seconds.toFixed(1), 7)}` +
        `${pad(r.rssBeforeMb, 12)}${pad(r.rssPeakMb, 7)}${pad(r.rssPeakMb - r.rssBeforeMb, 7)}${pad(r.rssAfterMb, 7)}  ${r.quartersMb.map((q) => (Number.isNaN(q) ? "-" : q)).join(" ")}`,
    );
  }
} finally {
  await server?.stop();
  await target.stop();
}
