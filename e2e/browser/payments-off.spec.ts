// Payments that cannot be taken are never offered. An instance of the service runs without
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET on the same database (no background jobs,
// JOB_WORKERS=0), for an operator whose visitor setting asks for card and Bancontact at 15 €: its
// start log names the operator once; the dashboard says plainly that payments are not configured
// and what to set, and shows the ways as not active; the memorial page invites a card's code and
// the form offers no payment.

import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { translator } from "@memorial/lib/i18n/translate";
import { expect, test } from "@playwright/test";
import { makeIsolatedOperator } from "../support/factories";
import { type RunningServer, startServer } from "../support/server";
import { setVisitors } from "../support/visitors";
import { signInAt } from "./dashboard-seed";
import { createMemorialByApi, makeUser } from "./dashboard-support";

let payless: RunningServer;
let log: string;
let setup: { operatorId: number; email: string; memorialId: number };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const op = await makeIsolatedOperator({ language: "fr", stock: 5 });
  const user = await makeUser(op.operatorId);
  const memorial = await createMemorialByApi(op.key, { Defunt: { Nom: "Lambert", Prenom: "Anne" } });
  await setVisitors(op.operatorId, null, {
    enabled: true,
    payments: ["card", "bancontact"],
    price: "15.00",
  });
  setup = { operatorId: op.operatorId, email: user.email, memorialId: memorial.IdMemorial };
  log = path.join(os.tmpdir(), `memorial-payments-off-${process.pid}.log`);
  payless = await startServer(
    // Empty rather than absent: the launcher's environment is merged under this one.
    {
      ...JSON.parse(process.env.E2E_SERVICE_ENV as string),
      JOB_WORKERS: "0",
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
    },
    log,
  );
});

test.afterAll(async () => {
  await payless?.stop();
});

test("without Stripe keys: the start log names the operator, the dashboard says payments are off, pages invite a code only", async ({
  page,
}) => {
  const started = readFileSync(log, "utf8");
  expect(started).toMatch(
    new RegExp(
      `visitor payments are asked by \\d+ operator\\(s\\) \\([^)]*\\b${setup.operatorId}\\b[^)]*\\) but STRIPE_SECRET_KEY`,
    ),
  );

  const t = translator("fr", "dashboard");
  await signInAt(page, setup.email, "fr", payless.url);
  await page.goto(`${payless.url}/dashboard/visitors`);
  await expect(page.getByTestId("payments-not-configured")).toHaveText(t("visitors_paymentsNotConfigured"));
  const general = page.getByTestId("visitor-settings").locator('[data-context="operator"]');
  await expect(general).toContainText(t("visitors_codesOnlyUntilConfigured"));
  await expect(general).not.toContainText(t("visitors_card"));
  // The price as French writes it.
  await expect(general).toContainText("15,00 €");
  if (process.env.UPDATE_SCREENSHOTS) {
    await page.screenshot({
      path: path.resolve("docs/screenshots/dashboard-visitors-payments-off.png"),
      fullPage: true,
    });
  }

  // The memorial page invites a card's code; the form offers no payment.
  await page.goto(`${payless.url}/memorial/${setup.memorialId}?lang=fr`);
  await expect(page.getByTestId("plant-invite")).toContainText(
    translator("fr", "plant")("linkTextCode", { requester: "" }).split(":")[0] as string,
  );
  await page.getByTestId("plant-link").click();
  await expect(page.getByRole("button", { name: translator("fr", "plant")("codeSubmit") })).toBeVisible();
  await expect(page.locator('button[value="pay"]')).toHaveCount(0);
});
