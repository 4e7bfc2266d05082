// npm start builds again a production build made from another commit than the checkout's
// (scripts/build-commit.mjs): after a `git pull`, a build of the old commit would name compiled
// files of lib/ that have moved, and its pages would answer 500. Checked on a scratch repository.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript module of the scripts, without types
import { buildOfOtherCommit, headCommit, recordBuildCommit } from "../scripts/build-commit.mjs";

const dir = mkdtempSync(path.join(os.tmpdir(), "build-commit-"));
const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@example.org", "-c", "user.name=t", ...args], { cwd: dir });
const commit = (file: string) => {
  writeFileSync(path.join(dir, file), file);
  git("add", file);
  git("commit", "-qm", file);
};

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the commit of a production build", () => {
  it("is nothing to compare outside a git checkout or before a build records it", () => {
    expect(headCommit(dir)).toBeNull();
    git("init", "-q");
    commit("a");
    mkdirSync(path.join(dir, ".next"));
    expect(buildOfOtherCommit(dir)).toBeNull();
  });

  it("is the checkout's right after the build, another one after a pull", () => {
    recordBuildCommit(dir);
    const built = headCommit(dir);
    expect(buildOfOtherCommit(dir)).toBeNull();
    commit("b");
    expect(buildOfOtherCommit(dir)).toBe(built);
    recordBuildCommit(dir);
    expect(buildOfOtherCommit(dir)).toBeNull();
  });
});
