// Loading states: every request of the dashboard that takes a while shows a visible, announced
// indicator (role=status, in the user's language) that goes away with the data. Each request is
// held by the test (page.route) until the indicator has been seen, then let through.

import { translator } from "@memorial/lib/i18n/translate";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { baseUrl } from "../support/factories";
import { seedDashboard, signInAt } from "./dashboard-seed";
import { createMemorialByApi } from "./dashboard-support";

/** Holds the matching requests while armed; `release()` lets them (and later ones) through. */
async function gate(page: Page, match: (url: URL) => boolean, method = "GET") {
  let armed = true;
  let held: (() => void)[] = [];
  await page.route(match, async (route) => {
    if (route.request().method() !== method || !armed) return route.continue();
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  return {
    arm: () => {
      armed = true;
    },
    release: () => {
      armed = false;
      for (const resolve of held) resolve();
      held = [];
    },
  };
}

const dashboardJson = (path: string) => (url: URL) => url.pathname === `/api/dashboard/${path}`;

/** The indicator: a visible status with the words, then gone. */
async function expectLoading(page: Page, words: string) {
  const indicator = page.getByTestId("loading");
  await expect(indicator).toBeVisible();
  await expect(indicator).toHaveText(words);
  await expect(page.getByRole("status").filter({ hasText: words })).toBeVisible();
}

type Gate = Awaited<ReturnType<typeof gate>>;

/** Lets the held requests through: `shown` appears and the indicator goes. */
async function releaseTo(held: Gate, shown: Locator) {
  held.release();
  await expect(shown).toBeVisible();
  await expect(shown.page().getByTestId("loading")).toHaveCount(0);
}

/**
 * Opens the dashboard's page `path` with its data (/api/dashboard/`path`) held: the indicator
 * shows `words` until the data comes, then `shown`. The gate stays, to be armed again.
 */
async function openLoading(page: Page, path: string, words: string, shown: Locator) {
  const held = await gate(page, dashboardJson(path));
  await page.goto(`${baseUrl()}/dashboard/${path}`);
  await expectLoading(page, words);
  await releaseTo(held, shown);
  return held;
}

test("in French: the report and the transactions show « Chargement… » until their data comes", async ({
  page,
}) => {
  const t = translator("fr", "dashboard");
  const data = await seedDashboard("fr");
  await signInAt(page, data.user.email, "fr");

  const report = await openLoading(page, "reports", t("loading"), page.getByTestId("report-lines"));

  // Another period while the lines of this one are on screen: they are marked busy meanwhile.
  report.arm();
  await page.getByRole("button", { name: t("preset_lastMonth") }).click();
  await expectLoading(page, t("loading"));
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);
  report.release();
  await expect(page.getByTestId("loading")).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText(t("chartEmpty"))).toBeVisible();

  await openLoading(page, "transactions", t("loading"), page.getByTestId("transaction-rows"));
});

test("the memorial list's next page, the keys and their creation show a loading state", async ({ page }) => {
  test.setTimeout(120_000);
  const t = translator("en", "dashboard");
  const data = await seedDashboard("en");
  // More than a page of 50 memorials.
  for (let batch = 0; batch < 5; batch++) {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createMemorialByApi(data.operator.key, { Defunt: { Nom: `Page ${batch}-${i}` } }),
      ),
    );
  }
  await signInAt(page, data.user.email);

  await page.goto(`${baseUrl()}/dashboard/memorials`);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  const memorials = await gate(page, dashboardJson("memorials"));
  await page.getByRole("button", { name: t("next") }).click();
  await expectLoading(page, t("loading"));
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);
  await releaseTo(memorials, page.getByText("Page 2 of 2"));

  await openLoading(page, "keys", t("loading"), page.getByTestId("key-rows"));

  // A key made through a Server Action (a POST to the page).
  const create = await gate(page, (url) => url.pathname === "/dashboard/keys", "POST");
  await page.getByLabel(t("keyName")).fill("Slow network");
  await page.getByRole("button", { name: t("createTest") }).click();
  await expectLoading(page, t("creating"));
  await releaseTo(create, page.getByTestId("new-key"));
});

test("the planting form shows « Planting… » while it is sent, then the result", async ({ page }) => {
  const t = translator("en", "dashboard");
  const data = await seedDashboard("en");
  await signInAt(page, data.user.email);
  await page.goto(`${baseUrl()}/dashboard/plant`);
  await expect(page.getByRole("button", { name: t("plantSubmit") })).toBeEnabled();
  await page.getByLabel(t("lastName"), { exact: true }).fill("Lent");
  await page.getByLabel(new RegExp(`^${t("deathDate")}`)).fill("2026-10-01");
  const plant = await gate(page, (url) => url.pathname === "/dashboard/plant", "POST");
  await page.getByRole("button", { name: t("plantSubmit") }).click();
  await expectLoading(page, t("planting"));
  await expect(page.locator('form[aria-busy="true"]')).toHaveCount(1);
  await releaseTo(plant, page.getByTestId("plant-result"));
});
