// Without SMTP_URL the dashboard says plainly that e-mail is not set up and that e-mails are kept,
// not sent; a confirmation sent again says it was kept, never that it is "on its way". A second
// instance of the service runs without SMTP_URL on the same database (it runs no background jobs,
// JOB_WORKERS=0, so that it takes none of the other tests' e-mails from the shared outbox).
import os from "node:os";
import path from "node:path";
import { translator } from "@memorial/lib/i18n/translate";
import { expect, test } from "@playwright/test";
import { type RunningServer, startServer } from "../support/server";
import { seedDashboard, signInAt } from "./dashboard-seed";
import { signOutBrowser } from "./dashboard-support";

let mailOff: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env = { ...JSON.parse(process.env.E2E_SERVICE_ENV as string), JOB_WORKERS: "0" };
  delete env.SMTP_URL;
  mailOff = await startServer(
    // Empty rather than absent: the launcher's environment is merged under this one.
    { ...env, SMTP_URL: "" },
    path.join(os.tmpdir(), `memorial-mail-off-${process.pid}.log`),
  );
});

test.afterAll(async () => {
  await mailOff?.stop();
});

test("in French and German: e-mail not set up, a confirmation sent again is kept, not sent", async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const [lang, kept, onItsWay] of [
    ["fr", /conservé/, /en route/],
    ["de", /aufbewahrt/, /unterwegs/],
  ] as const) {
    const t = translator(lang, "dashboard");
    const data = await seedDashboard(lang);
    await signOutBrowser(page);
    await signInAt(page, data.user.email, lang, mailOff.url);

    // The overview says it, and its resend button says the e-mail was kept.
    await expect(page.getByTestId("mail-off")).toHaveText(t("mailNotConfigured"));
    const stale = page.locator(`[data-memorial-id="${data.awaiting}"]`);
    await stale.getByRole("button", { name: t("resend") }).click();
    await expect(stale.getByRole("status").filter({ hasText: t("resentHeld") })).toBeVisible();
    await expect(stale).toContainText(kept);
    await expect(page.locator("body")).not.toContainText(onItsWay);
    await expect(page.locator("body")).not.toContainText(t("resent"));

    // So does the memorial's page.
    await page.goto(`${mailOff.url}/dashboard/memorials/${data.awaiting}`);
    await expect(page.getByTestId("mail-off")).toHaveText(t("mailNotConfigured"));
    await page.getByRole("button", { name: t("resend") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("resentHeld") })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(t("resent"));
    await expect(page.locator("body")).not.toContainText(onItsWay);
  }
});
