// The dashboard's home: this calendar month against the last one, 12 months of trees, and the
// memorials awaiting their family's confirmation for more than 7 days, with a resend button.

import { translator } from "@memorial/lib/i18n/translate";
import { expect, test } from "@playwright/test";
import { db, makeContext, makeIsolatedOperator } from "../support/factories";
import { createMemorialByApi, makeUser, signIn } from "./dashboard-support";

const DAY = 86_400_000;

for (const lang of ["fr", "en"] as const) {
  test(`the overview in ${lang}: this month against the last, 12 months, stale confirmations resent`, async ({
    page,
  }) => {
    const t = translator(lang, "dashboard");
    const operator = await makeIsolatedOperator({ language: lang, price: 20, co2: 100 });
    const epf = await makeContext(operator.operatorId, "Epf");
    const plant = (nom: string, extra: object = {}) =>
      createMemorialByApi(operator.key, {
        Contexte: { ContexteEpfId: epf.id },
        Defunt: { Nom: nom },
        ...extra,
      });
    await plant("Un");
    await plant("Deux");
    const earlier = await plant("Avant");
    await createMemorialByApi(operator.testKey, { Defunt: { Nom: "Essai" } }); // test data: never counted
    const confirm = { AConfirmer: true, Famille: { FamilleEmail: "famille@example.org" } };
    const stale = await plant("Oubli", confirm);
    const recent = await plant("Recent", confirm);

    // One planting in the middle of last month; the stale memorial was created 8 days ago.
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
    await db.tree.updateMany({ where: { memorialId: earlier.IdMemorial }, data: { plantedAt: lastMonth } });
    await db.memorial.update({ where: { id: earlier.IdMemorial }, data: { createdAt: lastMonth } });
    await db.transaction.updateMany({
      where: { memorialId: earlier.IdMemorial },
      data: { createdAt: lastMonth },
    });
    const staleDate = new Date(now.getTime() - 8 * DAY);
    await db.memorial.update({ where: { id: stale.IdMemorial }, data: { createdAt: staleDate } });
    await db.transaction.updateMany({
      where: { memorialId: stale.IdMemorial },
      data: { createdAt: staleDate },
    });
    const staleThisMonth = staleDate.getUTCMonth() === now.getUTCMonth();

    const user = await makeUser(operator.operatorId);
    await signIn(page, user, lang);
    await expect(page.getByRole("heading", { level: 1, name: t("overviewTitle") })).toBeVisible();
    const figure = (key: string) => page.getByTestId(`overview-${key}`);
    await expect(figure("trees").getByTestId("value")).toHaveText("2");
    await expect(figure("trees").getByTestId("previous")).toHaveText(t("overviewLastMonth", { value: "1" }));
    await expect(figure("co2Kg").getByTestId("value")).toHaveText("200 kg");
    await expect(figure("memorials").getByTestId("value")).toHaveText(String(staleThisMonth ? 4 : 3));
    await expect(figure("awaiting").getByTestId("value")).toHaveText(String(staleThisMonth ? 2 : 1));
    await expect(figure("amount").getByTestId("value")).toHaveText(lang === "fr" ? "40,00\u00a0€" : "€40.00");
    await expect(figure("amount").getByTestId("previous")).toContainText(lang === "fr" ? "20,00" : "20.00");

    // Twelve months of trees, this one last.
    await expect(page.getByTestId("report-chart").locator("rect")).toHaveCount(12);

    // Only the memorial waiting for more than 7 days is listed, with its resend button.
    const list = page.getByTestId("stale-confirmations");
    await expect(page.getByText(t("overviewStaleCount", { count: 1 }))).toBeVisible();
    await expect(list.locator("li")).toHaveCount(1);
    const item = list.locator(`li[data-memorial-id="${stale.IdMemorial}"]`);
    await expect(item).toContainText("Oubli");
    await expect(list).not.toContainText("Recent");
    expect(recent.IdMemorial).toBeGreaterThan(0);
    const before = await db.outgoingEmail.count({ where: { memorialId: stale.IdMemorial } });
    await item.getByRole("button", { name: t("resend") }).click();
    await expect(item.getByRole("status")).toBeVisible();
    await expect
      .poll(() => db.outgoingEmail.count({ where: { memorialId: stale.IdMemorial } }))
      .toBeGreaterThan(before);
  });
}
