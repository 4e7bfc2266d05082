// Data for the dashboard's accessibility, phone and loading tests: an operator with a funeral
// home, a memorial with trees (planted now: this month's report and transactions have lines), a
// memorial awaiting its family for 10 days (the overview lists it), a webhook endpoint, a user.

import type { Language } from "@memorial/lib/i18n/languages";
import { expect, type Page } from "@playwright/test";
import { baseUrl, db, makeContext, makeIsolatedOperator } from "../support/factories";
import { subscribe } from "../support/webhook-receiver";
import { createMemorialByApi, makeUser, PASSWORD } from "./dashboard-support";

export async function seedDashboard(language: Language = "en") {
  const operator = await makeIsolatedOperator({ language });
  const epf = await makeContext(operator.operatorId, "Epf");
  const withTrees = await createMemorialByApi(operator.key, {
    Contexte: { ContexteEpfId: epf.id },
    Defunt: { Nom: "Marchal", Prenom: "Anne-Catherine" },
    Message: "With love, from all the family and the friends of the choir",
  });
  await createMemorialByApi(operator.key, {
    Contexte: { ContexteEpfId: epf.id },
    MemorialId: withTrees.IdMemorial,
    DeLaPartDe: "The neighbours of the Rue des Tilleuls",
  });
  const awaiting = await createMemorialByApi(operator.key, {
    Contexte: { ContexteEpfId: epf.id },
    Defunt: { Nom: "Dupont" },
    AConfirmer: true,
    Famille: { FamilleEmail: "famille.dupont@example.org" },
  });
  await db.memorial.update({
    where: { id: awaiting.IdMemorial },
    data: { createdAt: new Date(Date.now() - 10 * 86_400_000) },
  });
  await subscribe(operator.operatorId, "http://127.0.0.1:9/hook", ["tree.planted"]);
  const user = await makeUser(operator.operatorId);
  return { operator, epf, user, withTrees: withTrees.IdMemorial, awaiting: awaiting.IdMemorial };
}

/** Signs in through the form of `origin` (this service, or another instance of it). */
export async function signInAt(page: Page, email: string, lang = "en", origin = baseUrl()) {
  await page.context().addCookies([{ name: "dashboard_lang", value: lang, url: origin }]);
  await page.goto(`${origin}/dashboard/signin`);
  await page.locator("#email").fill(email);
  await page.locator("#password").fill(PASSWORD);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
}
