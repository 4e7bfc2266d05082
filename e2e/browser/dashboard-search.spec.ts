// Search that people can use: the memorial list ignores accents and case, and
// the report's person filter takes a name as well as an id.

import { parseCsv } from "@memorial/lib/exports/csv";
import { expect, test } from "@playwright/test";
import { baseUrl, makeContext, makeIsolatedOperator } from "../support/factories";
import { createMemorialByApi, makeUser, settled, signIn } from "./dashboard-support";

test("the memorial search finds “Émile Dubois” by Emile, EMILE and dubois emile", async ({ page }) => {
  const operator = await makeIsolatedOperator({ language: "en" });
  const epf = await makeContext(operator.operatorId, "Epf");
  const plant = (Prenom: string, Nom: string) =>
    createMemorialByApi(operator.key, { Contexte: { ContexteEpfId: epf.id }, Defunt: { Nom, Prenom } });
  const emile = await plant("Émile", "Dubois");
  const emilie = await plant("Emilie", "Martin");
  const user = await makeUser(operator.operatorId);
  await signIn(page, user);
  await page.getByRole("link", { name: "Memorials" }).click();
  await expect(page.locator(`tr[data-memorial-id="${emilie.IdMemorial}"]`)).toBeVisible();

  const rows = page.getByTestId("memorial-rows").locator("tbody tr");
  for (const search of ["Emile", "EMILE", "dubois emile"]) {
    await page.getByLabel("Search by name").fill(search);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(search).replace(/%20/g, "\\+")}`));
    // The previous search's row stays on screen while this one is fetched: wait for this one's.
    await settled(page.getByTestId("memorial-rows"));
    await expect(rows).toHaveCount(1);
    await expect(page.locator(`tr[data-memorial-id="${emile.IdMemorial}"]`)).toContainText("Émile Dubois");
  }
  await page.getByLabel("Search by name").fill("emilie");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.locator(`tr[data-memorial-id="${emilie.IdMemorial}"]`)).toBeVisible();
  await expect(rows).toHaveCount(1);
});

test("the report's person filter takes a name: every matching person, each to choose alone", async ({
  page,
}) => {
  const operator = await makeIsolatedOperator({ language: "en", co2: 100 });
  const epf = await makeContext(operator.operatorId, "Epf");
  const plant = (Prenom: string, Nom: string) =>
    createMemorialByApi(operator.key, { Contexte: { ContexteEpfId: epf.id }, Defunt: { Nom, Prenom } });
  const dubois = await plant("Émile", "Dubois");
  const durand = await plant("Emile", "Durand");
  await plant("Jean", "Martin");
  const user = await makeUser(operator.operatorId);
  await signIn(page, user);
  await page.getByRole("link", { name: "Reports" }).click();
  // This month, the funeral home's three trees.
  await expect(page.getByTestId("total-trees")).toHaveText("3");

  const person = page.getByLabel("Person (name or id, optional)");
  await person.fill("ÉMILE");
  await page.getByRole("button", { name: "Show the report" }).click();
  await expect(page.getByTestId("total-trees")).toHaveText("2");
  await expect(page.getByTestId("report-lines").locator("tbody tr")).toHaveCount(2);
  const matched = page.getByTestId("matched-persons");
  await expect(matched).toContainText("2 persons match “ÉMILE”");
  await expect(matched.getByRole("button")).toHaveText([
    `Émile Dubois (${dubois.IdDefunt})`,
    `Emile Durand (${durand.IdDefunt})`,
  ]);

  // The CSV of the same filter holds the same persons' lines.
  const csv = await page.request.get(
    `${baseUrl()}/api/dashboard/reports/csv?${new URL(page.url()).searchParams}`,
  );
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toContain("persons-emile");
  const personIds = parseCsv(await csv.text())
    .slice(1)
    .map((line) => Number(line[8]))
    .sort((a, b) => a - b);
  expect(personIds).toEqual([dubois.IdDefunt, durand.IdDefunt].sort((a, b) => a - b));

  // Choosing one narrows the report to that person, by id as the API's person report.
  await matched.getByRole("button", { name: `Emile Durand (${durand.IdDefunt})` }).click();
  await expect(page).toHaveURL(new RegExp(`person=${durand.IdDefunt}(&|$)`));
  await expect(page.getByTestId("total-trees")).toHaveText("1");
  await expect(page.getByTestId("matched-persons")).toHaveCount(0);

  // One person matching: the report names them.
  await page.getByLabel("Person (name or id, optional)").fill("dubois");
  await page.getByRole("button", { name: "Show the report" }).click();
  await expect(page.getByTestId("total-trees")).toHaveText("1");
  await expect(page.getByText(`Person Émile Dubois (${dubois.IdDefunt})`)).toBeVisible();

  // A name nobody of the funeral home has is said in words, with the field.
  await page.getByLabel("Person (name or id, optional)").fill("Nobody");
  await page.getByRole("button", { name: "Show the report" }).click();
  await expect(page.getByText("Person: not found among yours.")).toBeVisible();
});
