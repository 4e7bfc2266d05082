// A user sees only their own operator's data: another operator's memorial is not found, whether
// reached by changing the address or through the dashboard's JSON routes.
import { expect, test } from "@playwright/test";
import { baseUrl, makeContext, makeIsolatedOperator } from "../support/factories";
import { createMemorialByApi, makeUser, signIn } from "./dashboard-support";

test("a user of operator A cannot reach operator B's memorial, person or funeral home", async ({ page }) => {
  const a = await makeIsolatedOperator({ language: "en" });
  const b = await makeIsolatedOperator({ language: "en" });
  const epfA = await makeContext(a.operatorId, "Epf");
  const epfB = await makeContext(b.operatorId, "Epf");
  const mine = await createMemorialByApi(a.key, {
    Contexte: { ContexteEpfId: epfA.id },
    Defunt: { Nom: "Alpha", Prenom: "Anne" },
  });
  const theirs = await createMemorialByApi(b.key, {
    Contexte: { ContexteEpfId: epfB.id },
    Defunt: { Nom: "Beta", Prenom: "Bruno" },
  });
  const user = await makeUser(a.operatorId);
  await signIn(page, user);

  const own = await page.goto(`${baseUrl()}/dashboard/memorials/${mine.IdMemorial}`);
  expect(own?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Anne Alpha" })).toBeVisible();

  const other = await page.goto(`${baseUrl()}/dashboard/memorials/${theirs.IdMemorial}`);
  expect(other?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("Bruno");

  const list = await page.request.get(`${baseUrl()}/api/dashboard/memorials?q=Beta`);
  expect((await list.json()).rows).toEqual([]);
  const report = await page.request.get(
    `${baseUrl()}/api/dashboard/reports?epf=${epfB.id}&year=2026&month=1&day=1&days=365`,
  );
  expect(report.status()).toBe(404);
  const personReport = await page.request.get(
    `${baseUrl()}/api/dashboard/reports?epf=${epfA.id}&person=${theirs.IdDefunt}&year=2026&month=1&day=1&days=365`,
  );
  expect(personReport.status()).toBe(404);
});
