import { expect, test } from "@playwright/test";
import { db, mailDir, makeIsolatedOperator } from "../support/factories";
import { mailParts, waitForMail } from "../support/smtp";
import { classic, memorialWithFamily } from "./memorials";

test.describe.configure({ timeout: 120_000 });

test("the family asks for the erasure on its management page and undoes it", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const { memorialId, email, manageLink } = await memorialWithFamily(
    op,
    classic({ Nom: "Lambert", Prenom: "Anne" }),
    { Langue: "en" },
    "erasure",
  );

  await page.goto(`${manageLink}?lang=en`);
  const section = page.getByTestId("manage-erasure");
  await expect(section.getByRole("heading", { name: "Erase the memorial" })).toBeVisible();
  await section.getByRole("button", { name: "Ask for the erasure" }).click();

  await expect(page.getByTestId("manage-done")).toBeVisible();
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 14);
  const dayText = new Intl.DateTimeFormat("en", { day: "numeric", month: "long", timeZone: "UTC" })
    .formatToParts(day)
    .filter((p) => p.type !== "literal")
    .map((p) => p.value);
  const requested = page.getByTestId("manage-erasure-requested");
  await expect(requested).toContainText("You asked for the erasure");
  for (const part of dayText) await expect(requested).toContainText(part);
  expect(
    (await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).erasureRequestedAt,
  ).not.toBeNull();

  // The e-mail of the day: when, and how to undo it (the management page).
  const mail = mailParts(await waitForMail(mailDir(), email));
  expect(mail.subject).toContain("Erasure of the memorial");
  expect(mail.text).toContain(manageLink);
  for (const part of dayText) expect(mail.text).toContain(part);

  await section.getByRole("button", { name: "Undo the erasure request" }).click();
  await expect(page.getByTestId("manage-done")).toBeVisible();
  await expect(page.getByTestId("manage-erasure-requested")).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Ask for the erasure" })).toBeVisible();
  const after = await db.memorial.findUniqueOrThrow({ where: { id: memorialId }, include: { person: true } });
  expect(after.erasureRequestedAt).toBeNull();
  expect(after.erasedAt).toBeNull();
  expect(after.person?.firstName).toBe("Anne");
});
