// A memorial of 100,000 trees (an operator's global memorial collects every orphan tree it ever
// plants) stays cheap on every surface: the dashboard's memorial page (signed in), the public
// page, Infos (paged) and the exports answer 200, pages with a bounded size, and the server's
// memory grows by less than a set amount. Timings are printed (and written down in
// docs/performance.md), never asserted.
import { readFileSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { createMemorialByApi } from "../browser/dashboard-support";
import { signInRequest } from "../support/dashboard-session";
import { api, baseUrl, db, makeContext, makeIsolatedOperator } from "../support/factories";
import { serverPids } from "../support/server-process";

const TREES = 100_000;
/**
 * Growth of the server's resident memory allowed while one surface is read (its peak against the
 * memory before it). V8 grows its heap lazily, so streaming 100,000 lines of CSV leaves garbage
 * that is collected in its own time (about 70-80 MB per export measured on a quiet 2-core
 * machine, 118 and 165 MB with the machine loaded twice over: the collector runs later); work
 * that holds every tree in memory grows by gigabytes (0.84 GB for the dashboard page of 30,000
 * trees before it was paged). Each surface is measured on its own: the sum over all of them is
 * mostly how much garbage V8 chose to keep, which varies from run to run (169 to 266 MB for the
 * same code).
 */
const MAX_RSS_GROWTH_MB = 256;
/** A page (HTML or JSON) of a huge memorial stays well under this. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

test.describe.configure({ timeout: 180_000 });

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resets the peak (VmHWM) of each process so that the peak of what follows can be read. */
function resetPeaks(pids: number[]): boolean {
  try {
    for (const pid of pids) writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

const mb = (kb: number) => Math.round(kb / 1024);

test("a memorial of 100,000 trees: every surface answers with bounded size and memory", async ({
  request,
}) => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const home = await makeContext(op.operatorId, "Epf");
  const { IdMemorial: memorialId, IdDefunt: personId } = await createMemorialByApi(op.key, {
    Defunt: { Nom: "Grand", Prenom: "Chene", DateDeces: "2026-09-01T00:00:00" },
    Contexte: { ContexteEpfId: home.id },
  });

  // The ids every seeding statement below takes, in its order: operator, funeral home, memorial,
  // person, species, site.
  const seedIds = [op.operatorId, home.id, memorialId, personId, op.speciesId, op.plantationId];
  // Set-based seeding: one Plantation transaction per tree, on 2026-10-01 and the next day.
  const seedStart = Date.now();
  await db.$executeRawUnsafe(
    `WITH g AS (
       SELECT n, timestamptz '2026-10-01 00:00:00+00' + n * interval '1 second' AS at
       FROM generate_series(1, $1::int) n),
     tx AS (
       INSERT INTO "transaction" ("operator_id", "context_id", "type", "memorial_id", "person_id",
         "tree_count", "free_tree_count", "species_id", "plantation_id", "amount", "created_at")
       SELECT $2, $3, 'Plantation', $4, $5, 1, 0, $6, $7, 20, g.at FROM g
       RETURNING "id", "created_at")
     INSERT INTO "tree" ("memorial_id", "operator_id", "context_id", "epf_id", "person_id", "species_id",
       "plantation_id", "quantity", "planter", "message", "free", "unit_price", "planted_at", "transaction_id")
     SELECT $4, $2, $3, $3, $5, $6, $7, 1, 'Planter ' || tx."id", 'A message for the memorial', false, 20,
       tx."created_at", tx."id"
     FROM tx`,
    TREES,
    ...seedIds,
  );
  await db.$executeRawUnsafe(`ANALYZE "tree"`);
  await db.$executeRawUnsafe(`ANALYZE "transaction"`);
  const seedMs = Date.now() - seedStart;
  expect(await db.tree.count({ where: { memorialId } })).toBe(TREES + 1);

  await signInRequest(request, op.operatorId);

  const surfaces: { name: string; path: string; key?: string; stream?: boolean; contains: string }[] = [
    { name: "dashboard memorial page", path: `/dashboard/memorials/${memorialId}`, contains: "Chene Grand" },
    {
      name: "dashboard memorial page 500",
      path: `/dashboard/memorials/${memorialId}?page=500`,
      contains: "Planter",
    },
    { name: "dashboard memorial list (JSON)", path: "/api/dashboard/memorials", contains: "Chene Grand" },
    { name: "public page", path: `/memorial/${memorialId}`, contains: "Chene Grand" },
    { name: "Infos", path: `/v1/Memorial/${memorialId}/Infos`, key: op.key, contains: "Planter" },
    {
      name: "Infos page 100",
      path: `/v1/Memorial/${memorialId}/Infos?Page=100&Limite=1000`,
      key: op.key,
      contains: "Planter",
    },
    { name: "certificate PDF", path: `/memorial/${memorialId}/certificate`, contains: "%PDF" },
    {
      name: "report CSV",
      path: `/api/dashboard/reports/csv?epf=${home.id}&year=2026&month=10&day=1&days=2`,
      stream: true,
      contains: "Planter",
    },
    {
      name: "transactions CSV",
      path: "/api/dashboard/transactions/csv?year=2026&month=10",
      stream: true,
      contains: "Plantation",
    },
  ];

  // Warm-up on a small memorial first (code loaded, caches made), so that what is measured is
  // the huge memorial's own cost.
  const small = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Petit", DateDeces: "2026-09-01T00:00:00" }, DeLaPartDe: "Test" },
  });
  for (const path of [
    `/dashboard/memorials/${small.json.IdMemorial}`,
    `/memorial/${small.json.IdMemorial}`,
    `/memorial/${small.json.IdMemorial}/certificate`,
    "/api/dashboard/memorials",
    `/api/dashboard/reports/csv?epf=${home.id}&year=2026&month=9&day=1&days=1`,
    "/api/dashboard/transactions/csv?year=2026&month=9",
  ]) {
    expect((await request.get(`${baseUrl()}${path}`)).status(), path).toBe(200);
  }
  expect((await api("GET", `/Memorial/${small.json.IdMemorial}/Infos`, { key: op.key })).status).toBe(200);

  const pids = serverPids(baseUrl());
  expect(pids.length, "the process listening on the test server's port").toBeGreaterThan(0);
  const rss = () => pids.reduce((sum, pid) => sum + statusKb(pid, "VmRSS"), 0);
  const rssStart = rss();
  const timings: string[] = [];
  const growths: { name: string; kb: number }[] = [];
  for (const surface of surfaces) {
    const rssBefore = rss();
    const peaks = resetPeaks(pids);
    const start = Date.now();
    const response = await request.get(`${baseUrl()}${surface.path}`, {
      headers: surface.key ? { key: surface.key } : {},
      timeout: 120_000,
    });
    const body = await response.body();
    const ms = Date.now() - start;
    expect(response.status(), `${surface.name}: ${body.toString("utf8", 0, 300)}`).toBe(200);
    expect(
      body.toString("utf8").includes(surface.contains),
      `${surface.name} shows ${surface.contains}`,
    ).toBe(true);
    if (surface.stream) {
      // Every tree is exported (a header and one line per tree at least).
      expect(body.toString("utf8").split("\n").length).toBeGreaterThan(TREES);
    } else {
      expect(body.length, `${surface.name} size`).toBeLessThan(MAX_PAGE_BYTES);
    }
    const rssAfter = rss();
    const peak = peaks ? pids.reduce((sum, pid) => sum + statusKb(pid, "VmHWM"), 0) : rssAfter;
    const growth = Math.max(rssAfter, peak) - rssBefore;
    growths.push({ name: surface.name, kb: growth });
    timings.push(
      `${surface.name}: ${ms} ms, ${Math.round(body.length / 1024)} KiB, server RSS ${mb(rssAfter)} MB (+${mb(growth)} MB at its peak)`,
    );
  }
  console.log(
    [
      `huge memorial: seeded ${TREES} trees in ${seedMs} ms`,
      ...timings,
      `server RSS before ${mb(rssStart)} MB, after ${mb(rss())} MB`,
    ].join("\n"),
  );
  for (const { name, kb } of growths) {
    expect(mb(kb), `growth of the server's memory while reading the ${name} (MB)`).toBeLessThan(
      MAX_RSS_GROWTH_MB,
    );
  }

  // The exports stream: once their first bytes have arrived, a line added at the very end of the
  // period is still in them (the rows are read batch by batch as the client reads; an export read
  // into memory before it answers would miss it). Memory alone cannot tell the two apart here.
  const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const late: { path: string; marker: string; insert: () => Promise<unknown> }[] = [
    {
      path: `/api/dashboard/reports/csv?epf=${home.id}&year=2026&month=10&day=1&days=2`,
      marker: "Late planter",
      insert: () =>
        db.$executeRawUnsafe(
          `WITH tx AS (
             INSERT INTO "transaction" ("operator_id", "context_id", "type", "memorial_id", "person_id",
               "tree_count", "free_tree_count", "species_id", "plantation_id", "amount", "created_at")
             VALUES ($1, $2, 'Plantation', $3, $4, 1, 0, $5, $6, 20, timestamptz '2026-10-02 23:59:59+00')
             RETURNING "id", "created_at")
           INSERT INTO "tree" ("memorial_id", "operator_id", "context_id", "epf_id", "person_id", "species_id",
             "plantation_id", "quantity", "planter", "free", "unit_price", "planted_at", "transaction_id")
           SELECT $3, $1, $2, $2, $4, $5, $6, 1, 'Late planter', false, 20, tx."created_at", tx."id" FROM tx`,
          ...seedIds,
        ),
    },
    {
      path: "/api/dashboard/transactions/csv?year=2026&month=10",
      marker: "987654321",
      insert: () =>
        db.$executeRawUnsafe(
          `INSERT INTO "transaction" ("operator_id", "context_id", "type", "memorial_id", "person_id",
             "tree_count", "free_tree_count", "species_id", "plantation_id", "amount", "external_id", "created_at")
           VALUES ($1, $2, 'Plantation', $3, $4, 1, 0, $5, $6, 20, 987654321, timestamptz '2026-10-31 23:59:59+00')`,
          ...seedIds,
        ),
    },
  ];
  for (const { path, marker, insert } of late) {
    const response = await fetch(`${baseUrl()}${path}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const first = await reader.read();
    text += decoder.decode(first.value, { stream: true });
    await insert();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
    }
    expect(text.includes(marker), `${path} streams (the late line is in it)`).toBe(true);
  }
});
