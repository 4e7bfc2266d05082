// In Chromium: a visitor leaves a message with their e-mail address (in Dutch), gets
// the e-mail over SMTP, follows its link, presses the button (a form: no script needed) and the
// message leaves the memorial page; the page of the link, once used, says it no longer works.
import { expect, test } from "@playwright/test";
import { baseUrl, db, mailDir, makeIsolatedOperator, unique, uniqueEmail } from "../support/factories";
import { mailParts, waitForMail } from "../support/smtp";
import { classic, create } from "./memorials";

test.use({ javaScriptEnabled: false });

test("nl: the author leaves an address, follows the e-mail's link and withdraws the message", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(op, classic());
  await db.memorial.update({ where: { id: memorialId }, data: { guestbookMode: "open" } });
  const email = uniqueEmail("author");
  const words = unique("Veel sterkte");

  await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=nl`);
  const form = page.getByTestId("guestbook-form");
  await form.getByLabel("Uw naam").fill("Jan");
  await form.locator("textarea").fill(words);
  await form.getByLabel("Uw e-mailadres (niet verplicht)").fill(email);
  await form.getByRole("button").click();
  await expect(page.getByTestId("guestbook-entry").filter({ hasText: words })).toBeVisible();

  const mail = mailParts(await waitForMail(mailDir(), email));
  expect(mail.subject).toContain("Uw bericht in het gastenboek van");
  const link = mail.html.match(/href="([^"]*\/guestbook\/withdraw\/[A-Za-z0-9_-]{43}\?lang=nl)"/)?.[1];
  expect(link, mail.html).toBeTruthy();
  await page.goto(`${baseUrl()}${new URL(link!).pathname}${new URL(link!).search}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Uw bericht intrekken");
  await expect(page.getByTestId("withdraw-message")).toHaveText(words);
  await page.getByRole("button", { name: "Mijn bericht intrekken" }).click();
  await expect(page.getByTestId("withdraw-done")).toHaveText(
    "Uw bericht en uw naam zijn van de gedenkpagina verwijderd.",
  );

  await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=nl`);
  await expect(page.getByTestId("guestbook")).not.toContainText(words);
  const again = await page.goto(`${baseUrl()}${new URL(link!).pathname}?lang=nl`);
  expect(again?.status()).toBe(404);
  await expect(page.getByTestId("withdraw-unknown")).toBeVisible();
});
