// Every page a visitor or a family opens transfers under 40 KiB on a first visit
// (a fresh browser context: nothing cached), images apart, and loads none of Next.js's client
// runtime: the home page, search results, the confirmation and management pages, the reminder
// form's answer, its confirmation and unsubscription pages, and the page a guestbook message
// leads to. (The memorial page itself: page-weight.spec.ts.) Each page is reached as its visitor
// reaches it: the family's links from the e-mails really sent, the visitor's through the forms.
import { transaction } from "@memorial/lib/db/client";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { baseUrl, db, mailDir, makeIsolatedOperator, unique, uniqueEmail } from "../support/factories";
import { errorsOf, PAGE_WEIGHT_LIMIT, weigh } from "../support/page-weight";
import { tokenOf } from "../support/reminders";
import { mailText, waitForMail } from "../support/smtp";
import { setVisitors } from "../support/visitors";
import { classic, create } from "./memorials";

/** Opens `url` in a fresh context (a first visit) and holds it to the budget. */
async function firstVisit(
  browser: Browser,
  name: string,
  url: string,
  expectStatus: number,
  check: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = errorsOf(page);
  const weighing = await weigh(context, page);
  const response = await page.goto(url, { waitUntil: "networkidle" });
  expect(response?.status(), name).toBe(expectStatus);
  await check(page);
  console.log(weighing.report(name));
  const scripts = weighing.counted().filter((r) => r.type === "Script");
  // Only the site's own small scripts, never Next.js's runtime (/_next/…).
  expect(
    scripts.filter((r) => new URL(r.url).pathname.startsWith("/_next/")),
    name,
  ).toEqual([]);
  expect(weighing.total(), name).toBeLessThan(PAGE_WEIGHT_LIMIT);
  expect(errors, name).toEqual([]);
  await context.close();
}

test("the home page and its search results stay under 40 KiB, without Next.js's runtime", async ({
  browser,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const lastName = unique("Weigh").replace(/\W+/g, "");
  const id = await create(op, classic({ Nom: lastName, Prenom: "Anne" }));

  await firstVisit(browser, "home page", `${baseUrl()}/`, 200, async (page) => {
    await expect(page.getByTestId("search-form")).toBeVisible();
  });
  await firstVisit(browser, "search results", `${baseUrl()}/?q=${lastName}`, 200, async (page) => {
    await expect(page.locator(`a[href^="/memorial/${id}"]`).first()).toBeVisible();
  });
});

test("the search works without JavaScript", async ({ browser }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const lastName = unique("NoScript").replace(/\W+/g, "");
  const id = await create(op, classic({ Nom: lastName, Prenom: "Anne" }));
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/?lang=en`);
  const search = page.locator('input[name="q"]');
  await search.fill(lastName);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${lastName}`));
  await expect(page.locator(`a[href^="/memorial/${id}"]`).first()).toBeVisible();
  await context.close();
});

test("the family's confirmation and management pages stay under 40 KiB", async ({ browser }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const email = uniqueEmail("weigh-family");
  const memorialId = await create(
    op,
    classic(
      { Nom: "Lambert", Prenom: "Anne" },
      { AConfirmer: true, Famille: { FamilleEmail: email, FamilleNom: "Famille Lambert" } },
    ),
  );
  const mail = await waitForMail(mailDir(), email);
  const confirmPath = /\/confirm\/[A-Za-z0-9_-]+/.exec(mailText(mail))?.[0];
  expect(confirmPath, mailText(mail)).toBeTruthy();
  await firstVisit(browser, "confirmation page", `${baseUrl()}${confirmPath}`, 200, async (page) => {
    // The confirmation and, beside it, "we do not wish this memorial".
    await expect(page.getByRole("button")).toHaveCount(2);
  });

  const { token } = await transaction((tx) => issueManageToken(tx, memorialId));
  await firstVisit(browser, "management page", `${baseUrl()}/manage/${token}`, 200, async (page) => {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test("the reminder form's answer, its confirmation and its unsubscription pages stay under 40 KiB", async ({
  browser,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(op, classic({ Nom: "Lambert", Prenom: "Anne", DateDeces: "2020-03-14" }));
  const email = uniqueEmail("weigh-visitor");

  // The form's answer is the page a visitor's phone receives right after subscribing.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=en`);
  const section = page.getByTestId("reminders");
  await section.locator('input[type="email"]').fill(email);
  await section.locator('input[name="consent"]').check();
  const weighing = await weigh(context, page);
  await section.getByTestId("reminder-submit").click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  console.log(weighing.report("reminder form's answer"));
  expect(weighing.counted().filter((r) => new URL(r.url).pathname.startsWith("/_next/"))).toEqual([]);
  expect(weighing.total()).toBeLessThan(PAGE_WEIGHT_LIMIT);
  await context.close();

  const token = await tokenOf(memorialId, email);
  await firstVisit(
    browser,
    "reminder confirmation page",
    `${baseUrl()}/reminders/confirm/${token}`,
    200,
    async (p) => {
      await expect(p.getByRole("button")).toHaveCount(1);
    },
  );
  await firstVisit(
    browser,
    "reminder unsubscription page",
    `${baseUrl()}/reminders/unsubscribe/${token}`,
    200,
    async (p) => {
      await expect(p.getByRole("heading", { level: 1 })).toBeVisible();
    },
  );
  expect(await db.reminderSubscription.count({ where: { memorialId, email } })).toBe(1);
});

test("the page a guestbook message leads to stays under 40 KiB", async ({ browser }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(op, classic({ Nom: "Lambert", Prenom: "Anne" }));
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/memorial/${memorialId}`);
  const form = page.getByTestId("guestbook-form");
  await form.getByRole("textbox").first().fill("Paul");
  await form.locator("textarea").fill("Une pensée pour vous.");
  await form.getByRole("button").click();
  await expect(page.getByTestId("guestbook-sent")).toBeVisible();
  const thanks = page.url();
  expect(thanks).toContain("guestbook=");
  await context.close();

  await firstVisit(browser, "guestbook thanks page", thanks, 200, async (p) => {
    await expect(p.getByTestId("guestbook-sent")).toBeVisible();
  });
});

test("a memorial's planting form stays under 40 KiB, without Next.js's runtime", async ({ browser }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(op, classic());
  await setVisitors(op.operatorId, null, {
    enabled: true,
    payments: ["card", "bancontact"],
    price: "15",
  });
  await firstVisit(
    browser,
    "planting form",
    `${baseUrl()}/memorial/${memorialId}/plant?lang=fr`,
    200,
    async (page) => {
      await expect(page.getByTestId("plant-form")).toBeVisible();
    },
  );
});
