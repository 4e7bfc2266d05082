// Through the dashboard: a memorial planted with "Family's language: Nederlands"
// sends its family a Dutch e-mail and opens a Dutch confirmation page, and the dashboard's preview
// of that e-mail is, word for word, the e-mail the family received (links aside).
import { expect, type Page, test } from "@playwright/test";
import { baseUrl, db, mailDir, makeContext, makeIsolatedOperator, uniqueEmail } from "../support/factories";
import { type CaughtMail, mailParts, readMails } from "../support/smtp";
import { makeUser, signIn } from "./dashboard-support";

const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));

test("the family's language chosen in the dashboard drives its e-mail and page; the preview is the e-mail sent", async ({
  page,
}) => {
  const operator = await makeIsolatedOperator({ language: "en" });
  const epf = await makeContext(operator.operatorId, "Epf");
  const user = await makeUser(operator.operatorId);
  const email = uniqueEmail("family");
  await signIn(page, user);
  await page.getByRole("link", { name: "Plant a tree" }).click();
  await expect(page.getByRole("heading", { name: "Plant a tree" })).toBeVisible();
  // Filled before hydration, a controlled field would be emptied by React: wait for it (the
  // header's button is enabled once the page is hydrated).
  await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();
  await field(page, "Family name").fill("Lambert");
  await field(page, "Given name").fill("Anne");
  await field(page, "Date of death").fill("2026-11-10");
  await field(page, "Family e-mail address").fill(email);
  await field(page, "Family name to address").fill("Familie Lambert");
  await field(page, "Acting for").selectOption(String(epf.id));
  await field(page, "Family's language").selectOption({ label: "Nederlands" });
  await page.getByLabel("Ask the family to confirm before the memorial becomes visible").check();
  await expect(field(page, "Family name")).toHaveValue("Lambert");
  await expect(field(page, "Family's language")).toHaveValue("nl");
  await page.getByRole("button", { name: "Plant the tree" }).click();
  await expect(page.getByTestId("plant-result")).toContainText("awaits the family's confirmation");
  const memorial = await db.memorial.findFirstOrThrow({ where: { operatorId: operator.operatorId } });
  // The memorial's own language is the operator's (4.1 rule 6); the family's is Dutch.
  expect(memorial.language).toBe("en");

  let caught: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        caught = readMails(mailDir()).find((m) => m.to.includes(email));
        return Boolean(caught);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const mail = mailParts(caught as CaughtMail);
  expect(mail.subject).toBe("Bevestig de gedenkpagina voor Anne Lambert");
  expect(mail.text.startsWith("Beste Familie Lambert,\n\n")).toBe(true);
  expect(mail.text).toContain(`Met oprechte deelneming,\n${epf.name}\n`);

  // The confirmation page opens in Dutch, whatever the browser's language, naming the same home.
  const confirmLink = /(http\S+\/confirm\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
  await page.goto(confirmLink);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("De gedenkpagina bevestigen");
  await expect(page.getByTestId("confirm-requested-by")).toHaveText(epf.name);

  // The dashboard's preview: the family's language first, and exactly the e-mail sent.
  await page.goto(`${baseUrl()}/dashboard/memorials/${memorial.id}`);
  await page.getByText("Preview of the family's confirmation e-mail").click();
  const previews = page.locator("[data-testid^='email-preview-']").filter({ has: page.locator("h3") });
  await expect(previews.first()).toHaveAttribute("data-testid", "email-preview-nl");
  const dutch = page.getByTestId("email-preview-nl");
  await expect(dutch).toHaveAttribute("data-family-language", "true");
  await expect(dutch.getByTestId("email-preview-subject")).toHaveText(mail.subject);
  const previewText = await dutch.getByTestId("email-preview-text").textContent();
  const sentText = mail.text
    .replace(/http\S+?\/confirm\/[A-Za-z0-9_-]+/g, "https://…/confirm/…")
    .replace(/http\S+\/manage\/[A-Za-z0-9_-]{43}/, "https://…/manage/…");
  expect(previewText).toBe(sentText);
  // The management-link paragraph is part of it.
  expect(previewText).toContain("De gedenkpagina beheren: https://…/manage/…");
});
