// Keys: named and created in the dashboard (shown once), used against /v1 (the last use written at
// most once a minute), revoked after a confirmation that repeats the name, then refused.
import { expect, test } from "@playwright/test";
import { api, db } from "../support/factories";
import { signedInOperator } from "./dashboard-support";

test("a key created in the dashboard works against /v1 until it is revoked", async ({ page }) => {
  const { operator } = await signedInOperator(page);
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(2);

  // A name is required.
  await page.getByRole("button", { name: "Create a live key" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(2);
  await page.getByLabel("Key name").fill("Booking software");
  await page.getByRole("button", { name: "Create a live key" }).click();
  const shown = page.getByTestId("new-key");
  await expect(shown).toHaveText(/^mt_live_/);
  const key = (await shown.textContent())!.trim();
  const prefix = key.slice(0, 12);
  const row = page.locator(`tr[data-key-prefix="${prefix}"]`);
  await expect(row).toContainText("Live");
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Booking software");
  await expect(row.getByTestId("last-used")).toHaveText("Never");
  // The list shows only the first characters, never the key.
  await expect(page.locator("table")).not.toContainText(key);

  const before = await api("GET", "/Plantations", { key });
  expect(before.status).toBe(200);
  expect(before.json.Contexte.Environnement).toBe("production");

  // The last use is recorded (after the response: poll), shown, and not written again within a minute.
  const stamp = () =>
    db.apiKey
      .findFirstOrThrow({ where: { operatorId: operator.operatorId, prefix } })
      .then((k) => k.lastUsedAt);
  await expect.poll(stamp).not.toBeNull();
  const first = await stamp();
  for (let i = 0; i < 3; i++) expect((await api("GET", "/Plantations", { key })).status).toBe(200);
  expect(await stamp()).toEqual(first);
  await page.reload();
  await expect(row.getByTestId("last-used")).not.toHaveText("Never");
  // A minute later, the next use writes it again.
  const old = new Date(Date.now() - 120_000);
  await db.apiKey.updateMany({
    where: { operatorId: operator.operatorId, prefix },
    data: { lastUsedAt: old },
  });
  // (The key is served from the instance's key cache, which asks for the write at most every
  // 10 seconds: keep using the key until it has.)
  await expect
    .poll(
      async () => {
        expect((await api("GET", "/Plantations", { key })).status).toBe(200);
        return (await stamp())!.getTime();
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBeGreaterThan(old.getTime());

  // Revoking asks first, repeating the key's name; cancelling changes nothing.
  await row.getByRole("button", { name: "Revoke Booking software" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Revoke the key “Booking software”");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: "Revoke Booking software" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke “Booking software”" }).click();
  await expect(row).toContainText("Revoked on");
  const stored = await db.apiKey.findFirstOrThrow({ where: { operatorId: operator.operatorId, prefix } });
  expect(stored.revokedAt).not.toBeNull();

  const after = await api("GET", "/Plantations", { key });
  expect(after.status).toBe(403);
  // The operator's other keys are untouched.
  expect((await api("GET", "/Plantations", { key: operator.key })).status).toBe(200);
});

test("a test key is created as a test key", async ({ page }) => {
  await signedInOperator(page);
  await page.getByRole("link", { name: "API keys" }).click();
  // Typed before hydration, the controlled name would be emptied by React: the button says when
  // the page is hydrated.
  await expect(page.getByRole("button", { name: "Create a test key" })).toBeEnabled();
  await page.getByLabel("Key name").fill("Tests");
  await page.getByRole("button", { name: "Create a test key" }).click();
  const key = (await page.getByTestId("new-key").textContent())!.trim();
  expect(key).toMatch(/^mt_test_/);
  const response = await api("GET", "/Plantations", { key });
  expect(response.status).toBe(200);
  expect(response.json.Contexte.Environnement).toBe("test");
});

test("in French: the key's name, its last use and the confirmation, in words", async ({ page }) => {
  await signedInOperator(page, { operator: { language: "fr" } });
  await page.getByRole("link", { name: "Clés d'API" }).click();
  await expect(page.getByRole("button", { name: "Créer une clé de production" })).toBeEnabled();
  await page.getByLabel("Nom de la clé").fill("Site web");
  await page.getByRole("button", { name: "Créer une clé de production" }).click();
  const key = (await page.getByTestId("new-key").textContent())!.trim();
  const row = page.locator(`tr[data-key-prefix="${key.slice(0, 12)}"]`);
  await expect(row.getByTestId("last-used")).toHaveText("Jamais");
  await row.getByRole("button", { name: "Révoquer Site web" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Révoquer la clé « Site web »");
  await page.getByRole("alertdialog").getByRole("button", { name: "Révoquer « Site web »" }).click();
  await expect(row).toContainText("Révoquée le");
  expect((await api("GET", "/Plantations", { key })).status).toBe(403);
});
