// Keys: created in the dashboard (shown once), used against /v1, revoked, then refused.
import { expect, test } from "@playwright/test";
import { api, db, makeIsolatedOperator } from "../support/factories";
import { makeUser, signIn } from "./dashboard-support";

test("a key created in the dashboard works against /v1 until it is revoked", async ({ page }) => {
  const operator = await makeIsolatedOperator({ language: "en" });
  const user = await makeUser(operator.operatorId);
  await signIn(page, user);
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(2);

  await page.getByRole("button", { name: "Create a live key" }).click();
  const shown = page.getByTestId("new-key");
  await expect(shown).toHaveText(/^mt_live_/);
  const key = (await shown.textContent())!.trim();
  const prefix = key.slice(0, 12);
  const row = page.locator(`tr[data-key-prefix="${prefix}"]`);
  await expect(row).toContainText("Live");
  await expect(row).toContainText("Active");
  // The list shows only the first characters, never the key.
  await expect(page.locator("table")).not.toContainText(key);

  const before = await api("GET", "/Plantations", { key });
  expect(before.status).toBe(200);
  expect(before.json.Contexte.Environnement).toBe("production");

  page.once("dialog", (dialog) => dialog.accept());
  await row.getByRole("button", { name: /Revoke/ }).click();
  await expect(row).toContainText("Revoked on");
  const stored = await db.apiKey.findFirstOrThrow({ where: { operatorId: operator.operatorId, prefix } });
  expect(stored.revokedAt).not.toBeNull();

  const after = await api("GET", "/Plantations", { key });
  expect(after.status).toBe(403);
  // The operator's other keys are untouched.
  expect((await api("GET", "/Plantations", { key: operator.key })).status).toBe(200);
});

test("a test key is created as a test key", async ({ page }) => {
  const operator = await makeIsolatedOperator({ language: "en" });
  const user = await makeUser(operator.operatorId);
  await signIn(page, user);
  await page.getByRole("link", { name: "API keys" }).click();
  await page.getByRole("button", { name: "Create a test key" }).click();
  const key = (await page.getByTestId("new-key").textContent())!.trim();
  expect(key).toMatch(/^mt_test_/);
  const response = await api("GET", "/Plantations", { key });
  expect(response.status).toBe(200);
  expect(response.json.Contexte.Environnement).toBe("test");
});
