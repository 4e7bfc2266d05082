// npx tsx scripts/bench/report-page-cost.ts: where the time of one long-period report page goes
// in this process on bench_xlarge: 200 runs each of the page read as the
// dashboard reads it (reportPage: its lines and the period's totals in one statement, lib/db/raw.ts),
// the lines' statement alone through a bare pg pool, the page as the API reads it (reportPageJson:
// the lines written as JSON by PostgreSQL), and that JSON gzipped. Mean milliseconds per page of 200 lines (wall time: noisy when the
// machine is loaded; compare figures of one run only).
import pg from "pg";
import { benchTarget } from "./databases";

const target = await benchTarget(["xlarge"]);
try {
  process.env.DATABASE_URL = target.databases[0].url;
  const { disconnect } = await import("@memorial/lib/db/client");
  const { reportLinesSql, reportPage, reportPageJson } = await import("@memorial/lib/reports/queries");
  const { serviceAdminScope } = await import("@memorial/lib/scope");
  const { reportLineAsJson } = await import("@memorial/lib/v1/serializers/reports");
  const viewer = serviceAdminScope(1);
  const filter = {
    viewer,
    scope: { kind: "epf" as const, epfId: 21 },
    start: new Date("2016-01-01T00:00:00Z"),
    end: new Date("2026-01-08T00:00:00Z"),
  };
  const sql = reportLinesSql(filter, 200, 0);
  const pool = new pg.Pool({ connectionString: target.databases[0].url, max: 2 });
  const text = sql.text;
  const values = sql.values;
  for (let w = 0; w < 30; w++) {
    await reportPage(filter, 200, 0);
    await pool.query(text, values);
  }
  const N = 200;
  let t = performance.now();
  let rows: Awaited<ReturnType<typeof reportPage>>["lines"] = [];
  for (let i = 0; i < N; i++) rows = (await reportPage(filter, 200, 0)).lines;
  const pageMs = (performance.now() - t) / N;
  t = performance.now();
  for (let i = 0; i < N; i++) await pool.query(text, values);
  const pgMs = (performance.now() - t) / N;
  const asJson = reportLineAsJson("http://x");
  t = performance.now();
  let json = "";
  for (let i = 0; i < N; i++) json = (await reportPageJson(filter, 200, 0, asJson)).linesJson;
  const jsonMs = (performance.now() - t) / N;
  const bytes = json.length;
  const { gzipSync } = await import("node:zlib");
  t = performance.now();
  for (let i = 0; i < N; i++) gzipSync(json);
  const gzMs = (performance.now() - t) / N;
  console.log({ rows: rows.length, pageMs, pgMs, jsonMs, gzMs, bytes });
  await pool.end();
  await disconnect();
} finally {
  await target.stop();
}
