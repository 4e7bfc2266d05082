// Screenshots of the dashboard for the documentation, apart from the test suite (npm test does
// not run them): `npx next build && npx playwright test -c e2e/screenshots/screens.config.ts`.
import { defineConfig } from "@playwright/test";
import base from "../../playwright.config";

export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: /.*\.screens\.ts/,
  globalSetup: "../support/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  projects: [{ name: "screens", use: { viewport: { width: 1280, height: 900 } } }],
});
