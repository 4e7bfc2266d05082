// The errors of the dashboard's JSON routes are written in the user's language with the form's
// own labels, never with the English detail meant for developers.
import { expect, test } from "@playwright/test";
import { baseUrl, db, makeContext, makeIsolatedOperator } from "../support/factories";
import { seedDashboard, signInAt } from "./dashboard-seed";
import { PASSWORD } from "./dashboard-support";

const CASES = {
  fr: {
    notADate: "Date de début : cette date n'existe pas.",
    tooManyDays: "Jours : saisissez un nombre entier de 1 à 3660.",
    notYours: "Entreprise de pompes funèbres : introuvable parmi les vôtres.",
  },
  de: {
    notADate: "Startdatum: Dieses Datum gibt es nicht.",
    tooManyDays: "Tage: Geben Sie eine ganze Zahl von 1 bis 3660 ein.",
    notYours: "Bestattungsunternehmen: Bei Ihren Daten nicht gefunden.",
  },
} as const;

for (const [lang, words] of Object.entries(CASES) as [keyof typeof CASES, (typeof CASES)["fr"]][]) {
  test(`in ${lang}: a refused report says why in the user's language`, async ({ page }) => {
    const data = await seedDashboard(lang);
    const stranger = await makeIsolatedOperator();
    const theirs = await makeContext(stranger.operatorId, "Epf");
    await signInAt(page, data.user.email, lang);
    const report = (query: string) => page.goto(`${baseUrl()}/dashboard/reports?${query}`);
    const alert = page.locator("main").getByRole("alert");

    await report(`epf=${data.epf.id}&year=2026&month=2&day=30&days=10`);
    await expect(alert).toContainText(words.notADate);
    await report(`epf=${data.epf.id}&year=2026&month=2&day=1&days=5000`);
    await expect(alert).toContainText(words.tooManyDays);
    await report(`epf=${theirs.id}&year=2026&month=2&day=1&days=10`);
    await expect(alert).toContainText(words.notYours);
    // The English detail stays in the JSON for developers, off the screen.
    await expect(alert).not.toContainText(/does not exist|must be|not a date/);
  });
}

test("the JSON routes answer their errors in the language chosen, with the English detail aside", async ({
  page,
}) => {
  const data = await seedDashboard("nl");
  await signInAt(page, data.user.email, "nl");
  const bad = await page.request.get(`${baseUrl()}/api/dashboard/transactions?year=1999&month=1`);
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({
    error: "INVALID_INPUT",
    field: "year",
    reason: "range",
    lang: "nl",
    message: "Jaar: vul een geheel getal van 2000 tot 9999 in.",
    detail: "year must be between 2000 and 9999, got 1999",
  });
  await page.context().addCookies([{ name: "dashboard_lang", value: "en", url: baseUrl() }]);
  const page0 = await page.request.get(`${baseUrl()}/api/dashboard/memorials?Page=0`);
  expect(page0.status()).toBe(400);
  expect((await page0.json()).message).toBe("Page: enter a whole number from 1 to 100000000.");
});

test("in French: a refused action says it in French, not with the English detail", async ({
  page,
  context,
}) => {
  const data = await seedDashboard("fr");
  await signInAt(page, data.user.email, "fr");
  const keys = await db.apiKey.findMany({ where: { operatorId: data.operator.operatorId, revokedAt: null } });
  const prefix = keys[0].prefix;
  // Two tabs on the keys page; the key is revoked in the first, then again in the second.
  const other = await context.newPage();
  for (const tab of [page, other]) {
    await tab.goto(`${baseUrl()}/dashboard/keys`);
    await expect(tab.getByTestId("key-rows")).toBeVisible();
  }
  for (const tab of [page, other]) {
    await tab.locator(`tr[data-key-prefix="${prefix}"]`).getByRole("button").click();
    await tab.getByRole("alertdialog").getByRole("button").first().click();
  }
  const alert = other.locator("main").getByRole("alert");
  await expect(alert).toHaveText("Ce que vous avez demandé est introuvable.");
  await expect(page.locator("main").getByRole("alert")).toHaveCount(0);
});

test("in French: a new password too short is refused in French", async ({ page }) => {
  const data = await seedDashboard("fr");
  await signInAt(page, data.user.email, "fr");
  await page.goto(`${baseUrl()}/dashboard/account`);
  await page.getByLabel("Mot de passe actuel").fill(PASSWORD);
  await page.getByLabel("Nouveau mot de passe").fill("court");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.locator("main").getByRole("alert")).toHaveText(
    "Le nouveau mot de passe doit compter au moins 10 caractères.",
  );
});
