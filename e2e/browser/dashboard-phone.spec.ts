// The dashboard on a phone (390 px) and the chart at desktop width: the charts' text is at least
// 11 CSS px as shown, the overview's 12 month names never touch, and tables become cards whose
// every cell (key columns first) is inside the screen, so that nothing needs a sideways scroll.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { baseUrl } from "../support/factories";
import { seedDashboard, signInAt } from "./dashboard-seed";

type Box = { left: number; right: number; top: number; bottom: number; text: string };

/** The chart's axis labels: their boxes and their text size as rendered (font size × SVG scale). */
async function axisLabels(chart: Locator, axis: "x" | "y") {
  // Once hydrated, the chart is redrawn for its measured width.
  await expect(chart).toHaveAttribute("data-measured", "true");
  return chart.evaluate((svg, which) => {
    const element = svg as SVGSVGElement;
    const scale = element.getBoundingClientRect().width / element.viewBox.baseVal.width;
    return [...element.querySelectorAll(`text[data-axis="${which}"]`)].map((text) => {
      const box = text.getBoundingClientRect();
      return {
        left: box.left,
        right: box.right,
        top: box.top,
        bottom: box.bottom,
        text: text.textContent ?? "",
        renderedPx: Number.parseFloat(getComputedStyle(text).fontSize) * scale,
        height: box.height,
      };
    });
  }, axis);
}

function expectApart(boxes: Box[]) {
  const sorted = [...boxes].sort((a, b) => a.left - b.left);
  for (let i = 1; i < sorted.length; i++) {
    expect(sorted[i].left, `"${sorted[i - 1].text}" and "${sorted[i].text}" touch`).toBeGreaterThan(
      sorted[i - 1].right,
    );
  }
}

/** No cell of the table sticks out of the 390 px screen, and the page does not scroll sideways. */
async function fitsTheScreen(page: Page, table: Locator) {
  const overflow = await table.evaluate((element) =>
    [...element.querySelectorAll("td")]
      .map((cell) => ({ box: cell.getBoundingClientRect(), text: cell.textContent?.slice(0, 40) }))
      .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5))
      .map(({ text }) => text),
  );
  expect(overflow, "cells outside the screen").toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** Each row is a card: the cell named `label` is visible, in the screen, with its label beside it. */
async function keyColumn(table: Locator, label: string) {
  const cell = table.locator(`tbody tr >> nth=0 >> td[data-label="${label}"]`);
  await expect(cell).toBeVisible();
  // Scrolled to (down the page), the whole cell is on the screen: nothing hides sideways.
  await cell.scrollIntoViewIfNeeded();
  await expect(cell).toBeInViewport({ ratio: 1 });
  expect(await cell.evaluate((td) => getComputedStyle(td, "::before").content)).toBe(`"${label}"`);
}

for (const lang of ["en", "fr"] as const) {
  test(`in ${lang}: the overview's 12 month names never touch at desktop width`, async ({ page }) => {
    const data = await seedDashboard(lang);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAt(page, data.user.email, lang);
    const labels = await axisLabels(page.getByTestId("report-chart"), "x");
    expect(labels).toHaveLength(12);
    expectApart(labels);
    for (const label of labels) expect(label.renderedPx).toBeGreaterThanOrEqual(11);
  });
}

test("on a 390 px phone the charts' text is readable and tables are cards inside the screen", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const data = await seedDashboard("en");
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, data.user.email);

  // The overview's chart: drawn for the width, with fewer month names that still do not touch.
  const overview = page.getByTestId("report-chart");
  for (const axis of ["x", "y"] as const) {
    const labels = await axisLabels(overview, axis);
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) {
      expect(label.renderedPx, `"${label.text}" as rendered`).toBeGreaterThanOrEqual(11);
      expect(label.height, `"${label.text}" box height`).toBeGreaterThanOrEqual(11);
      expect(label.right).toBeLessThanOrEqual(390);
    }
    if (axis === "x") expectApart(labels);
  }

  // The report of this month: chart and lines.
  await page.goto(`${baseUrl()}/dashboard/reports`);
  const lines = page.getByTestId("report-lines");
  await expect(lines).toBeVisible();
  for (const label of await axisLabels(page.getByTestId("report-chart"), "x")) {
    expect(label.renderedPx).toBeGreaterThanOrEqual(11);
  }
  await fitsTheScreen(page, lines);
  for (const label of ["Date", "Quantity", "Species", "Planter", "Message"]) await keyColumn(lines, label);
  await expect(lines).toContainText("The neighbours of the Rue des Tilleuls");

  await page.goto(`${baseUrl()}/dashboard/transactions`);
  const transactions = page.getByTestId("transaction-rows");
  await expect(transactions).toBeVisible();
  await fitsTheScreen(page, transactions);
  for (const label of ["Date", "Memorial", "Trees", "Amount"]) await keyColumn(transactions, label);
  for (const table of await page.locator("table.cards-table").all()) await fitsTheScreen(page, table);

  await page.goto(`${baseUrl()}/dashboard/memorials`);
  const memorials = page.getByTestId("memorial-rows");
  await expect(memorials).toBeVisible();
  await fitsTheScreen(page, memorials);
  for (const label of ["Memorial", "State", "Trees"]) await keyColumn(memorials, label);

  await page.goto(`${baseUrl()}/dashboard/memorials/${data.withTrees}`);
  const trees = page.getByTestId("memorial-trees");
  await expect(trees).toBeVisible();
  await fitsTheScreen(page, trees);
  for (const label of ["Date", "Species", "Planter", "Message"]) await keyColumn(trees, label);

  await page.goto(`${baseUrl()}/dashboard/keys`);
  const keys = page.getByTestId("key-rows");
  await expect(keys).toBeVisible();
  await fitsTheScreen(page, keys);
  for (const label of ["Key name", "Environment"]) await keyColumn(keys, label);

  await page.goto(`${baseUrl()}/dashboard/webhooks`);
  // The endpoint's row (a failed delivery to it may also be in the delivery log).
  await expect(
    page.getByRole("table", { name: "Your endpoints" }).getByText("http://127.0.0.1:9/hook"),
  ).toBeVisible();
  for (const table of await page.locator("table.cards-table").all()) await fitsTheScreen(page, table);
});

test("between phone and desktop a table wider than the screen says it scrolls, and scrolls by keyboard", async ({
  page,
}) => {
  const data = await seedDashboard("en");
  await page.setViewportSize({ width: 700, height: 900 });
  await signInAt(page, data.user.email);
  await page.goto(`${baseUrl()}/dashboard/transactions`);
  const region = page.getByRole("region", { name: "Transactions", exact: true });
  await expect(region.getByTestId("transaction-rows")).toBeVisible();
  const hint = page.getByTestId("table-scroll-hint").first();
  await expect(hint).toBeVisible();
  await expect(region).toHaveAttribute("aria-describedby", (await hint.getAttribute("id")) ?? "");
  await region.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
});
