import path from "node:path";
import { defineConfig } from "vitest/config";

// `npm run test:crash`: the whole service killed with SIGKILL under write load, restarted, checked.
// It starts its own embedded PostgreSQL in a temporary DATA_DIR (no global setup).
export default defineConfig({
  resolve: {
    alias: {
      "@memorial/lib": path.resolve(import.meta.dirname, "lib"),
      "@": path.resolve(import.meta.dirname),
    },
  },
  test: {
    include: ["test/crash/**/*.crash.ts"],
    // Both files at once: each owns its PostgreSQL, its service and its ports, and the outage test
    // spends most of its two minutes waiting (a database stopped for 20 s, a minute's boundary).
    // One after the other they outlasted the unit and database tests beside them, and took
    // the end-to-end tests' cores.
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
