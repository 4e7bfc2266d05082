// Helpers of the dashboard's browser tests: users made with createUser(), sign-in through the form.

import { actingAs } from "@memorial/lib/audit/actor";
import { createUser } from "@memorial/lib/users/create-user";
import { expect, type Page } from "@playwright/test";
import { api, baseUrl, TEST_FIXTURE, unique } from "../support/factories";

export const PASSWORD = "correct horse battery";

export async function makeUser(operatorId: number, password = PASSWORD) {
  const email = `${unique("user")
    .replace(/[^a-z0-9-]/gi, "")
    .toLowerCase()}@example.org`;
  const user = await actingAs(TEST_FIXTURE, () => createUser({ operatorId, email, password }));
  return { id: user.id, email, password };
}

/**
 * Signs the browser out to sign in as someone else: leaves the page first, then forgets the
 * cookies. A dashboard page left open whose session goes navigates to the sign-in page by itself
 * (its next read answers 401), and that navigation aborted the test's own next one
 * (net::ERR_ABORTED, seen in CI).
 */
export async function signOutBrowser(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

/** Signs in through the sign-in page, in English unless told otherwise. */
export async function signIn(page: Page, user: { email: string; password: string }, lang = "en") {
  await page.context().addCookies([{ name: "dashboard_lang", value: lang, url: baseUrl() }]);
  await page.goto(`${baseUrl()}/dashboard/signin`);
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page.getByLabel(/password|mot de passe|wachtwoord|passwort/i).fill(user.password);
  await page.getByRole("button", { name: /^(sign in|se connecter|aanmelden|anmelden)$/i }).click();
  // The home page's figures can take a while on a loaded machine: wait for the page itself.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

/** A memorial created through the API with the operator's key, for a funeral home. */
export async function createMemorialByApi(key: string, body: Record<string, unknown>) {
  const response = await api("POST", "/Memorials/Creer", {
    key,
    body: { DeLaPartDe: "Test", ...body, Defunt: { DateDeces: "2026-10-01", ...(body.Defunt as object) } },
  });
  expect(response.status, response.text).toBe(200);
  return response.json as { IdMemorial: number; IdDefunt: number; IdTransaction: number };
}
