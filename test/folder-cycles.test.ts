// The folders of lib/ import one way: dependency-cruiser (.dependency-cruiser.cjs,
// run by `npm run lint`, hence by `npm test`) fails on any cycle between folders of lib/, however
// long, whether the imports are static or dynamic, spelled @memorial/lib/... or relative. This
// test shows the rule passes on the code as it is and bites on a cycle written for the occasion.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, expect, it } from "vitest";

const run = promisify(execFile);

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: { name: string }[];
}

/**
 * The violations dependency-cruiser reports on lib/ with `probes` (a folder and a file's text each)
 * added. One run serves every probe: dependency-cruiser takes about 7 s to read lib/.
 */
async function cruise(probes: { folder: string; text: string }[]): Promise<Violation[]> {
  const files = probes.map((probe) => {
    const file = path.resolve(probe.folder, `cycle-probe-${randomBytes(4).toString("hex")}.ts`);
    writeFileSync(file, probe.text);
    // Dated in the past: a service started meanwhile (test/start-compiled.test.ts) would otherwise
    // take lib/ for changed and compile the probe into its package (scripts/run.mjs).
    const past = new Date("2000-01-01T00:00:00Z");
    utimesSync(file, past, past);
    return file;
  });
  try {
    const { stdout } = await run(
      "npx",
      ["depcruise", "lib", "--config", ".dependency-cruiser.cjs", "--output-type", "json"],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
  } finally {
    for (const file of files) rmSync(file, { force: true });
  }
}

// lib/jobs imports lib/db (the client): lib/db importing lib/jobs makes a cycle of two folders.
const TWO_FOLDERS = {
  folder: "lib/db",
  text: 'import { enqueue } from "@memorial/lib/jobs/enqueue";\n\nexport const probe = enqueue;\n',
};
// lib/mail -> lib/memorials (policy) -> lib/operators (contexts): lib/operators importing lib/mail
// closes a cycle of three folders, none of which imports another both ways.
const THREE_FOLDERS = {
  folder: "lib/operators",
  text: 'export const probe = () => import("../mail/family-letter");\n',
};

// `npm run lint` runs the same rule on lib/ as it is; here the code as it is and both cycles
// written for the occasion are cruised at once.
let violations: Promise<Violation[]>;
beforeAll(() => {
  violations = cruise([TWO_FOLDERS, THREE_FOLDERS]);
}, 60_000);

it("finds no cycle between the folders of lib/ as they are", async () => {
  // Every cycle found goes through one of the probes' imports.
  const outsideProbes = (await violations).filter(
    (v) =>
      !(v.from === "lib/db" && v.to === "lib/jobs") &&
      !(v.from === "lib/operators" && v.to === "lib/mail") &&
      !(v.cycle ?? []).some(
        (step, i, steps) =>
          (step.name === "lib/jobs" && (steps[i - 1]?.name ?? v.from) === "lib/db") ||
          (step.name === "lib/mail" && (steps[i - 1]?.name ?? v.from) === "lib/operators"),
      ),
  );
  expect(outsideProbes).toEqual([]);
}, 60_000);

it("refuses a folder that imports a folder importing it", async () => {
  expect((await violations).map((v) => [v.rule.name, v.from, v.to])).toContainEqual([
    "no-folder-cycle",
    "lib/db",
    "lib/jobs",
  ]);
}, 60_000);

it("refuses a longer cycle, through a dynamic import written as a relative path", async () => {
  const cycles = (await violations).filter(
    (v) => v.rule.name === "no-folder-cycle" && v.from === "lib/operators",
  );
  expect(cycles.length).toBeGreaterThan(0);
  expect(cycles[0].cycle?.map((step) => step.name)).toEqual(
    expect.arrayContaining(["lib/mail", "lib/memorials"]),
  );
}, 60_000);
