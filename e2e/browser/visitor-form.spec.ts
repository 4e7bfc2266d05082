// The visitors' planting form in Chromium, in the four languages: reached from the
// memorial page's "Plant a tree" link, it names the funeral home, asks for the visitor's name,
// message and e-mail, then a code (filled in from a card's QR code address) or a payment at the
// operator's price in the page's language; it passes the accessibility scan, and without
// JavaScript it still is the same form.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { baseUrl, makeContext, makeIsolatedOperator } from "../support/factories";
import { claimCodes, setVisitors } from "../support/visitors";
import { classic, create } from "./memorials";

const EXPECTED = {
  fr: {
    link: "Planter un arbre",
    heading: "Planter un arbre en mémoire",
    planter: "Votre nom",
    code: "Planter avec ce code",
    pay: "Payer 15,00 € et planter",
    ways: "carte ou Bancontact",
  },
  nl: {
    link: "Een boom planten",
    heading: "Een boom planten ter nagedachtenis",
    planter: "Uw naam",
    code: "Planten met deze code",
    pay: "€ 15,00 betalen en planten",
    ways: "kaart of Bancontact",
  },
  en: {
    link: "Plant a tree",
    heading: "Plant a tree in memory",
    planter: "Your name",
    code: "Plant with this code",
    pay: "Pay €15.00 and plant",
    ways: "card or Bancontact",
  },
  de: {
    link: "Einen Baum pflanzen",
    heading: "Einen Baum zum Gedenken pflanzen",
    planter: "Ihr Name",
    code: "Mit diesem Code pflanzen",
    pay: "15,00 € bezahlen und pflanzen",
    ways: "Karte oder Bancontact",
  },
} as const;

for (const lang of ["fr", "nl", "en", "de"] as const) {
  test(`the planting form in ${lang}: from the memorial page, with the funeral home, the code and the price`, async ({
    page,
  }) => {
    const op = await makeIsolatedOperator({ stock: 5, language: lang });
    const home = await makeContext(op.operatorId, "Epf");
    const memorialId = await create(op, classic({}, { Contexte: { ContexteEpfId: home.id } }));
    await setVisitors(op.operatorId, home.id, {
      enabled: true,
      payments: ["card", "bancontact"],
      price: "15",
    });
    const want = EXPECTED[lang];
    await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=${lang}`);
    await expect(page.getByTestId("plant-invite")).toContainText(home.name);
    await page.getByTestId("plant-link").click();
    await expect(page).toHaveURL(new RegExp(`/memorial/${memorialId}/plant\\?lang=${lang}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(want.heading);
    await expect(page.getByTestId("plant-lead")).toContainText(home.name);
    await expect(page.getByLabel(want.planter)).toBeVisible();
    await expect(page.getByRole("button", { name: want.code })).toBeVisible();
    await expect(page.getByRole("button", { name: want.pay })).toBeVisible();
    await expect(page.getByTestId("plant-pay")).toContainText(want.ways);
    // The honeypot is out of sight.
    await expect(page.locator('input[name="website"]')).not.toBeInViewport();

    const code = (await claimCodes(op.operatorId, memorialId, 1, 1))[0]!;
    await page.goto(`${baseUrl()}/memorial/${memorialId}/plant?lang=${lang}&code=${code}`);
    await expect(page.locator('input[name="code"]')).toHaveValue(code);
    const scan = await new AxeBuilder({ page }).analyze();
    expect(scan.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}

test("without JavaScript the form is the same form, its buttons naming the way", async ({ browser }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(op, classic());
  await setVisitors(op.operatorId, null, { enabled: true, payments: ["card"], price: "9.90" });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/memorial/${memorialId}/plant?lang=en`);
  const form = page.getByTestId("plant-form");
  await expect(form).toHaveAttribute("method", "post");
  await expect(form).toHaveAttribute("action", `/memorial/${memorialId}/trees`);
  await expect(form.locator('button[name="way"]')).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Pay €9.90 and plant" })).toHaveAttribute("value", "pay");
  await expect(page.getByTestId("plant-pay")).toContainText("paid by card on Stripe");
  await context.close();
});

test("a refused code gives the form back with everything the visitor typed, with and without JavaScript", async ({
  browser,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(op, classic());
  await setVisitors(op.operatorId, null, { enabled: true, payments: [], price: null });
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/memorial/${memorialId}/plant?lang=en`);
    const typed = {
      planter: "Anne & the choir",
      message: 'We sang for you, "always".\nSee you, <3',
      email: "anne+choir@example.org",
      code: "ABCD-EFGH-JKMN",
    };
    await page.locator("#plant-planter").fill(typed.planter);
    await page.locator("#plant-message").fill(typed.message);
    await page.locator("#plant-email").fill(typed.email);
    await page.locator("#plant-code-input").fill(typed.code);
    await page.getByRole("button", { name: "Plant with this code" }).click();
    await expect(page.getByTestId("planting-refused"), `JavaScript ${javaScriptEnabled}`).toBeVisible();
    await page.getByRole("link", { name: /back to the form/i }).click();
    await expect(page.locator("#plant-planter")).toHaveValue(typed.planter);
    await expect(page.locator("#plant-message")).toHaveValue(typed.message);
    await expect(page.locator("#plant-email")).toHaveValue(typed.email);
    await expect(page.locator("#plant-code-input")).toHaveValue(typed.code);
    await context.close();
  }
});
