import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Chromium comes from Debian's packages (no browser download here); see DEVELOPERS.md. The tests
// prefer its headless shell, the browser without the desktop's windowing that Playwright itself
// uses for headless runs: the browser tests spend about a fifth less CPU in it than in the whole
// Chromium (docs/testing.md).
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium =
  process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

// The tests' own process (factories, receivers) works outside production mode, as vitest's does
// (lib/settings.ts isProductionMode); the service it starts sets production mode itself.
(process.env as Record<string, string | undefined>).NODE_ENV ??= "test";

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: true,
  // Two workers on two cores: the service, Chromium and the workers keep the cores 96 % busy
  // (npm test's summary); a third worker made the stage no shorter (544 s against 524).
  workers: 2,
  // On CI a failed test runs once more, so that its second result tells a flake from a failure;
  // a test that passes only then still fails the run (failOnFlakyTests), and npm test's summary
  // names it (scripts/test.mjs reads the JSON report), to be fixed rather than hidden.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  timeout: 60_000,
  // What a test waits for (a page's answer, an action's result) says nothing of speed, which the
  // benchmarks measure: on two cores shared with the service, the database and Chromium, an action
  // may take longer than the default 5 s without anything being wrong.
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-report.json" }]],
  use: {
    trace: "off",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "api", testMatch: /api\/.*\.spec\.ts/ },
    {
      name: "browser",
      testMatch: /browser\/.*\.spec\.ts/,
      // Each worker keeps one context and one page from test to test, reset between them by
      // Playwright (cookies, storage and cache of the visited origins, routes, init scripts, other
      // pages; the page goes to about:blank). A fresh page is a fresh renderer process, and the
      // first pages of a fresh renderer cost Chromium about twice the CPU: the browser tests spent a
      // quarter to a third fewer worker-seconds with it (docs/testing.md). Nothing the tests rely on
      // outlives the reset: each test makes its own operator and signs in again, the service keeps
      // no state in the browser, and the tests that grant permissions or need JavaScript off open
      // contexts of their own.
      use: { ...devices["Desktop Chrome"], reuseContext: true },
    },
  ],
});
