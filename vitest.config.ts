import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@memorial/lib": path.resolve(import.meta.dirname, "lib"),
  "@": path.resolve(import.meta.dirname),
};

/** The tests that replace a module (vi.mock), run with modules of their own. */
const ISOLATED = "{test,lib,web,cli,components}/**/*.isolated.test.ts";

// Three projects in one run, side by side:
// - unit: the tests beside the code (lib/, web/, cli/), in worker threads that share their modules
//   between files (isolate: false, as the database project below: 34 s and 63 s of CPU alone
//   against 20 s and 36 s), with the same setup file, which puts back what a file changed;
// - database: test/**, against the real PostgreSQL that test/global-setup.ts starts, in forked
//   workers. Each test makes its own operator and data, so files run several at a time: they spend
//   most of their time waiting for PostgreSQL, which has the machine's cores to itself meanwhile.
//   The files of one worker share its modules (isolate: false): loading lib/ and the database
//   client again for each of the 72 files took 40 % of the stage's CPU. What a file changes of the
//   process (its environment, its pools, its LISTEN connection) is put back when it ends
//   (test/after-each-file.ts). A file that replaces a module of lib/ (vi.mock) is named
//   *.isolated.test.ts and gets modules of its own: shared, the replacement would miss the modules
//   already loaded and reach the files that come after it.
// The few unit tests that read the database find it too: the global setup serves the whole run.
export default defineConfig({
  resolve: { alias },
  test: {
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "web/**/*.test.ts", "cli/**/*.test.ts", "components/**/*.test.ts"],
          exclude: [ISOLATED],
          pool: "threads",
          isolate: false,
          setupFiles: ["test/after-each-file.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "database",
          include: ["test/**/*.test.ts"],
          exclude: [ISOLATED],
          pool: "forks",
          isolate: false,
          setupFiles: ["test/after-each-file.ts", "test/password-cost.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "database-isolated",
          include: [ISOLATED],
          pool: "forks",
          setupFiles: ["test/after-each-file.ts", "test/password-cost.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
