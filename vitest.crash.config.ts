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
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
