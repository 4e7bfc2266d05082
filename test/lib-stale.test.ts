// libStale (scripts/build-lib.mjs), asked by `npm start` and the command line whether to compile
// lib/ again, answers without throwing when a source disappears between its listing and its stat
// (a file deleted or renamed while lib/ is edited): that is a change, so the package is stale.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { libStale } from "../scripts/build-lib.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout of its own: lib/, cli/, the programs, and a package stamp newer than all of them. */
function checkout() {
  const root = mkdtempSync(path.join(tmpdir(), "lib-stale-"));
  dirs.push(root);
  const files = ["lib/db/client.ts", "lib/a.ts", "cli/index.ts", "scripts/start.ts", "scripts/migrate.ts"];
  const past = new Date(Date.now() - 3_600_000);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "export {};\n");
    utimesSync(path.join(root, file), past, past);
  }
  const stamp = path.join(root, "out", "BUILD");
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, "built\n");
  const built = new Date(Date.now() - 1_800_000);
  utimesSync(stamp, built, built);
  return { root, stamp };
}

describe("libStale", () => {
  it("is fresh when every source is older than the build, stale when one is newer", () => {
    const at = checkout();
    expect(libStale(at)).toBe(false);
    writeFileSync(path.join(at.root, "lib", "a.ts"), "export const changed = 1;\n");
    expect(libStale(at)).toBe(true);
  });

  it("answers stale, without throwing, when a source it lists is gone at its stat", () => {
    // The programs are listed by name: deleting one is a source gone between listing and stat.
    const at = checkout();
    rmSync(path.join(at.root, "scripts", "migrate.ts"));
    expect(() => libStale(at)).not.toThrow();
    expect(libStale(at)).toBe(true);
  });

  it("is stale when its package was never built", () => {
    const at = checkout();
    rmSync(at.stamp);
    expect(libStale(at)).toBe(true);
  });
});
