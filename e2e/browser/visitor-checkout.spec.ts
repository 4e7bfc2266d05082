// A visitor pays for a tree in Chromium: the planting form (POST /memorial/{id}/trees,
// way=pay) -> the Checkout page (the local fake Stripe's, e2e/support/fake-stripe.ts) -> Pay ->
// back to /memorial/{id}/plant?paid={session}, the tree planted by the signed event. The page's
// Content-Security-Policy lets the form's redirect reach the checkout page (form-action).
import { expect, test } from "@playwright/test";
import { baseUrl, db, makeIsolatedOperator } from "../support/factories";
import { lambertMemorial, setVisitors } from "../support/visitors";

test("form -> checkout page -> Pay -> back to the planting page, the tree planted once", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5, language: "en" });
  const memorialId = await lambertMemorial(op.key);
  await setVisitors(op.operatorId, null, { enabled: true, payments: ["card"], price: "9.00" });

  // The form as the planting page sends it, from a page of the site (its Origin, its CSP).
  await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=en`);
  await page.evaluate((id) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = `/memorial/${id}/trees`;
    const fields: Record<string, string> = {
      lang: "en",
      planter: "Cousin Paul",
      message: "For Anne, who loved the forest.",
      email: "paul@example.org",
      website: "",
    };
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.append(input);
    }
    const pay = document.createElement("button");
    pay.name = "way";
    pay.value = "pay";
    pay.textContent = "Pay";
    form.append(pay);
    document.body.append(form);
    pay.click();
  }, memorialId);

  await page.waitForURL(/\/pay\/cs_test_/);
  await expect(page.getByTestId("item")).toHaveText("Tree in memory of Anne Lambert");
  await expect(page.getByTestId("amount")).toHaveText("EUR 9.00");
  const sessionId = page.url().split("/").pop() as string;
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL(/\/plant\?/);
  expect(page.url()).toBe(`${baseUrl()}/memorial/${memorialId}/plant?lang=en&paid=${sessionId}`);

  const planting = await db.visitorPlanting.findUniqueOrThrow({ where: { checkoutSession: sessionId } });
  expect(planting).toMatchObject({ status: "planted", origin: "visitor_payment" });
  expect(await db.tree.count({ where: { memorialId, origin: "visitor_payment" } })).toBe(1);
});
