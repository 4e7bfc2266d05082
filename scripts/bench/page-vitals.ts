// npm run bench:page [-- --runs 7] [--before /tmp/ci-clone] [--url URL ...]: the public pages on
// a phone. Loads each page in Chromium as a phone sees it (390x844, CPU 4x
// slower with Emulation.setCPUThrottlingRate, DevTools' "Slow 4G" with
// Network.emulateNetworkConditions), with a cold browser cache each run (a fresh context), and
// prints the bytes transferred per type (DevTools protocol: Network.loadingFinished's
// encodedDataLength, headers and body as sent), First Contentful Paint, Largest Contentful Paint
// (PerformanceObserver 'largest-contentful-paint'), Cumulative Layout Shift ('layout-shift'
// entries without recent input, summed: at least Lighthouse's figure, which takes the worst
// window), Total Blocking Time ('longtask' entries after the first paint, beyond 50 ms each) and
// the end of the load event.
//
// Without --url it starts an embedded PostgreSQL, makes the pages a visitor or a family opens (a
// memorial of six trees on a site, so the page has its tree cards and map; the home page and a
// search; the confirmation and management pages of a memorial awaiting confirmation; a reminder
// subscription's confirmation and unsubscription pages; the page a guestbook message leads to;
// the memorial's planting form, its operator letting visitors plant),
// and starts the built service of this folder (`npm run build` first) and, with --before DIR, the
// built service of another checkout (e.g. a build of main) on the same database, so that both
// show the same pages; the runs alternate between them, so that whatever else the machine does
// weighs on both alike. Each server renders each page once before the runs (the memorial page is
// then answered by the rendered-page cache, as it is for nearly every visitor).
// Not a test: it reports what it measured.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { startServer } from "../../e2e/support/server";

const argv = process.argv.slice(2);
const values = (name: string) => argv.flatMap((a, i) => (a === name && argv[i + 1] ? [argv[i + 1]!] : []));
const RUNS = Number(values("--runs")[0]) || 7;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

// DevTools' "Slow 4G" preset (the network Lighthouse's mobile profile assumes).
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
};

interface Run {
  bytes: Record<string, number>;
  total: number;
  requests: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  load: number;
}

interface Target {
  name: string;
  url: string;
  stop?: () => Promise<void>;
}

/** Starts the built service of `dir` as `npm start` does, on a free port of the loopback. */
async function startService(dir: string, env: Record<string, string>, log: string): Promise<Target> {
  const server = await startServer(env, log, dir);
  return { name: dir, url: server.url, stop: () => server.stop() };
}

/** A /v1 call of the bench's operator; the JSON answer. */
async function v1(
  apiUrl: string,
  key: string,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${apiUrl}/v1${path}`, {
    method: "POST",
    headers: { key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The pages a visitor or a family opens, made through the real API and the service's own code. */
async function publicPages(apiUrl: string): Promise<{ name: string; path: string }[]> {
  const { makeIsolatedOperator } = await import("../../e2e/support/factories");
  const { db, transaction } = await import("@memorial/lib/db/client");
  const { issueManageToken } = await import("@memorial/lib/memorials/manage-token");
  const { subscribe } = await import("@memorial/lib/reminders/subscriptions");
  const { actingAs } = await import("@memorial/lib/audit/actor");
  const { setVisitorSetting } = await import("@memorial/lib/visitors/settings");
  const { reminderToken } = await import("@memorial/lib/reminders/tokens");
  const op = await makeIsolatedOperator({ stock: 20 });
  const defunt = { Nom: "Dupont", Prenom: "Marie", Civilite: "Mme", DateDeces: "2026-10-30T08:15:00" };
  let id: number | undefined;
  for (let i = 1; i <= 6; i++) {
    const answer = await v1(apiUrl, op.key, "/Memorials/Creer", {
      ...(id ? { MemorialId: id } : { Defunt: defunt }),
      DeLaPartDe: i === 1 ? "La famille" : `Ami ${i}`,
      Message: `Un arbre pour toi, le numéro ${i}`,
    });
    id ??= answer.IdMemorial as number;
  }
  // A memorial awaiting its family's confirmation: the link is in the e-mail of the outbox.
  const waiting = await v1(apiUrl, op.key, "/Memorials/Creer", {
    Defunt: { ...defunt, Nom: "Lambert", Prenom: "Anne" },
    AConfirmer: true,
    Famille: { FamilleEmail: "famille.lambert@example.org", FamilleNom: "Famille Lambert" },
    DeLaPartDe: "Ses enfants",
  });
  // The e-mail is written by a job of the service, a moment after the creation.
  const deadline = Date.now() + 30_000;
  let letter = null;
  while (!letter && Date.now() < deadline) {
    letter = await db.outgoingEmail.findFirst({ where: { memorialId: waiting.IdMemorial as number } });
    if (!letter) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!letter) throw new Error("the confirmation e-mail was not written within 30 s");
  const confirm = /\/confirm\/[A-Za-z0-9_-]+/.exec(letter.text)?.[0];
  if (!confirm) throw new Error(`no confirmation link in ${letter.text}`);
  const manage = await transaction((tx) => issueManageToken(tx, waiting.IdMemorial as number));
  // As the visitor's form does: the audit log names a visitor.
  await actingAs({ kind: "visitor" }, () =>
    subscribe({
      memorialId: id!,
      email: "visiteur@example.org",
      language: "fr",
      deathAnniversary: true,
      birthday: false,
      linkBase: apiUrl,
      confirmed: false,
      client: "bench",
    }),
  );
  const subscription = await db.reminderSubscription.findFirstOrThrow({ where: { memorialId: id! } });
  const reminder = reminderToken(subscription);
  // Visitors may plant on this operator's memorials: the memorial's planting form.
  await actingAs({ kind: "system", name: "bench:page" }, () =>
    setVisitorSetting(op.operatorId, null, { enabled: true, payments: ["card", "bancontact"], price: "15" }),
  );
  return [
    { name: "memorial page", path: `/memorial/${id}` },
    { name: "home page", path: "/" },
    { name: "search results", path: "/?q=Dupont" },
    { name: "confirmation page", path: confirm },
    { name: "management page", path: `/manage/${manage.token}` },
    { name: "reminder confirmation", path: `/reminders/confirm/${reminder}` },
    { name: "reminder unsubscription", path: `/reminders/unsubscribe/${reminder}` },
    { name: "guestbook thanks", path: `/memorial/${id}?guestbook=pending` },
    { name: "visitor planting form", path: `/memorial/${id}/plant` },
  ];
}

async function measure(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const vitals = { fcp: 0, lcp: 0, cls: 0, tasks: [] as { start: number; duration: number }[] };
    Object.defineProperty(window, "__vitals", { value: vitals });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { renderTime: number; loadTime: number })[])
        vitals.lcp = e.renderTime || e.loadTime || e.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) vitals.cls += e.value;
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === "first-contentful-paint") vitals.fcp = e.startTime;
    }).observe({ type: "paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) vitals.tasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  const types = new Map<string, string>();
  const bytes: Record<string, number> = {};
  let requests = 0;
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
  cdp.on("Network.loadingFinished", (e) => {
    const type = types.get(e.requestId) ?? "Other";
    bytes[type] = (bytes[type] ?? 0) + e.encodedDataLength;
    requests++;
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  // A small page can be loaded before its first frame is painted: wait for the paints themselves.
  await page.waitForFunction(
    () => {
      const v = (window as unknown as { __vitals: { fcp: number; lcp: number } }).__vitals;
      return v.fcp > 0 && v.lcp > 0;
    },
    undefined,
    { timeout: 30_000 },
  );
  const vitals = await page.evaluate(
    () =>
      (
        window as unknown as {
          __vitals: { fcp: number; lcp: number; cls: number; tasks: { start: number; duration: number }[] };
        }
      ).__vitals,
  );
  // The load event's end: every script, stylesheet and image of the page fetched and run.
  const load = await page.evaluate(
    () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
  );
  // Total Blocking Time as Lighthouse counts it: each long task after the first paint, beyond 50 ms.
  const tbt = vitals.tasks
    .filter((t) => t.start + t.duration > vitals.fcp)
    .reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  await context.close();
  const total = Object.entries(bytes).reduce((sum, [type, n]) => sum + (type === "Image" ? 0 : n), 0);
  return { bytes, total, requests, fcp: vitals.fcp, lcp: vitals.lcp, cls: vitals.cls, tbt, load };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function report(target: Target, runs: Run[]) {
  const types = [...new Set(runs.flatMap((r) => Object.keys(r.bytes)))].sort();
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const ms = (xs: number[]) =>
    `${Math.round(median(xs))} ms (${Math.round(Math.min(...xs))}-${Math.round(Math.max(...xs))})`;
  console.log(`\n${target.name}  ${target.url}`);
  console.log(
    `  transferred, images apart: ${kib(median(runs.map((r) => r.total)))} (median of ${runs.length})`,
  );
  for (const type of types)
    console.log(`    ${type.padEnd(11)} ${kib(median(runs.map((r) => r.bytes[type] ?? 0)))}`);
  console.log(`  requests: ${median(runs.map((r) => r.requests))}`);
  console.log(`  FCP ${ms(runs.map((r) => r.fcp))}`);
  console.log(`  LCP ${ms(runs.map((r) => r.lcp))}`);
  console.log(`  load event ${ms(runs.map((r) => r.load))}`);
  console.log(
    `  TBT ${ms(runs.map((r) => r.tbt))} (long tasks after the first paint, until the network is idle)`,
  );
  console.log(`  CLS ${Math.max(...runs.map((r) => r.cls)).toFixed(3)} (the largest of the runs)`);
}

async function main() {
  const targets: Target[] = values("--url").map((url) => ({ name: url, url }));
  let pages = [{ name: "page", path: "" }];
  let stopDatabase: (() => Promise<void>) | undefined;
  if (targets.length === 0) {
    const root = mkdtempSync(path.join(os.tmpdir(), "memorial-page-bench-"));
    process.env.DATA_DIR = path.join(root, "data");
    const { startEmbeddedDatabase } = await import("@memorial/lib/db/embedded");
    const { migrate } = await import("@memorial/lib/service/migrate");
    const database = await startEmbeddedDatabase();
    stopDatabase = () => database.stop();
    await migrate(database.url);
    process.env.DATABASE_URL = database.url;
    const env = { DATABASE_URL: database.url, DATA_DIR: process.env.DATA_DIR, APP_URL: "" };
    const dirs = [...values("--before").map((dir) => path.resolve(dir)), process.cwd()];
    for (const [i, dir] of dirs.entries()) {
      const target = await startService(dir, env, path.join(root, `server-${i}.log`));
      target.name = i === dirs.length - 1 ? `after (${dir})` : `before (${dir})`;
      targets.push(target);
    }
    pages = await publicPages(targets[0]!.url);
    console.log(`servers' logs in ${root}`);
  }
  try {
    // Rendered once by each server before the runs: the visitors' case is the kept page.
    for (const target of targets)
      for (const page of pages) await (await fetch(target.url + page.path)).text();
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
    });
    const key = (target: Target, page: { path: string }) => `${target.url}${page.path}`;
    const runs = new Map<string, Run[]>();
    await measure(browser, key(targets[0]!, pages[0]!)); // warms Chromium itself
    for (let i = 0; i < RUNS; i++)
      for (const page of pages)
        for (const target of targets) {
          const url = key(target, page);
          runs.set(url, [...(runs.get(url) ?? []), await measure(browser, url)]);
        }
    await browser.close();
    console.log(
      `\npublic pages on a phone: 390x844, CPU 4x slower, Slow 4G (${SLOW_4G.latency} ms, ${SLOW_4G.downloadThroughput} B/s down), cold cache, ${RUNS} runs each; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    );
    for (const page of pages)
      for (const target of targets)
        report(
          { name: `${page.name}: ${target.name}`, url: key(target, page) },
          runs.get(key(target, page))!,
        );
  } finally {
    for (const target of targets) await target.stop?.();
    await stopDatabase?.();
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
