// Visitor planting in the dashboard (admins), in Chromium: turned on for all the
// operator's memorials (the memorial page then links to the form), 3 codes issued for a memorial
// and downloaded at once as CSV, whose codes each plant once through the form's route's use case;
// cards downloaded as a PDF, whose QR code opens the form with its code filled in and plants once;
// a funeral home's own setting; cards refused for a funeral home; the page passes the
// accessibility scan.
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { parseCsv } from "@memorial/lib/exports/csv";
import { visitorSettingsFor } from "@memorial/lib/visitors/settings";
import { expect, test } from "@playwright/test";
import { baseUrl, db, makeContext, makeIsolatedOperator, unique } from "../support/factories";
import { pdfQrText } from "../support/pdf-qr";
import { redeemAsVisitor } from "../support/visitors";
import { makeUser, signIn } from "./dashboard-support";
import { classic, create } from "./memorials";

test("an admin turns visitor planting on, issues 3 codes as CSV, and each code plants once", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const op = await makeIsolatedOperator({ stock: 10, language: "en" });
  const home = await makeContext(op.operatorId, "Epf");
  const memorialId = await create(op, classic());
  const user = await makeUser(op.operatorId);
  await signIn(page, user);
  await page.getByRole("link", { name: "Visitor planting" }).click();
  await expect(page.getByRole("heading", { name: "Visitor planting", level: 1 })).toBeVisible();

  // Codes while visitor planting is off: refused, nothing issued.
  const codes = page.getByTestId("visitor-codes-form");
  await codes.getByLabel("Memorial number").fill(String(memorialId));
  await codes.getByLabel("Number of codes").fill("3");
  await codes.getByLabel("CSV (code, memorial, expiry, address)").check();
  await codes.getByRole("button", { name: "Issue and download" }).click();
  await expect(codes.getByRole("alert")).toBeVisible();
  expect(await db.claimCode.count({ where: { operatorId: op.operatorId } })).toBe(0);

  // On for all the memorials, with a payment at 12.50.
  const form = page.getByTestId("visitor-setting-form");
  await form.getByLabel("Visitors may plant").check();
  await form.getByLabel("Card").check();
  await form.getByLabel("Bancontact").check();
  await form.getByLabel("Price of a tree (EUR)").fill("12,50");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("visitor-setting-saved")).toBeVisible();
  await expect(page.getByTestId("visitor-settings").locator('[data-context="operator"]')).toContainText(
    "Card, Bancontact",
  );
  expect(await visitorSettingsFor(db, op.operatorId, null)).toMatchObject({
    enabled: true,
    payments: ["card", "bancontact"],
    price: "12.50",
  });
  const memorialPage = await (await fetch(`${baseUrl()}/memorial/${memorialId}?lang=en`)).text();
  expect(memorialPage).toContain(`/memorial/${memorialId}/plant?lang=en`);

  // 3 codes as CSV, downloaded at once.
  const download = page.waitForEvent("download");
  await codes.getByRole("button", { name: "Issue and download" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^planting-codes-memorial-${memorialId}-\\w+\\.csv$`));
  await expect(page.getByTestId("visitor-codes-issued")).toContainText("3 codes issued");
  const rows = parseCsv(readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, ""));
  expect(rows[0]).toEqual(["code", "memorial", "expires_at", "planting_url"]);
  expect(rows).toHaveLength(4);
  const issued = rows.slice(1);
  for (const [code, memorial, , url] of issued) {
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(memorial).toBe(String(memorialId));
    expect(url).toBe(`${baseUrl()}/memorial/${memorialId}/plant?code=${code}`);
  }
  // Each code plants one tree, once.
  for (const [code] of issued) {
    const planted = await redeemAsVisitor({
      code: code!,
      memorialId,
      words: { planter: "Paul", message: "Our thoughts", email: "paul@example.org", language: "en" },
      linkBase: baseUrl(),
      client: unique("client"),
    });
    expect(planted.kind).toBe("planted");
    await expect(
      redeemAsVisitor({
        code: code!,
        memorialId,
        words: { planter: "Paul", message: "Again", email: "paul@example.org", language: "en" },
        linkBase: baseUrl(),
        client: unique("client"),
      }),
    ).rejects.toMatchObject({ code: "CODE_USED" });
  }
  expect(await db.tree.count({ where: { memorialId, origin: "visitor_code" } })).toBe(3);
  // The memorial's dashboard page shows the visitor trees, their origin and the words waiting.
  await page.goto(`${baseUrl()}/dashboard/memorials/${memorialId}`);
  await expect(page.getByTestId("tree-visitor")).toHaveCount(3);
  await expect(page.getByTestId("tree-visitor").first()).toHaveText(
    "visitor, with a code · words waiting for the family's approval",
  );
  await page.goto(`${baseUrl()}/dashboard/visitors`);

  // Cards: one A6 page per code, downloaded as a PDF.
  await codes.getByLabel("Memorial number").fill(String(memorialId));
  await codes.getByLabel("Number of codes").fill("2");
  await codes.getByLabel("Cards to print (PDF, one A6 card per code)").check();
  const cards = page.waitForEvent("download");
  await codes.getByRole("button", { name: "Issue and download" }).click();
  const pdf = await cards;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  expect(await db.claimCode.count({ where: { operatorId: op.operatorId } })).toBe(5);

  // The first card's QR code, decoded as a phone's camera would, opens the form with its code
  // filled in; the code plants once, and the same card a second time is refused.
  const cardsPdf = readFileSync((await pdf.path())!);
  const scanned = await pdfQrText(cardsPdf, 0);
  expect(scanned).toMatch(
    new RegExp(`^${baseUrl()}/memorial/${memorialId}/plant\\?code=[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$`),
  );
  const cardCode = new URL(scanned!).searchParams.get("code")!;
  const plantWithCard = async () => {
    await page.goto(`${scanned}&lang=en`);
    await expect(page.locator('input[name="code"]')).toHaveValue(cardCode);
    await page.getByLabel("Your name").fill("Marie");
    await page.getByLabel("Your message").fill("In loving memory");
    await page.getByLabel("Your e-mail address, for the receipt").fill("marie@example.org");
    await page.getByRole("button", { name: "Plant with this code" }).click();
  };
  await plantWithCard();
  await expect(page.getByRole("status")).toContainText("Thank you: your tree is planted.");
  await plantWithCard();
  await expect(page.getByRole("status")).toHaveCount(0);
  await expect(page.getByText("This code has already planted its tree: a code works once.")).toBeVisible();
  expect(await db.claimCode.count({ where: { operatorId: op.operatorId, redeemedAt: { not: null } } })).toBe(
    4,
  );
  await page.goto(`${baseUrl()}/dashboard/visitors`);

  // A funeral home turned off on its own; cards cannot be issued for a funeral home.
  await form.getByLabel("For").selectOption({ label: home.name });
  await form.getByLabel("Visitors may plant").uncheck();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("visitor-settings").locator(`[data-context="${home.id}"]`)).toContainText(
    "Off",
  );
  expect((await visitorSettingsFor(db, op.operatorId, home.id)).enabled).toBe(false);
  await form.getByRole("button", { name: "Follow the general setting again" }).click();
  await expect(page.getByTestId("visitor-settings").locator(`[data-context="${home.id}"]`)).toHaveCount(0);
  expect((await visitorSettingsFor(db, op.operatorId, home.id)).enabled).toBe(true);

  const scan = await new AxeBuilder({ page }).analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test("staff do not see the page, and its routes refuse them", async ({ page }) => {
  const op = await makeIsolatedOperator({ language: "en" });
  const admin = await makeUser(op.operatorId);
  const staff = await makeUser(op.operatorId);
  await db.operatorUser.update({ where: { id: staff.id }, data: { role: "staff" } });
  expect(admin.id).not.toBe(staff.id);
  await signIn(page, staff);
  await expect(page.getByRole("link", { name: "Visitor planting" })).toHaveCount(0);
  const answer = await page.request.get(`${baseUrl()}/api/dashboard/visitors`);
  expect(answer.status()).toBe(403);
});
