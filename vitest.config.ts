import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit tests beside the code (lib/**/*.test.ts) and database tests (test/**/*.test.ts) that run
// against a real PostgreSQL started by test/global-setup.ts.
export default defineConfig({
  resolve: {
    alias: {
      "@memorial/lib": path.resolve(import.meta.dirname, "lib"),
      "@": path.resolve(import.meta.dirname),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "web/**/*.test.ts", "test/**/*.test.ts", "cli/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/after-each-file.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
