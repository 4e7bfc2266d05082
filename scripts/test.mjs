// npm test: every check of the project, each stage started as soon as the stages it needs have
// passed, side by side where they do not depend on each other, and a summary of the time of each.
//
//   lint ─┐
//   typecheck ─┤ (all three at once)
//   build ─────┴─► unit and database tests (vitest) ─► end-to-end tests (Playwright)
//   build ─► crash tests (beside vitest)
//
// The linters and the type checker need nothing: they run beside the build. The tests need the
// build (the service they start is the built one). vitest and Playwright each keep both cores busy
// on their own (vitest's three workers; Playwright's two with the service and Chromium), so they
// run one after the other rather than share the cores. The crash tests start services of their
// own and spend most of their three minutes waiting (for a database stopped for 20 s, for a minute
// boundary): they run beside vitest, and their last minute beside the end-to-end tests. The first
// failed stage stops the stages that wait for it; the summary says which failed and which never
// ran (docs/testing.md). Node.js only, no package: it runs before anything is known to work.
//
//   node scripts/test.mjs [stage...]   runs the named stages only (and nothing they need)
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

const STAGES = [
  { name: "lint", command: ["npm", "run", "--silent", "lint"], needs: [] },
  { name: "typecheck", command: ["npm", "run", "--silent", "typecheck"], needs: [] },
  { name: "build", command: ["npm", "run", "--silent", "build"], needs: [] },
  { name: "vitest", command: ["npx", "vitest", "run"], needs: ["lint", "typecheck", "build"] },
  { name: "e2e", command: ["npx", "playwright", "test"], needs: ["vitest"] },
  { name: "crash", command: ["npm", "run", "--silent", "test:crash"], needs: ["build"] },
];

/** Playwright's JSON report (playwright.config.ts), read for the tests that passed only when run again. */
const E2E_REPORT = "test-results/e2e-report.json";

/**
 * The end-to-end tests that failed, then passed when Playwright ran them again (CI retries a failed
 * test once): "file:line title" each. They are listed in the summary, so that a flake is seen and
 * fixed rather than hidden by its retry.
 */
function flakyTests() {
  let report;
  try {
    report = JSON.parse(readFileSync(E2E_REPORT, "utf8"));
  } catch {
    return [];
  }
  const flaky = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "flaky") continue;
        flaky.push(`${spec.file}:${spec.line} ${spec.title} (${test.projectName})`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return flaky;
}

/**
 * The machine's CPU time so far, busy and total, in clock ticks (Linux's /proc/stat; null
 * elsewhere). Two readings give the share of the cores a stage kept busy: whether it waits or
 * computes, which says whether more stages side by side could gain anything.
 */
function cpuTicks() {
  if (!existsSync("/proc/stat")) return null;
  const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const ticks = fields.map(Number);
  const total = ticks.reduce((sum, tick) => sum + tick, 0);
  const idle = ticks[3] + (ticks[4] ?? 0); // idle and iowait
  return { busy: total - idle, total };
}

/** The share of the machine's cores busy between two readings of cpuTicks, as "87 %", or "". */
function busyShare(from, to) {
  if (!from || !to || to.total === from.total) return "";
  return `${Math.round((100 * (to.busy - from.busy)) / (to.total - from.total))} %`;
}

const only = process.argv.slice(2);
for (const name of only) {
  if (!STAGES.some((stage) => stage.name === name)) {
    console.error(`npm test: no stage "${name}"; the stages are ${STAGES.map((s) => s.name).join(", ")}`);
    process.exit(2);
  }
}
const chosen = only.length ? STAGES.filter((stage) => only.includes(stage.name)) : STAGES;
const began = Date.now();
const cpuAtBeginning = cpuTicks();
const results = new Map(); // name → { status: "passed" | "failed" | "skipped", seconds, startedAt }

function run(stage) {
  return new Promise((resolve) => {
    const startedAt = (Date.now() - began) / 1000;
    const cpuAtStart = cpuTicks();
    console.log(`\n▶ ${stage.name} (${stage.command.join(" ")}) at ${startedAt.toFixed(0)} s`);
    const child = spawn(stage.command[0], stage.command.slice(1), { stdio: "inherit" });
    child.on("exit", (code, signal) => {
      const seconds = (Date.now() - began) / 1000 - startedAt;
      const status = code === 0 ? "passed" : "failed";
      const flaky = stage.name === "e2e" ? flakyTests() : [];
      const busy = busyShare(cpuAtStart, cpuTicks());
      results.set(stage.name, { status, seconds, startedAt, busy, detail: signal ?? `exit ${code}`, flaky });
      console.log(`${code === 0 ? "✔" : "✘"} ${stage.name} ${status} in ${seconds.toFixed(0)} s`);
      resolve();
    });
  });
}

// Each stage waits for those it needs among the chosen ones, then runs unless one of them failed.
const done = new Map();
for (const stage of chosen) {
  const waits = stage.needs.filter((need) => done.has(need)).map((need) => done.get(need));
  done.set(
    stage.name,
    Promise.all(waits).then(() => {
      const failed = stage.needs.find(
        (need) => results.get(need)?.status !== undefined && results.get(need).status !== "passed",
      );
      if (failed) {
        results.set(stage.name, {
          status: "skipped",
          seconds: 0,
          startedAt: null,
          detail: `${failed} did not pass`,
        });
        return;
      }
      return run(stage);
    }),
  );
}
await Promise.all(done.values());

const total = (Date.now() - began) / 1000;
console.log("\nnpm test: the stages");
for (const stage of chosen) {
  const result = results.get(stage.name);
  const at =
    result.startedAt === null
      ? ""
      : ` (from ${result.startedAt.toFixed(0)} s${result.busy ? `, cores ${result.busy} busy` : ""})`;
  const why = result.status === "passed" ? "" : `: ${result.detail}`;
  console.log(
    `  ${stage.name.padEnd(10)} ${result.status.padEnd(8)} ${result.seconds.toFixed(0).padStart(5)} s${at}${why}`,
  );
}
const machine = busyShare(cpuAtBeginning, cpuTicks());
console.log(
  `  ${"total".padEnd(10)} ${"".padEnd(8)} ${total.toFixed(0).padStart(5)} s${machine ? ` (cores ${machine} busy)` : ""}`,
);
const flaky = [...results.values()].flatMap((result) => result.flaky ?? []);
if (flaky.length) {
  console.log(`\nnpm test: ${flaky.length} flaky end-to-end test(s), passed only when run again:`);
  for (const test of flaky) console.log(`  ${test}`);
}
const failed = chosen.filter((stage) => results.get(stage.name).status !== "passed");
process.exit(failed.length ? 1 : 0);
