// The public memorial page is light enough for a phone. A first visit (a fresh browser
// context: nothing cached) to a memorial with several trees and its map transfers under 40 KiB in
// total, images apart, and the share block still works (copy, and "Share…" where the browser has
// navigator.share) through its island (public/share.js), with and without the rendered-page cache.
// The bytes are counted with the DevTools protocol (e2e/support/page-weight.ts). The other public
// pages are weighed in page-weights.spec.ts.
import { type BrowserContext, expect, test } from "@playwright/test";
import { api, baseUrl, makeIsolatedOperator } from "../support/factories";
import { errorsOf, PAGE_WEIGHT_LIMIT, weigh } from "../support/page-weight";
import { classic, create } from "./memorials";

/** A memorial of six trees on its operator's site (so the page has tree cards and its map). */
async function memorialWithTrees(): Promise<number> {
  const op = await makeIsolatedOperator({ stock: 10 });
  const id = await create(op, classic({}, { DeLaPartDe: "La famille", Message: "Premier arbre" }));
  for (let i = 2; i <= 6; i++) {
    const r = await api("POST", "/Memorials/Creer", {
      key: op.key,
      body: { MemorialId: id, DeLaPartDe: `Ami ${i}`, Message: `Arbre numéro ${i}` },
    });
    expect(r.status, r.text).toBe(200);
  }
  return id;
}

/** A stand-in for the system's share sheet (Chromium on Linux has none): it records its calls. */
async function withShareSheet(context: BrowserContext) {
  await context.addInitScript(() => {
    const calls: unknown[] = [];
    Object.defineProperty(window, "__shared", { value: calls });
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: (data: unknown) => {
        calls.push(data);
        return Promise.resolve();
      },
    });
  });
}

test("a first visit transfers under 40 KiB (images apart), and the share block and the map work", async ({
  browser,
}) => {
  const id = await memorialWithTrees();
  const url = `${baseUrl()}/memorial/${id}`;
  const context = await browser.newContext();
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  const page = await context.newPage();
  const errors = errorsOf(page);
  const weighing = await weigh(context, page);

  const response = await page.goto(url, { waitUntil: "networkidle" });
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-cache"]).toBe("MISS"); // the first render of this page

  const counted = weighing.counted();
  const total = weighing.total();
  console.log(weighing.report("memorial page"));
  // The document, its stylesheet and the share island; none of Next.js's client runtime.
  // (and the site's icon, which the browser may ask for).
  expect(counted.filter((r) => r.type === "Document").map((r) => r.url)).toEqual([url]);
  expect(counted.filter((r) => r.type === "Script").map((r) => r.url)).toEqual([`${baseUrl()}/share.js`]);
  expect(counted.filter((r) => r.type === "Stylesheet")).toHaveLength(1);
  expect(
    counted
      .filter((r) => !["Document", "Script", "Stylesheet"].includes(r.type))
      .map((r) => new URL(r.url).pathname),
  ).toEqual(counted.some((r) => r.type === "Other") ? ["/icon.svg"] : []);
  expect(total).toBeLessThan(PAGE_WEIGHT_LIMIT);

  // The page itself: six tree cards and the map with its site and a marker per tree.
  await expect(page.getByTestId("tree-card")).toHaveCount(6);
  await expect(page.getByTestId("site-map")).toBeVisible();
  await expect(page.getByTestId("site-map").locator("g[data-site] > circle")).toHaveCount(1);
  await expect(page.getByTestId("site-map").locator("circle[data-tree]")).toHaveCount(6);

  // The share block: the address link copies the address; no "Share…" without navigator.share.
  expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");
  await expect(page.getByTestId("share-native")).toBeHidden();
  await expect(page.getByRole("button", { name: "Partager…" })).toHaveCount(0);
  await page.getByTestId("share-copy").click();
  await expect(page.getByTestId("share-copied")).toHaveText("Lien copié.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page).toHaveURL(url); // copied, not followed
  expect(errors).toEqual([]);
  await context.close();
});

for (const [name, query, cache] of [
  ["kept by the rendered-page cache (hashes)", "", "HIT"],
  [
    "rendered for one visitor, not kept (hashes too: lib/service/light-pages.ts)",
    "?guestbook=pending",
    undefined,
  ],
] as const) {
  test(`the share sheet is offered where the browser has it: a page ${name}`, async ({ browser }) => {
    const id = await memorialWithTrees();
    const url = `${baseUrl()}/memorial/${id}`;
    await fetch(url); // kept by the cache: the browser's visit is a HIT
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    await withShareSheet(context);
    const page = await context.newPage();
    const errors = errorsOf(page);
    const response = await page.goto(`${url}${query}`);
    expect(response?.headers()["x-cache"]).toBe(cache);
    const csp = response?.headers()["content-security-policy"] ?? "";
    // Both answered without Next.js's runtime: their own scripts allowed by their hashes, no nonce.
    expect(csp).toMatch(/script-src 'self'[^;]*;/);
    expect(csp).not.toContain("'nonce-");

    const share = page.getByRole("button", { name: "Partager…" });
    await expect(share).toBeVisible();
    await share.click();
    expect(await page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared)).toEqual([
      {
        title: "Marie Dupont",
        text: expect.stringContaining("Marie Dupont"),
        url,
      },
    ]);
    await page.getByTestId("share-copy").click();
    await expect(page.getByTestId("share-copied")).toHaveText("Lien copié.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // Nothing refused by the Content-Security-Policy, no script error.
    expect(errors).toEqual([]);
    await context.close();
  });
}
