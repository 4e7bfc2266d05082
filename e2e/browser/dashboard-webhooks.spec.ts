// Webhooks in the dashboard: an endpoint added (secret shown once, never listed), a bad address
// refused beside its field, the delivery log (status, attempts, last answer) and "send again",
// deletion. The receiver is a real HTTP server on the loopback (the service runs with
// WEBHOOK_ALLOW_PRIVATE=1 in the tests).
import { expect, type Page, test } from "@playwright/test";
import { api, baseUrl, db, makeIsolatedOperator } from "../support/factories";
import { verifySignature, webhookFixture } from "../support/webhook-receiver";
import { makeUser, PASSWORD } from "./dashboard-support";

const webhooks = webhookFixture(test.afterAll);

/** As dashboard-support's signIn, with room for a slow sign-in (scrypt on a loaded machine). */
async function signIn(page: Page, email: string) {
  await page.context().addCookies([{ name: "dashboard_lang", value: "en", url: baseUrl() }]);
  await page.goto(`${baseUrl()}/dashboard/signin`);
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/password/i).fill(PASSWORD);
  await page.getByRole("button", { name: /sign in/i }).click();
  // Signed in: the dashboard's home (the overview).
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
}

test("an endpoint added in the dashboard receives signed deliveries, shown in the log and sent again", async ({
  page,
}) => {
  const operator = await makeIsolatedOperator({ language: "en" });
  const user = await makeUser(operator.operatorId);
  const receiver = await webhooks.receiver();
  await signIn(page, user.email);
  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByText("No endpoint yet.")).toBeVisible();

  // Not http(s): refused beside the field, nothing written.
  await page.getByLabel("Address (URL) of your receiver").fill("ftp://example.org/hook");
  await page.getByRole("button", { name: "Add the endpoint" }).click();
  await expect(page.getByText("Enter an address starting with http:// or https://.")).toBeVisible();
  expect(await db.webhookEndpoint.count({ where: { operatorId: operator.operatorId } })).toBe(0);

  await page.getByLabel("Address (URL) of your receiver").fill(receiver.url);
  await page.getByRole("checkbox", { name: /Memorial confirmed/ }).uncheck();
  await page.getByRole("button", { name: "Add the endpoint" }).click();
  const shown = page.getByTestId("new-webhook-secret");
  await expect(shown).toHaveText(/^whsec_/);
  const secret = (await shown.textContent())!.trim();
  const endpoints = page.getByRole("table", { name: "Your endpoints" });
  await expect(endpoints).toContainText(receiver.url);
  await expect(endpoints).toContainText("memorial.created, tree.planted");
  await expect(endpoints).toContainText("Live");
  await expect(page.locator("table")).not.toContainText(secret);

  // A planting through the API: two deliveries, signed with the secret shown.
  const response = await api("POST", "/Memorials/Creer", {
    key: operator.key,
    body: { Defunt: { Nom: "Lambert", DateDeces: "2026-11-10" } },
  });
  expect(response.status).toBe(200);
  await receiver.waitFor(2);
  expect(receiver.received.every((m) => verifySignature(secret, m))).toBe(true);
  await expect
    .poll(() =>
      db.webhookDelivery.count({
        where: { endpoint: { operatorId: operator.operatorId }, status: "sent" },
      }),
    )
    .toBe(2);
  await page.reload();
  const log = page.getByRole("table", { name: "Delivery log" });
  await expect(log.locator("tbody tr")).toHaveCount(2);
  const createdRow = log.locator("tbody tr", { hasText: "memorial.created" });
  await expect(createdRow).toContainText("Delivered");
  await expect(createdRow.locator('[data-cell="attempts"]')).toHaveText("1");
  await expect(createdRow.locator('[data-cell="response"]')).toHaveText("200");

  // Send again while the receiver fails: the log shows the failure, then the retry's success.
  receiver.otherwise = 503;
  await createdRow.getByRole("button", { name: /Send again/ }).click();
  await expect(page.getByText("The delivery is queued again.")).toBeVisible();
  await receiver.waitFor(3);
  // The message sent again is the first one's, under its id. Its retries (every 300 ms here) may
  // have come too by now: the receiver keeps answering 503.
  const id = receiver.received[2].headers["webhook-id"];
  const first = receiver.received.slice(0, 2).find((m) => m.json.type === "memorial.created");
  expect(first?.headers["webhook-id"]).toBe(id);
  const deliveryId = Number(await createdRow.getAttribute("data-delivery-id"));
  await expect
    .poll(
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).lastStatusCode,
    )
    .toBe(503);
  await page.reload();
  await expect(createdRow).toContainText("Pending");
  await expect(createdRow.locator('[data-cell="response"]')).toContainText("503");
  receiver.otherwise = 200;
  await expect
    .poll(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).status, {
      timeout: 30_000,
    })
    .toBe("sent");
  await page.reload();
  await expect(createdRow).toContainText("Delivered");
  await expect(createdRow.locator('[data-cell="response"]')).toHaveText("200");

  // Deleted: gone from the page, receives nothing more.
  page.once("dialog", (dialog) => dialog.accept());
  await endpoints.getByRole("button", { name: /Delete/ }).click();
  await expect(page.getByText("No endpoint yet.")).toBeVisible();
  const stored = await db.webhookEndpoint.findFirstOrThrow({ where: { operatorId: operator.operatorId } });
  expect(stored.disabledAt).not.toBeNull();
});
