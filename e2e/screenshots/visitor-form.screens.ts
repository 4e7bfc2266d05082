// Saves docs/screenshots/visitor-form-{fr,nl,en,de}.png: a memorial's planting form
// in the four languages, with a card's code filled in and the payment offered, as a visitor opens
// it from the memorial page's link or a card's QR code; and dashboard-visitors.png, the dashboard's
// "Visitor planting" page. Needs `npx next build`; run with
// `npx playwright test -c e2e/screenshots/screens.config.ts visitor-form`.
import path from "node:path";
import { createContext } from "@memorial/lib/operators/contexts";
import { setVisitorSetting } from "@memorial/lib/visitors/settings";
import { expect, test } from "@playwright/test";
import { makeUser, signIn } from "../browser/dashboard-support";
import { classic, create } from "../browser/memorials";
import { baseUrl, makeIsolatedOperator } from "../support/factories";
import { claimCodes } from "../support/visitors";

test("visitor form screenshots", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5, name: "Memoria Services" });
  const home = await createContext({ operatorId: op.operatorId, kind: "Epf", name: "Funérailles Lemaire" });
  const memorialId = await create(
    op,
    classic({ Nom: "Lambert", Prenom: "Anne" }, { Contexte: { ContexteEpfId: home.id } }),
  );
  await setVisitorSetting(op.operatorId, home.id, {
    enabled: true,
    payments: ["card", "bancontact"],
    price: "15",
  });
  const code = (await claimCodes(op.operatorId, memorialId, 1, 90))[0]!;
  await page.setViewportSize({ width: 900, height: 900 });
  for (const lang of ["fr", "nl", "en", "de"] as const) {
    await page.goto(`${baseUrl()}/memorial/${memorialId}/plant?lang=${lang}&code=${code}`);
    await expect(page.getByTestId("plant-form")).toBeVisible();
    await page.screenshot({
      path: path.resolve("docs/screenshots", `visitor-form-${lang}.png`),
      fullPage: true,
    });
  }
});

test("visitor planting dashboard screenshot", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5, name: "Memoria Services", language: "en" });
  const home = await createContext({ operatorId: op.operatorId, kind: "Epf", name: "Funérailles Lemaire" });
  await setVisitorSetting(op.operatorId, null, { enabled: true, payments: [], price: null });
  await setVisitorSetting(op.operatorId, home.id, {
    enabled: true,
    payments: ["card", "bancontact"],
    price: "15",
  });
  await signIn(page, await makeUser(op.operatorId));
  await page.goto(`${baseUrl()}/dashboard/visitors`);
  await expect(page.getByTestId("visitor-settings")).toBeVisible();
  await page.screenshot({ path: path.resolve("docs/screenshots", "dashboard-visitors.png"), fullPage: true });
});
