// In Chromium: the home page's search in the four languages (a GET form: it works
// without JavaScript too), the axe scan of the home page, and the family's privacy choice on its
// management page (link only: the memorial leaves the search and its page carries noindex).
import AxeBuilder from "@axe-core/playwright";
import { transaction } from "@memorial/lib/db/client";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { expect, type Page, test } from "@playwright/test";
import { baseUrl, makeIsolatedOperator, searchWord } from "../support/factories";
import { classic, create, type Operator } from "./memorials";

const TEXTS = {
  fr: { label: "Nom ou commune", button: "Rechercher", heading: "Résultats" },
  nl: { label: "Naam of gemeente", button: "Zoeken", heading: "Resultaten" },
  en: { label: "Name or town", button: "Search", heading: "Results" },
  de: { label: "Name oder Ort", button: "Suchen", heading: "Ergebnisse" },
} as const;

async function searchFor(page: Page, language: keyof typeof TEXTS, text: string) {
  const t = TEXTS[language];
  await page.goto(`${baseUrl()}/?lang=${language}`);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await page.getByLabel(t.label).fill(text);
  await page.getByRole("button", { name: t.button, exact: true }).click();
  await expect(page.getByRole("heading", { name: t.heading })).toBeVisible();
}

let op: Operator;
test.beforeAll(async () => {
  op = await makeIsolatedOperator({ stock: 200 });
});

for (const language of ["fr", "nl", "en", "de"] as const) {
  test(`a visitor finds a memorial from the home page (${language})`, async ({ page }) => {
    const w = searchWord();
    const id = await create(op, classic({ Nom: `Dubœis${w}`, Prenom: "Émile" }));
    await searchFor(page, language, `emile DUBOEIS${w}`);
    const hit = page.getByTestId("search-hit");
    await expect(hit).toHaveCount(1);
    await hit.getByRole("link", { name: `Émile Dubœis${w}` }).click();
    await expect(page).toHaveURL(new RegExp(`/memorial/${id}\\?lang=${language}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Émile Dubœis${w}`);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the search form works, and its pages are links", async ({ page }) => {
    const w = searchWord();
    for (let i = 0; i < 22; i++) await create(op, classic({ Nom: w, Prenom: `Anne${i}` }));
    await searchFor(page, "en", w);
    await expect(page.getByTestId("search-hit")).toHaveCount(20);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page.getByTestId("search-hit")).toHaveCount(2);
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByLabel("Name or town")).toHaveValue(w);
  });
});

test("the home page passes the accessibility scan, with results and on a phone", async ({ page }) => {
  // Two full scans: past 60 s on a loaded 2-core machine (the CI run of 2026-11-27).
  test.setTimeout(180_000);
  const w = searchWord();
  await create(op, classic({ Nom: w, Prenom: "Anne" }));
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await searchFor(page, "fr", w);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      bad.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      `${width} px`,
    ).toEqual([]);
  }
});

test("the family makes its memorial link only on its management page: out of the search, noindex", async ({
  page,
}) => {
  const w = searchWord();
  const id = await create(op, classic({ Nom: `Privé${w}`, Prenom: "Anne" }));
  const token = await transaction(async (tx) => (await issueManageToken(tx, id)).token);
  await page.goto(`${baseUrl()}/manage/${token}?lang=en`);
  const section = page.getByTestId("manage-privacy");
  await expect(section.getByRole("radio", { name: /^Public/ })).toBeChecked();
  await expect(section.getByTestId("privacy-default")).toBeVisible();
  await section.getByRole("radio", { name: /^Link only/ }).check();
  await section.getByRole("button", { name: "Save my choice" }).click();
  await expect(page.getByTestId("manage-done")).toBeVisible();
  await expect(page.getByTestId("manage-privacy").getByRole("radio", { name: /^Link only/ })).toBeChecked();
  await expect(page.getByTestId("privacy-default")).toHaveCount(0);

  await searchFor(page, "en", `prive${w}`);
  await expect(page.getByTestId("search-empty")).toBeVisible();
  await page.goto(`${baseUrl()}/memorial/${id}?lang=en`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Anne Privé${w}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  // Public again: found, indexable.
  await page.goto(`${baseUrl()}/manage/${token}?lang=en`);
  await page
    .getByTestId("manage-privacy")
    .getByRole("radio", { name: /^Public/ })
    .check();
  await page.getByRole("button", { name: "Save my choice" }).click();
  await expect(page.getByTestId("manage-done")).toBeVisible();
  await searchFor(page, "en", `prive${w}`);
  await expect(page.getByTestId("search-hit")).toHaveCount(1);
  await page.goto(`${baseUrl()}/memorial/${id}?lang=en`);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});
