// In Chromium: an admin answers a person's request from /dashboard/privacy. The address
// (typed in capitals) finds the family of the operator's memorial and the team member with it, never
// another operator's family; the copy downloads as JSON; the erasure, once confirmed, shows its
// report and changes the rows (another operator's stay); a second search finds nothing; the
// signed-in admin, the last of the team, is refused in words, nothing changed.
import { readFile } from "node:fs/promises";
import { translator } from "@memorial/lib/i18n/translate";
import { expect, test } from "@playwright/test";
import { baseUrl, db, makeIsolatedOperator, unique } from "../support/factories";
import { createMemorialByApi, makeUser, seriousViolations, signIn } from "./dashboard-support";

test("find, download, erase a person's data; the last admin is refused", async ({ page }) => {
  const t = translator("en", "subjectRights");
  const operator = await makeIsolatedOperator({ language: "en", stock: 5 });
  const other = await makeIsolatedOperator({ language: "en", stock: 5 });
  const email = `${unique("person")
    .replace(/[^a-z0-9-]/gi, "")
    .toLowerCase()}@example.org`;
  const family = { FamilleEmail: email, FamilleNom: "Famille Privée" };
  const mine = await createMemorialByApi(operator.key, {
    Defunt: { Nom: "Privé", DateDeces: "2026-10-01" },
    Famille: family,
  });
  const theirs = await createMemorialByApi(other.key, {
    Defunt: { Nom: "Privé", DateDeces: "2026-10-01" },
    Famille: family,
  });
  // A colleague of the team invited with this address (the operator's own data too).
  await db.operatorInvitation.create({
    data: {
      operatorId: operator.operatorId,
      email,
      role: "staff",
      language: "en",
      tokenHash: `p-${Date.now()}-${Math.random()}`.padEnd(64, "0").slice(0, 64),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  const admin = await makeUser(operator.operatorId);
  await signIn(page, admin, "en");
  await page.getByRole("navigation").getByRole("link", { name: "Personal data" }).click();
  await expect(page).toHaveURL(/\/dashboard\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: t("title") })).toBeVisible();
  // Typed before hydration, the controlled address would be emptied by React: the button says when
  // the page is hydrated.
  await expect(page.getByRole("button", { name: t("find") })).toBeEnabled();

  await page.getByLabel(t("email")).fill(email.toUpperCase());
  await page.getByRole("button", { name: t("find") }).click();
  const finding = page.getByTestId("subject-finding");
  await expect(finding).toContainText(
    "the family's e-mail address: 1 record (e-mail address, name), anonymised by an erasure",
  );
  await expect(finding).toContainText(
    "invitations to the dashboard: 1 record (e-mail address), deleted by an erasure",
  );
  // Words, never the database's names.
  await expect(finding).not.toContainText("family.email");
  await expect(finding).not.toContainText("operator_invitation");

  // The page with its findings passes the dashboard's accessibility scan (dashboard-a11y.spec.ts).
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    finding.getByRole("button", { name: t("export") }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("personal-data.json");
  const copy = JSON.parse(await readFile((await download.path()) as string, "utf8"));
  expect(copy.email).toBe(email);
  const families = copy.tables.find((table: { source: string }) => table.source === "family.email");
  expect(families.rows).toEqual([
    expect.objectContaining({ memorial_id: mine.IdMemorial, email, name: "Famille Privée" }),
  ]);

  await finding.getByRole("button", { name: t("erase") }).click();
  await expect(finding).toContainText("Erase these");
  await finding.getByRole("button", { name: t("confirmYes") }).click();
  const report = page.getByTestId("subject-report");
  await expect(report).toContainText("Erased:");
  await expect(report).toContainText(
    "the family's e-mail address: 1 record anonymised (e-mail address, name)",
  );
  await expect(report).toContainText("invitations to the dashboard: 1 record deleted");
  expect(await db.family.findUnique({ where: { memorialId: mine.IdMemorial } })).toMatchObject({
    email: null,
    name: null,
  });
  expect(await db.operatorInvitation.count({ where: { operatorId: operator.operatorId } })).toBe(0);
  expect(await db.family.findUnique({ where: { memorialId: theirs.IdMemorial } })).toMatchObject({ email });

  await page.getByRole("button", { name: t("find") }).click();
  await expect(page.getByTestId("subject-finding")).toContainText(`Nothing is held about ${email}.`);

  // The signed-in admin is the team's only admin: refused, said in words, nothing changed.
  await page.getByLabel(t("email")).fill(admin.email);
  await page.getByRole("button", { name: t("find") }).click();
  await expect(page.getByTestId("subject-finding")).toContainText("a dashboard account: 1 record");
  await page.getByRole("button", { name: t("erase") }).click();
  await page.getByRole("button", { name: t("confirmYes") }).click();
  await expect(page.locator("main").getByRole("alert")).toHaveText(t("lastAdmin"));
  expect(await db.operatorUser.count({ where: { email: admin.email } })).toBe(1);

  // In French, the places and fields are French words.
  await page.context().addCookies([{ name: "dashboard_lang", value: "fr", url: baseUrl() }]);
  await page.reload();
  const fr = translator("fr", "subjectRights");
  await expect(page.getByRole("button", { name: fr("find") })).toBeEnabled();
  await page.getByLabel(fr("email")).fill(admin.email);
  await page.getByRole("button", { name: fr("find") }).click();
  await expect(page.getByTestId("subject-finding")).toContainText(
    "un compte du tableau de bord : 1 enregistrement (adresse e-mail)",
  );
});
