import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

// The README promises Node.js ≥ 20.19: every package the lockfile installs must accept that
// version, or `npm install` prints EBADENGINE warnings (and the package may use what 20.19 lacks).
const root = join(__dirname, "..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));

const oldestNode = semver.minVersion(manifest.engines.node);

describe("the Node.js version the README names", () => {
  it("is the lowest version package.json accepts", () => {
    expect(oldestNode?.version).toBe("20.19.0");
    expect(readFileSync(join(root, "README.md"), "utf8")).toContain("Node.js ≥ 20.19");
  });

  it("is accepted by every package of the lockfile this platform installs", () => {
    const refusing: string[] = [];
    for (const [path, entry] of Object.entries<LockEntry>(lock.packages)) {
      if (path === "" || !entry.engines?.node) continue;
      if (entry.os && !entry.os.includes(process.platform)) continue;
      if (!semver.satisfies(oldestNode as semver.SemVer, entry.engines.node)) {
        refusing.push(`${path}@${entry.version} wants node ${entry.engines.node}`);
      }
    }
    expect(refusing).toEqual([]);
  });
});

type LockEntry = { version?: string; os?: string[]; engines?: { node?: string } };
