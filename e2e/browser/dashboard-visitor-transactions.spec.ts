// In the operator's transactions: a visitor's tree (a claim code) is a Plantation line
// whose origin says so, and the month's totals count the visitors' trees apart; the CSV export
// carries the origin and the payment reference.
import { translator } from "@memorial/lib/i18n/translate";
import { expect, test } from "@playwright/test";
import { baseUrl } from "../support/factories";
import { claimCodes, redeemAsVisitor, setVisitors } from "../support/visitors";
import { seedDashboard, signInAt } from "./dashboard-seed";

test("the transactions show a visitor's tree with its origin, and count it apart", async ({ page }) => {
  const t = translator("en", "dashboard");
  const data = await seedDashboard("en");
  await setVisitors(data.operator.operatorId, null, { enabled: true, payments: [], price: null });
  const [code] = await claimCodes(data.operator.operatorId, data.withTrees, 1, 1);
  const outcome = await redeemAsVisitor({
    code: code!,
    memorialId: data.withTrees,
    words: { planter: "Anne", message: "With love", email: "anne@example.org", language: "en" },
    linkBase: "http://localhost:3000",
    client: `test ${Date.now()}`,
  });
  expect(outcome.kind).toBe("planted");

  await signInAt(page, data.user.email);
  await page.goto(`${baseUrl()}/dashboard/transactions`);
  const rows = page.getByTestId("transaction-rows");
  await expect(
    rows.getByRole("row", { name: new RegExp(t("originVisitorCode").replace(/[()]/g, "\\$&")) }),
  ).toHaveCount(1);
  await expect(rows.getByRole("row", { name: new RegExp(t("originPartner")) })).toHaveCount(4);
  const totals = page.getByRole("table", { name: t("totalsTitle", { mode: t("modeJour") }) });
  const header = await totals.getByRole("columnheader").allTextContents();
  const visitors = header.indexOf(t("colVisitorTrees"));
  expect(visitors).toBeGreaterThan(0);
  const cells = await totals.getByRole("row").nth(1).getByRole("cell").allTextContents();
  expect(cells[visitors]).toBe("1");

  const now = new Date();
  const download = await page.request.get(
    `${baseUrl()}/api/dashboard/transactions/csv?year=${now.getUTCFullYear()}&month=${now.getUTCMonth() + 1}`,
  );
  expect(download.status()).toBe(200);
  const [csvHeader, ...lines] = (await download.text()).replace(/^\uFEFF/, "").split("\r\n");
  const origin = csvHeader.split(",").indexOf("Origine");
  expect(origin).toBeGreaterThan(0);
  expect(lines.filter((line) => line.split(",")[origin] === "visitor_code")).toHaveLength(1);
});
