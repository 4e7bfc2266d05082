// Anniversary reminders in Chromium, in the four languages: a visitor subscribes
// from the memorial page (a plain form), confirms through the e-mail really sent over SMTP
// (double opt-in), the service's own job runner sends the reminder of the day with its
// List-Unsubscribe headers, and its unsubscribe link works (the page's button). The family
// subscribes from its management page. axe finds no serious issue on the reminder pages.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { baseUrl, db, mailDir, sendManageLinkAsOperator, uniqueEmail } from "../support/factories";
import {
  mailHeaders,
  publicMemorial,
  runSendReminders,
  todayYearsAgo,
  waitForReminder,
} from "../support/reminders";
import { mailParts, mailText, waitForMail } from "../support/smtp";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function scan(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const described = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(described, `${name}: serious or critical violations`).toEqual([]);
}

const TEXTS = {
  fr: {
    label: "Votre adresse e-mail",
    sent: "Consultez votre boîte e-mail",
    confirmSubject: "Confirmez votre rappel : Anne Lambert",
    confirm: "Confirmer votre rappel",
    active: "Votre rappel est actif",
    subject: "Nous pensons à Anne Lambert aujourd’hui",
    years: "cela fait 4 ans",
    trees: "1 en attente de plantation",
    unsubscribed: "Vous êtes désinscrit",
  },
  nl: {
    label: "Uw e-mailadres",
    sent: "Kijk in uw mailbox",
    confirmSubject: "Bevestig uw herinnering: Anne Lambert",
    confirm: "Uw herinnering bevestigen",
    active: "Uw herinnering is actief",
    subject: "Vandaag denken we aan Anne Lambert",
    years: "4 jaar geleden",
    trees: "1 wacht op aanplanting",
    unsubscribed: "U bent afgemeld",
  },
  en: {
    label: "Your e-mail address",
    sent: "Check your inbox",
    confirmSubject: "Confirm your reminder: Anne Lambert",
    confirm: "Confirm your reminder",
    active: "Your reminder is active",
    subject: "Remembering Anne Lambert today",
    years: "It is 4 years today",
    trees: "1 waiting to be planted",
    unsubscribed: "You are unsubscribed",
  },
  de: {
    label: "Ihre E-Mail-Adresse",
    sent: "Sehen Sie in Ihr Postfach",
    confirmSubject: "Bestätigen Sie Ihre Erinnerung: Anne Lambert",
    confirm: "Ihre Erinnerung bestätigen",
    active: "Ihre Erinnerung ist aktiv",
    subject: "Heute denken wir an Anne Lambert",
    years: "vor 4 Jahren",
    trees: "1 wartet auf die Pflanzung",
    unsubscribed: "Sie sind abgemeldet",
  },
} as const;

/**
 * A link's page changes the subscription only when its button is pressed: `field` is unset before,
 * set after, and the page answers with the heading `answer`.
 */
async function pressChanges(
  page: Page,
  subscriptionId: number,
  field: "confirmedAt" | "unsubscribedAt",
  button: string,
  answer: string,
) {
  const value = async () =>
    (await db.reminderSubscription.findUniqueOrThrow({ where: { id: subscriptionId } }))[field];
  expect(await value()).toBeNull();
  await page.getByTestId(button).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(answer);
  expect(await value()).not.toBeNull();
}

for (const language of ["fr", "nl", "en", "de"] as const) {
  test(`a visitor subscribes, confirms, gets the reminder of the day and unsubscribes (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[language];
    const axe = language === "en";
    const memorialId = await publicMemorial({ DateDeces: todayYearsAgo(4) }, language);
    const email = uniqueEmail(`visitor-${language}`);

    await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=${language}`);
    const section = page.getByTestId("reminders");
    await expect(section).toBeVisible();
    await expect(page.getByTestId("reminder-ics")).toHaveAttribute(
      "href",
      `/memorial/${memorialId}/remember.ics?lang=${language}`,
    );
    if (axe) await scan(page, "memorial page with the reminder form");
    await section.getByLabel(texts.label).fill(email);
    await section.locator('input[name="consent"]').check();
    await section.getByTestId("reminder-submit").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.sent);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    if (axe) await scan(page, "reminder form's answer");
    // Double opt-in: written, not active.
    const subscription = await db.reminderSubscription.findFirstOrThrow({ where: { memorialId, email } });
    expect(subscription.confirmedAt).toBeNull();
    expect(subscription.language).toBe(language);

    const confirmation = await waitForMail(mailDir(), email);
    expect(mailParts(confirmation).subject).toBe(texts.confirmSubject);
    const confirmPath = /\/reminders\/confirm\/[A-Za-z0-9_-]{43}/.exec(mailText(confirmation))?.[0];
    expect(confirmPath, mailText(confirmation)).toBeTruthy();
    await page.goto(`${baseUrl()}${confirmPath}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.confirm);
    if (axe) await scan(page, "confirmation page");
    // Opening the link confirmed nothing; the button does.
    await pressChanges(page, subscription.id, "confirmedAt", "reminder-confirm", texts.active);

    await runSendReminders();
    const reminder = await waitForReminder(mailDir(), email);
    const { subject, text } = mailParts(reminder);
    expect(subject).toBe(texts.subject);
    expect(text).toContain(texts.years);
    expect(text).toContain(texts.trees);
    expect(text).toContain(`/memorial/${memorialId}`);
    const headers = mailHeaders(reminder);
    expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribeUrl = /^<(https?:\/\/[^>]+\/reminders\/unsubscribe\/[A-Za-z0-9_-]{43})>$/.exec(
      headers["list-unsubscribe"] ?? "",
    )?.[1];
    expect(unsubscribeUrl, headers["list-unsubscribe"]).toBeTruthy();
    expect(text).toContain(unsubscribeUrl);

    await page.goto(unsubscribeUrl as string);
    if (axe) await scan(page, "unsubscribe page");
    await pressChanges(page, subscription.id, "unsubscribedAt", "reminder-unsubscribe", texts.unsubscribed);
  });
}

test("the family subscribes its own address from the management page: active at once, reminded on the day", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const memorialId = await publicMemorial({
    DateDeces: todayYearsAgo(2),
    DateNaissance: "1950-01-01T12:00:00",
  });
  const email = uniqueEmail("family");
  await db.family.create({ data: { memorialId, email, name: "Famille Lambert", language: "fr" } });
  const memorial = await db.memorial.findUniqueOrThrow({ where: { id: memorialId } });
  await sendManageLinkAsOperator(memorial.operatorId, memorialId);
  const manageMail = await waitForMail(mailDir(), email);
  const managePath = /\/manage\/[A-Za-z0-9_-]{43}/.exec(mailText(manageMail))?.[0];
  expect(managePath, mailText(manageMail)).toBeTruthy();

  // Another site's form cannot subscribe with the family's link: 403, nothing written.
  const foreign = await fetch(`${baseUrl()}${managePath}/reminders`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "evil@example.org", death: "yes" }).toString(),
  });
  expect(foreign.status).toBe(403);
  expect(await db.reminderSubscription.count({ where: { memorialId } })).toBe(0);

  await page.goto(`${baseUrl()}${managePath}?lang=fr`);
  const section = page.getByTestId("manage-reminders");
  await expect(page.getByTestId("manage-reminders-count")).toHaveText("Aucune adresse ne reçoit de rappel.");
  await expect(section.getByLabel("Votre adresse e-mail")).toHaveValue(email);
  await scan(page, "management page with reminders");
  await section.getByLabel("le jour anniversaire de la naissance").check();
  await page.getByTestId("manage-reminders-submit").click();
  await expect(page.getByTestId("manage-done")).toBeVisible();
  await expect(page.getByTestId("manage-reminders-count")).toHaveText("1 adresse reçoit les rappels.");
  const subscription = await db.reminderSubscription.findFirstOrThrow({ where: { memorialId, email } });
  expect(subscription.confirmedAt).not.toBeNull();
  expect(subscription.birthday).toBe(true);

  await runSendReminders();
  const reminder = await waitForReminder(mailDir(), email);
  expect(mailParts(reminder).subject).toBe("Nous pensons à Anne Lambert aujourd’hui");
  expect(mailHeaders(reminder)["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
});
