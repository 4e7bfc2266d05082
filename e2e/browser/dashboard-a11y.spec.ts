// Accessibility of every dashboard page: an automated scan (axe-core, WCAG 2 A and AA rules) of
// each page with data, at desktop width and on a 390 px phone, must find no serious or critical
// violation; the main flows work with the keyboard alone, with a visible focus.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { baseUrl, db } from "../support/factories";
import { seedDashboard } from "./dashboard-seed";
import { PASSWORD } from "./dashboard-support";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The page has its data: no loading indicator, nothing busy. */
async function settled(page: Page) {
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByTestId("loading")).toHaveCount(0);
}

// Legacy mode runs axe in the page itself. The default mode opens a blank page after every scan to
// gather the results of each frame, which took half of each scan's 4 s here; the dashboard has
// no frame of its own, and none from another site. Only violations are read, so axe describes
// only them, not every element that passes (its `resultTypes`; options are set before the tags,
// which `options()` would otherwise replace).
async function scan(page: Page, name: string) {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG)
    .setLegacyMode(true)
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const described = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(described, `${name}: serious or critical violations`).toEqual([]);
}

async function signInByForm(page: Page, email: string) {
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/password/i).fill(PASSWORD);
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
}

/** The widths every page is scanned at: the layout changes with them (tables become cards). */
const WIDTHS = [
  [1280, 900, "desktop"],
  [390, 844, "phone"],
] as const;

/**
 * Scans the page at each width. The page is loaded once: its server's answer and its data do not
 * depend on the width, its layout does (CSS, and the components that measure themselves, which
 * render again once the window has changed: two frames later).
 */
async function scanAtEachWidth(page: Page, name: string, ready: (page: Page) => Promise<void>) {
  for (const [width, height, label] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await settled(page);
    await ready(page);
    await scan(page, `${name} (${label}, ${width} px)`);
  }
}

type Data = Awaited<ReturnType<typeof seedDashboard>>;

/** The signed-in pages, each with what shows that its data is there. */
async function dashboardPages(data: Data): Promise<[string, string, (page: Page) => Promise<void>][]> {
  return [
    ["overview", "/dashboard", (p) => expect(p.getByTestId("stale-confirmations")).toBeVisible()],
    ["plant", "/dashboard/plant", (p) => expect(p.getByRole("button", { name: "Plant" })).toBeEnabled()],
    ["memorials", "/dashboard/memorials", (p) => expect(p.getByTestId("memorial-rows")).toBeVisible()],
    [
      "memorial with trees",
      `/dashboard/memorials/${data.withTrees}`,
      (p) => expect(p.getByTestId("memorial-trees")).toBeVisible(),
    ],
    [
      "memorial awaiting confirmation",
      `/dashboard/memorials/${data.awaiting}`,
      (p) => expect(p.getByRole("button", { name: "Send the confirmation e-mail again" })).toBeEnabled(),
    ],
    ["reports", "/dashboard/reports", (p) => expect(p.getByTestId("report-lines")).toBeVisible()],
    [
      "transactions",
      "/dashboard/transactions",
      (p) => expect(p.getByTestId("transaction-rows")).toBeVisible(),
    ],
    ["keys", "/dashboard/keys", (p) => expect(p.getByTestId("key-rows")).toBeVisible()],
    [
      "webhooks",
      "/dashboard/webhooks",
      // The endpoint's row (a failed delivery to it may also be in the log below).
      (p) =>
        expect(
          p.getByRole("table", { name: "Your endpoints" }).getByText("http://127.0.0.1:9/hook"),
        ).toBeVisible(),
    ],
    ["team", "/dashboard/team", (p) => expect(p.getByTestId("team-users")).toBeVisible()],
    // The operator's audit log.
    ["audit", "/dashboard/audit", (p) => expect(p.getByTestId("audit-filters")).toBeVisible()],
    ["account", "/dashboard/account", async () => {}],
    ["not found", "/dashboard/memorials/2147483647", async () => {}],
    // A tree's life: the trees waiting, one tree with its forms, the sheet import.
    ["trees", "/dashboard/trees", (p) => expect(p.getByTestId("trees-waiting")).toBeVisible()],
    [
      "tree",
      `/dashboard/trees/${(await db.tree.findFirstOrThrow({ where: { memorialId: data.withTrees } })).id}`,
      (p) => expect(p.getByTestId("tree-status")).toBeVisible(),
    ],
    ["tree import", "/dashboard/trees/import", (p) => expect(p.getByLabel("CSV file")).toBeVisible()],
    // The lists of the tree work.
    ...["in-ground", "due", "dead"].map((list): [string, string, (p: Page) => Promise<void>] => [
      `trees ${list}`,
      `/dashboard/trees/${list}`,
      (p) => expect(p.getByTestId("tree-list").or(p.getByTestId("tree-list-none"))).toBeVisible(),
    ]),
  ];
}

// Two tests, each with its half of the pages, so that the two workers share the scans.
for (const half of [1, 2] as const) {
  test(`every dashboard page passes the accessibility scan at 1280 and 390 px (${half} of 2)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const data = await seedDashboard();
    await page.context().addCookies([{ name: "dashboard_lang", value: "en", url: baseUrl() }]);
    if (half === 1) {
      await page.goto(`${baseUrl()}/dashboard/signin`);
      await scanAtEachWidth(page, "sign-in", (p) =>
        expect(p.getByRole("button", { name: /^sign in$/i })).toBeEnabled(),
      );
      await page.goto(`${baseUrl()}/dashboard/forgot`);
      await scanAtEachWidth(page, "forgot password", async () => {});
    }
    await page.goto(`${baseUrl()}/dashboard/signin`);
    await expect(page.getByRole("button", { name: /^sign in$/i })).toBeEnabled();
    await signInByForm(page, data.user.email);

    const pages = await dashboardPages(data);
    const middle = Math.ceil(pages.length / 2);
    for (const [name, path, ready] of half === 1 ? pages.slice(0, middle) : pages.slice(middle)) {
      await page.goto(`${baseUrl()}${path}`);
      await scanAtEachWidth(page, name, ready);
    }
  });
}

/** Presses Tab until the focused element matches `selector`; each stop must show its focus. */
async function tabTo(page: Page, selector: string) {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press("Tab");
    const focus = await page.evaluate((wanted) => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      return {
        matches: element.matches(wanted),
        what: element.outerHTML.slice(0, 80),
        outline: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
      };
    }, selector);
    if (!focus) continue;
    expect(focus.outline, `focus visible on ${focus.what}`).not.toBe("none");
    expect(focus.width, `focus ring width on ${focus.what}`).toBeGreaterThanOrEqual(2);
    if (focus.matches) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

test("sign-in, navigation and planting work with the keyboard alone, with a visible focus", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const data = await seedDashboard();
  await page.context().addCookies([{ name: "dashboard_lang", value: "en", url: baseUrl() }]);
  await page.goto(`${baseUrl()}/dashboard/signin`);
  await expect(page.getByRole("button", { name: /^sign in$/i })).toBeEnabled();

  await tabTo(page, "#email");
  await page.keyboard.type(data.user.email);
  await tabTo(page, "#password");
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  // The keys wait for the page to be hydrated (its header's buttons enabled): a page hydrated while
  // the test tabs moved the focus back to the content the skip link had led to, under the test.
  await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();

  // The first stop is the skip link, shown when focused; it leads to the page's content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#content")).toBeFocused();

  // The sections: on the dark header the focus ring is white.
  await tabTo(page, 'nav a[href="/dashboard/plant"]');
  expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineColor)).toBe(
    "rgb(255, 255, 255)",
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/plant$/);
  await expect(page.getByRole("button", { name: "Plant the tree" })).toBeEnabled();

  await tabTo(page, 'input[name="lastName"]');
  await page.keyboard.type("Clavier");
  await tabTo(page, 'input[name="deathDate"]');
  await page.keyboard.type("10012026");
  await expect(page.locator('input[name="deathDate"]')).toHaveValue("2026-10-01");
  await tabTo(page, 'form button[type="submit"]');
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("plant-result")).toBeVisible();
  await expect(page.getByTestId("plant-result")).toContainText("Done");
});
