// Compiles the domain package and the programs that run beside Next.js (the launcher, the command
// line, the migration runner) to JavaScript, with esbuild, into node_modules/@memorial/lib: a real
// package in node_modules, so that Next.js loads it as an external (next.config.mjs
// serverExternalPackages) and the launcher imports the same files. Node's module cache then holds
// one copy of each module of lib/ per process, whatever serves the request (docs/architecture.md,
// "One module graph"). Every file of lib/ is an entry point, so that any of them can be imported
// by its path (@memorial/lib/db/client); with code splitting, a module imported by several entries
// lives in one chunk that they all import, never in two copies.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const LIB_OUT = path.join(root, "node_modules", "@memorial", "lib");
/** Written last: a build that stopped half-way is not taken for a build. */
export const LIB_STAMP = path.join(LIB_OUT, "BUILD");
/** The programs, beside lib/'s own files. */
const PROGRAMS = ["scripts/start.ts", "scripts/migrate.ts", "cli/index.ts"];

/**
 * The TypeScript files under `dir` (tests and declarations left out; .tsx: the e-mails,
 * lib/mail/kit). A folder removed while it is read (lib/ being edited) has no files.
 */
function sourcesIn(dir) {
  const files = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (error.code === "ENOENT") return files;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourcesIn(full));
    else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith(".d.ts")
    ) {
      files.push(full);
    }
  }
  return files;
}

function libSources() {
  return sourcesIn(path.join(root, "lib"));
}

/**
 * Whether the compiled package is missing or older than a source it is made of (lib/, the
 * programs, the command line): `npm start` and the command line then compile it again. `at`: the
 * checkout to look at and its package's stamp (this one by default). A source that disappears
 * between the listing and its stat (a file deleted or renamed meanwhile) is a change of the
 * sources: the answer is then "stale", never an exception.
 */
export function libStale(at = { root, stamp: LIB_STAMP }) {
  let built;
  try {
    built = statSync(at.stamp).mtimeMs;
  } catch {
    return true;
  }
  const sources = [
    ...sourcesIn(path.join(at.root, "lib")),
    ...sourcesIn(path.join(at.root, "cli")),
    ...PROGRAMS.map((file) => path.join(at.root, file)),
  ];
  return sources.some((file) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat === undefined || stat.mtimeMs > built;
  });
}

function options() {
  return {
    absWorkingDir: root,
    entryPoints: [...libSources(), ...PROGRAMS.map((file) => path.join(root, file))],
    outdir: LIB_OUT,
    outbase: root,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // npm packages stay imports (Node loads them); lib/ itself (@memorial/lib/..., tsconfig paths)
    // is compiled in.
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    // The e-mails are React components (lib/mail/kit): JSX becomes react/jsx-runtime calls, React
    // itself stays an npm import like any package.
    jsx: "automatic",
    chunkNames: "chunks/[name]-[hash]",
    sourcemap: true,
    logLevel: "warning",
  };
}

function writeManifest() {
  writeFileSync(
    path.join(LIB_OUT, "package.json"),
    `${JSON.stringify(
      {
        name: "@memorial/lib",
        private: true,
        type: "module",
        description: "Compiled by scripts/build-lib.mjs from lib/: do not edit.",
        exports: { "./*": "./lib/*.js" },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(LIB_STAMP, `${new Date().toISOString()}\n`);
}

/** One build of the package. */
export async function buildLib() {
  rmSync(LIB_OUT, { recursive: true, force: true });
  mkdirSync(LIB_OUT, { recursive: true });
  await esbuild.build(options());
  writeManifest();
}

/** Rebuilds on every change of a source (npm run dev); `onBuilt` is called after each build. */
export async function watchLib(onBuilt) {
  rmSync(LIB_OUT, { recursive: true, force: true });
  mkdirSync(LIB_OUT, { recursive: true });
  const context = await esbuild.context({
    ...options(),
    plugins: [
      {
        name: "after-build",
        setup(build) {
          build.onEnd((result) => {
            if (result.errors.length) return;
            writeManifest();
            onBuilt();
          });
        },
      },
    ],
  });
  await context.watch();
  return context;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildLib();
  console.log(`@memorial/lib built in ${Date.now() - started} ms (node_modules/@memorial/lib)`);
}
