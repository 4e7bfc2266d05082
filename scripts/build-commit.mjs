// The commit a production build was made from. A build left from before a `git pull` names the
// compiled files of lib/ it was built against; once lib/ is compiled again from the new sources a
// moved or removed file is missing and its pages answer 500. `npm run build` records the commit
// (.next/SOURCE_COMMIT) and `npm start` (scripts/run.mjs) builds again when the checkout is at
// another one. Outside a git checkout (an archive, an image) nothing is recorded or compared.
//   node scripts/build-commit.mjs   records the commit of the build just made
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The commit checked out in `dir`, or null outside a git checkout. */
export function headCommit(dir = root) {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: dir, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

const commitFile = (dir) => path.join(dir, ".next", "SOURCE_COMMIT");

export function recordBuildCommit(dir = root) {
  const commit = headCommit(dir);
  if (commit) writeFileSync(commitFile(dir), `${commit}\n`);
}

/** The commit the build was made from when the checkout is now at another one, else null. */
export function buildOfOtherCommit(dir = root) {
  let recorded;
  try {
    recorded = readFileSync(commitFile(dir), "utf8").trim();
  } catch {
    return null;
  }
  const head = headCommit(dir);
  return head !== null && head !== recorded ? recorded : null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) recordBuildCommit();
