// Sign-in, sign-out, rate-limited failures, change of password, and the session checks of the
// dashboard's JSON routes.

import { PAIR_FREE_FAILURES, signInLimits } from "@memorial/lib/auth/sign-in";
import { subjectDigest } from "@memorial/lib/limits/rate-limit";
import { expect, test } from "@playwright/test";
import { baseUrl, db, makeIsolatedOperator } from "../support/factories";
import { ageLimit, hitsOf } from "../support/rate-limits";
import { makeUser, PASSWORD, signedInOperator, signIn, signInThroughForm } from "./dashboard-support";

test("a user signs in with the right password and signs out, which ends the session on the server", async ({
  page,
}) => {
  const operator = await makeIsolatedOperator({ language: "en" });
  const user = await makeUser(operator.operatorId);
  await signInThroughForm(page, user);
  const name = (await db.operator.findUniqueOrThrow({ where: { id: operator.operatorId } })).name;
  await expect(page.getByRole("banner")).toContainText(name);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // A copy of the session cookie, as someone who grabbed it would keep it.
  const cookie = (await page.context().cookies())
    .filter((c) => c.name.includes("next-auth.session-token"))
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
  const withCopy = () => fetch(`${baseUrl()}/api/dashboard/keys`, { headers: { cookie } });
  expect((await withCopy()).status).toBe(200);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/dashboard\/signin/);
  await page.goto(`${baseUrl()}/dashboard/keys`);
  await expect(page).toHaveURL(/\/dashboard\/signin/);
  // The copy no longer works either: the session was closed on the server, not only forgotten.
  expect((await withCopy()).status).toBe(401);
});

test("wrong passwords make this browser wait a growing delay, never a lock-out", async ({ page }) => {
  const operator = await makeIsolatedOperator();
  const user = await makeUser(operator.operatorId);
  await page.goto(`${baseUrl()}/dashboard/signin`);
  for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
    await page.getByLabel(/e-mail/i).fill(user.email);
    await page.getByLabel("Password").fill(`wrong password ${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "The e-mail address or the password is wrong.",
    );
    await expect(page).toHaveURL(/\/dashboard\/signin/);
  }
  // Counted for this browser's address: the socket's, passed on by lib/service/server.ts.
  const pair = signInLimits(user.email, "127.0.0.1").pair;
  expect(await hitsOf(pair)).toBe(PAIR_FREE_FAILURES);

  // Five more failures from this browser's address (as the form would record them, without the
  // waits between them): the delay is now 2^5 s, and even the right password is refused unchecked.
  await db.$executeRaw`UPDATE "rate_limit" SET "hits" = "hits" + 5, "last_hit_at" = now()
    WHERE "bucket" = ${pair.bucket} AND "subject" = ${subjectDigest(pair.subject)}`;
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Too many failed attempts");
  await expect(page).toHaveURL(/\/dashboard\/signin/);

  // Once the delay has passed (the failures moved five minutes back), the right password works.
  await ageLimit(pair, 5 * 60);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a dashboard POST from another site is refused even without an Origin header", async ({ page }) => {
  const { operator } = await signedInOperator(page);
  for (const site of ["cross-site", "same-site"]) {
    for (const path of ["/dashboard/keys", "/dashboard/plant", "/api/auth/signout"]) {
      // A server action as a form of another site would post it: the session cookie, no Origin.
      const response = await page.request.post(`${baseUrl()}${path}`, {
        headers: { "sec-fetch-site": site, "next-action": "0".repeat(42), "content-type": "text/plain" },
        data: "[]",
      });
      expect(response.status(), `${site} ${path}`).toBe(403);
    }
  }
  // The keys are untouched and the session still works from the site itself.
  expect(await db.apiKey.count({ where: { operatorId: operator.operatorId, revokedAt: null } })).toBe(2);
  expect((await page.request.get(`${baseUrl()}/api/dashboard/keys`)).status()).toBe(200);
});

test("a user changes their password, which ends the sessions opened with the old one", async ({
  page,
  browser,
}) => {
  const elsewhere = await browser.newPage();
  const { user } = await signedInOperator(elsewhere);
  await signIn(page, user);
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByLabel("Current password").fill("not the password");
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("The current password is wrong.");

  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("at least 10 characters");

  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Your password has been changed.");
  await page.goto(`${baseUrl()}/dashboard/keys`);
  await expect(page).toHaveURL(/\/dashboard\/signin/);
  // The other session, opened with the old password, has ended too.
  await elsewhere.goto(`${baseUrl()}/dashboard/keys`);
  await expect(elsewhere).toHaveURL(/\/dashboard\/signin/);
  expect((await elsewhere.request.get(`${baseUrl()}/api/dashboard/keys`)).status()).toBe(401);
  await elsewhere.close();

  const other = await browser.newPage();
  await signIn(other, { email: user.email, password: "a brand new password" });
  await other.close();
});

test("the dashboard's JSON routes need a session and refuse cross-site requests", async ({
  page,
  request,
}) => {
  const anonymous = await request.get(`${baseUrl()}/api/dashboard/keys`);
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()["cache-control"]).toContain("no-store");

  await signedInOperator(page);
  const own = await page.request.get(`${baseUrl()}/api/dashboard/keys`);
  expect(own.status()).toBe(200);
  expect(own.headers()["cache-control"]).toBe("private, no-store");
  expect((await own.json()).keys).toHaveLength(2);

  const crossSite = await page.request.get(`${baseUrl()}/api/dashboard/keys`, {
    headers: { "sec-fetch-site": "cross-site" },
  });
  expect(crossSite.status()).toBe(403);
});

test("the interface speaks the operator's language, and the user's choice", async ({ page }) => {
  const operator = await makeIsolatedOperator({ language: "nl" });
  const user = await makeUser(operator.operatorId);
  await page.goto(`${baseUrl()}/dashboard/signin`);
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overzicht" })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Taal").selectOption("de");
  await expect(page.getByRole("heading", { level: 1, name: "Übersicht" })).toBeVisible();
  await page.getByLabel("Sprache").selectOption("fr");
  await expect(page.getByRole("heading", { level: 1, name: "Vue d'ensemble" })).toBeVisible();
});
