// Helpers of the dashboard's browser tests: users made with createUser(), sign-in through the form,
// and the accessibility scan of a page.

import AxeBuilder from "@axe-core/playwright";
import { actingAs } from "@memorial/lib/audit/actor";
import { createUser } from "@memorial/lib/users/create-user";
import { expect, type Locator, type Page } from "@playwright/test";
import { api, baseUrl, makeIsolatedOperator, TEST_FIXTURE, unique } from "../support/factories";

export const PASSWORD = "correct horse battery";

/** The serious and critical violations of WCAG 2.2 A and AA rules axe finds on the page, each with its elements. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const scan = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return scan.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

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

/** Signs in through the sign-in page's form, as a person does, in English unless told otherwise. */
export async function signInThroughForm(page: Page, user: { email: string; password: string }, lang = "en") {
  await page.context().addCookies([{ name: "dashboard_lang", value: lang, url: baseUrl() }]);
  await page.goto(`${baseUrl()}/dashboard/signin`);
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page.getByLabel(/password|mot de passe|wachtwoord|passwort/i).fill(user.password);
  await page.getByRole("button", { name: /^(sign in|se connecter|aanmelden|anmelden)$/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

/**
 * Signs the browser in, in English unless told otherwise, and opens the dashboard's page `open`
 * (its home page unless told otherwise: a test that starts elsewhere does not load the home page's
 * figures first). The session is opened over HTTP, through next-auth's own credentials callback,
 * with the browser's own cookies (page.request shares them): the sign-in form itself is tested by
 * dashboard-signin.spec.ts and dashboard-a11y.spec.ts, and typing it again in every test cost the
 * run minutes.
 */
export async function signIn(
  page: Page,
  user: { email: string; password: string },
  lang = "en",
  open = "/dashboard",
) {
  await page.context().addCookies([{ name: "dashboard_lang", value: lang, url: baseUrl() }]);
  const csrf = await page.request.get(`${baseUrl()}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signedIn = await page.request.post(`${baseUrl()}/api/auth/callback/credentials`, {
    form: { csrfToken, email: user.email, password: user.password, json: "true" },
    maxRedirects: 0,
  });
  expect([200, 302], await signedIn.text()).toContain(signedIn.status());
  await page.goto(`${baseUrl()}${open}`);
  // The home page's figures can take a while on a loaded machine: wait for the page itself.
  await expect(page).toHaveURL(`${baseUrl()}${open}`, { timeout: 30_000 });
}

/**
 * A new isolated operator (in English unless told otherwise) and its user, signed in by signIn in
 * `lang` (the operator's language unless told otherwise) at `open`.
 */
export async function signedInOperator(
  page: Page,
  options: { operator?: Parameters<typeof makeIsolatedOperator>[0]; lang?: string; open?: string } = {},
) {
  const { operator: made = { language: "en" }, open } = options;
  const operator = await makeIsolatedOperator(made);
  const user = await makeUser(operator.operatorId);
  await signIn(page, user, options.lang ?? made.language ?? "en", open);
  return { operator, user };
}

/**
 * Waits until the list or report showing `content` holds its own query's answer: its wrapper, marked
 * `aria-busy` while that query (React Query) fetches, is no longer busy. After a filter, call it once
 * the address holds the new filter (`expect(page).toHaveURL`): the address is written when React
 * commits the filter's navigation, in the render that starts the new query. Until the answer comes,
 * the list keeps the previous query's rows (placeholderData: keepPreviousData), which may look the
 * same; a controlled checkbox clicked in them can be set back by React ("Clicking the checkbox did
 * not change its state", a flake of dashboard-trees.spec.ts in CI).
 */
export async function settled(content: Locator) {
  await expect(content.page().locator("[aria-busy]", { has: content })).toHaveAttribute("aria-busy", "false");
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
