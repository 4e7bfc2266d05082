// npm start, npm run dev, npm run cli and npm run db:migrate: plain JavaScript, no transpiler at run
// time. Runs a program compiled into node_modules/@memorial/lib (scripts/build-lib.mjs), building
// what is missing first: the package (a second; `npm install` removes it, being no dependency of
// the lockfile), and for `start` Next.js's production build (`npm run build` makes both), also
// when the build is of another commit than the checkout's (scripts/build-commit.mjs).
//   node scripts/run.mjs start [--dev] | cli ARGS... | migrate
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildOfOtherCommit, recordBuildCommit } from "./build-commit.mjs";
import { buildLib, LIB_OUT, libStale } from "./build-lib.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PROGRAMS = { start: "scripts/start.js", cli: "cli/index.js", migrate: "scripts/migrate.js" };
const [name, ...args] = process.argv.slice(2);
const program = PROGRAMS[name];
if (!program) {
  console.error(`usage: node scripts/run.mjs ${Object.keys(PROGRAMS).join("|")} [arguments]`);
  process.exit(64);
}

// Notices go to stderr: the command line's and the migrations' output on stdout is JSON.
if (libStale()) {
  console.error("lib/ is not compiled, or changed since: compiling it (scripts/build-lib.mjs)");
  await buildLib();
}
if (name === "start" && !args.includes("--dev")) {
  const built = existsSync(path.join(root, ".next", "BUILD_ID"));
  const otherCommit = built ? buildOfOtherCommit() : null;
  if (!built || otherCommit) {
    console.error(
      built
        ? `the production build is of commit ${otherCommit.slice(0, 12)}, not of the checkout: running next build`
        : "no production build yet: running next build",
    );
    const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", cwd: root, env: process.env });
    if (build.status !== 0) process.exit(build.status ?? 1);
    recordBuildCommit();
  }
}

// Stack traces point into lib/'s sources.
process.setSourceMapsEnabled(true);
const entry = path.join(LIB_OUT, program);
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
