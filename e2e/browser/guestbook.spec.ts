// The guestbook in Chromium, in the four languages: a visitor leaves a message in
// each mode (approval: seen once the family approves it on its management page; open: seen at
// once; closed: no form), the family hides and deletes, the operator hides from its dashboard,
// the family's daily digest arrives over SMTP in its language, and the memorial page with its
// guestbook passes the accessibility scan.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { baseUrl, db, mailDir, makeIsolatedOperator, unique } from "../support/factories";
import { mailParts, waitForMail } from "../support/smtp";
import { makeUser, seriousViolations, signIn } from "./dashboard-support";
import { familyMemorial } from "./memorials";

async function memorial(language: "fr" | "nl" | "en" | "de") {
  const op = await makeIsolatedOperator({ stock: 5, language });
  const { memorialId, email, token } = await familyMemorial(op, language);
  return { op, memorialId, email, manage: `${baseUrl()}/manage/${token}?lang=${language}` };
}

async function leaveMessage(page: Page, memorialId: number, lang: string, name: string, message: string) {
  await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=${lang}`);
  const form = page.getByTestId("guestbook-form");
  await form.getByRole("textbox").first().fill(name);
  await form.locator("textarea").fill(message);
  await form.getByRole("button").click();
  await expect(page.getByTestId("guestbook-sent")).toBeVisible();
}

/** The family chooses its guestbook's mode (the option labelled `mode`) on its management page. */
async function setMode(page: Page, manage: string, mode: string) {
  await page.goto(manage);
  await page.getByLabel(mode).check();
  await page.getByTestId("guestbook-save-mode").click();
  await expect(page.getByTestId("manage-done")).toBeVisible();
}

async function familyPress(page: Page, entryText: string, testId: string) {
  const entry = page.getByTestId("manage-guestbook-entry").filter({ hasText: entryText });
  // A deletion asks for its confirmation first.
  if (testId === "guestbook-delete") await entry.getByTestId("guestbook-delete-confirm").check();
  await entry.getByTestId(testId).click();
  await expect(page.getByTestId("manage-done")).toBeVisible();
}

test("approval (fr): the message waits; the family approves, hides, then deletes it on its management page", async ({
  page,
}) => {
  const { memorialId, manage } = await memorial("fr");
  const words = unique("Toutes nos pensées");
  await leaveMessage(page, memorialId, "fr", "Paul", words);
  await expect(page.getByTestId("guestbook-sent")).toHaveText(
    "Merci. Votre message apparaîtra dès que la famille l’aura approuvé.",
  );
  await expect(page.getByTestId("guestbook-entry")).toHaveCount(0);

  await page.goto(manage);
  await expect(page.getByRole("heading", { name: "Livre d’or" })).toBeVisible();
  await expect(page.getByTestId("manage-guestbook-entry").filter({ hasText: words })).toContainText(
    "En attente de votre accord",
  );
  await familyPress(page, words, "guestbook-approve");
  await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=fr`);
  await expect(page.getByTestId("guestbook-entry").filter({ hasText: words })).toContainText("Paul");

  await page.goto(manage);
  await familyPress(page, words, "guestbook-hide");
  await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=fr`);
  await expect(page.getByTestId("guestbook-entry")).toHaveCount(0);

  await page.goto(manage);
  await familyPress(page, words, "guestbook-delete");
  await expect(page.getByTestId("manage-guestbook-entry")).toHaveCount(0);
  expect(await db.guestbookEntry.count({ where: { memorialId } })).toBe(0);
});

test("open (nl): the family opens its guestbook; a message is seen at once", async ({ page }) => {
  const { memorialId, manage } = await memorial("nl");
  await setMode(page, manage, "Open: berichten verschijnen meteen");
  const words = unique("Veel sterkte");
  await leaveMessage(page, memorialId, "nl", "Jan", words);
  await expect(page.getByTestId("guestbook-sent")).toHaveText("Dank u. Uw bericht is gepubliceerd.");
  await expect(page.getByTestId("guestbook-entry").filter({ hasText: words })).toContainText("Jan");
});

test("closed (de): no form; the published messages stay", async ({ page }) => {
  const { memorialId, manage } = await memorial("de");
  await setMode(page, manage, "Offen: Nachrichten erscheinen sofort");
  const words = unique("Herzliches Beileid");
  await leaveMessage(page, memorialId, "de", "Anna", words);
  await setMode(page, manage, "Geschlossen: keine neuen Nachrichten; veröffentlichte bleiben");
  await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=de`);
  await expect(page.getByTestId("guestbook-closed")).toHaveText(
    "Die Familie hat das Kondolenzbuch geschlossen.",
  );
  await expect(page.getByTestId("guestbook-form")).toHaveCount(0);
  await expect(page.getByTestId("guestbook-entry").filter({ hasText: words })).toBeVisible();
});

test("the operator hides an abusive message from its dashboard (en)", async ({ page }) => {
  const { op, memorialId, manage } = await memorial("en");
  await setMode(page, manage, "Open: messages appear at once");
  const words = unique("Rude words");
  await leaveMessage(page, memorialId, "en", "Troll", words);
  await expect(page.getByTestId("guestbook-entry").filter({ hasText: words })).toBeVisible();

  await signIn(page, await makeUser(op.operatorId), "en", `/dashboard/memorials/${memorialId}`);
  const entry = page.getByTestId("dashboard-guestbook-entry").filter({ hasText: words });
  await expect(entry).toContainText("Published");
  await entry.getByRole("button", { name: "Hide" }).click();
  await expect(entry).toContainText("Hidden");
  await expect(entry.getByRole("button", { name: "Hide" })).toHaveCount(0);

  await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=en`);
  await expect(page.getByTestId("guestbook-entry")).toHaveCount(0);
  const event = await db.domainEvent.findFirstOrThrow({
    where: { memorialId, type: "guestbook.entry_hidden" },
  });
  expect(event.payload).toMatchObject({ by: "operator" });
});

test("the family's daily digest of waiting messages arrives in its language (nl, de)", async ({ page }) => {
  const nl = await memorial("nl");
  const de = await memorial("de");
  const nlWords = unique("In gedachten");
  const deWords = unique("In stiller Trauer");
  await leaveMessage(page, nl.memorialId, "nl", "Jan", nlWords);
  await leaveMessage(page, de.memorialId, "de", "Anna", deWords);
  // The job the schedule adds each morning, added now.
  await db.$executeRaw`SELECT graphile_worker.add_job('guestbook-digest', '{}'::json)`;
  const nlMail = mailParts(await waitForMail(mailDir(), nl.email, 30_000));
  expect(nlMail.subject).toContain("1 bericht wacht op uw akkoord");
  expect(nlMail.text).toContain(nlWords);
  expect(nlMail.text).toContain("beheerlink");
  const deMail = mailParts(await waitForMail(mailDir(), de.email, 30_000));
  expect(deMail.subject).toContain("1 Nachricht wartet auf Ihre Freigabe");
  expect(deMail.text).toContain(deWords);
  // One record of each digest sent (what makes a second run of the day send nothing).
  expect(
    await db.guestbookDigest.count({ where: { memorialId: { in: [nl.memorialId, de.memorialId] } } }),
  ).toBe(2);
});

test("the memorial page with its guestbook passes the accessibility scan", async ({ page }) => {
  const { memorialId, manage } = await memorial("en");
  await setMode(page, manage, "Open: messages appear at once");
  await leaveMessage(page, memorialId, "en", "Ann", "With love.\nAlways.");
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(manage);
  const manageResults = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(
    manageResults.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => v.id),
  ).toEqual([]);
});
