// In Chromium: the overview counts the trees waiting to be planted in the ground, and
// the reports page shows allocated vs in the ground vs alive per funeral home and site and the
// survival rate per site and species (a replaced tree counted as dead), with their CSV and XLSX.
import { readFileSync } from "node:fs";
import { BOM, parseCsv } from "@memorial/lib/exports/csv";
import { serviceAdminScope } from "@memorial/lib/scope";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { baseUrl, db, makeContext, makeIsolatedOperator } from "../support/factories";
import { todayUtc } from "../support/tree-life";
import { declareDeath, recordInGround } from "../support/trees";
import { createMemorialByApi, makeUser, signIn } from "./dashboard-support";

test("the overview's trees waiting and the reports' trees' life tables, with their exports", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ language: "en" });
  const epf = await makeContext(op.operatorId, "Epf");
  const memorials = [];
  for (const nom of ["Un", "Deux", "Trois"]) {
    memorials.push(
      await createMemorialByApi(op.key, { Contexte: { ContexteEpfId: epf.id }, Defunt: { Nom: nom } }),
    );
  }
  await createMemorialByApi(op.testKey, { Defunt: { Nom: "Essai" } }); // a test tree: counted nowhere
  const trees = await db.tree.findMany({
    where: { memorialId: { in: memorials.map((m) => m.IdMemorial) } },
    orderBy: { id: "asc" },
  });
  const scope = serviceAdminScope(op.operatorId);
  const on = todayUtc();
  await recordInGround(scope, { treeIds: [trees[0]!.id, trees[1]!.id], on, recordedBy: "e2e" });
  // Dead within the guarantee: replaced by a new tree (ordered, allocated, waiting).
  const death = await declareDeath(scope, { treeId: trees[1]!.id, on, reason: "disease", recordedBy: "e2e" });
  expect(death.replacement).toHaveProperty("treeId");

  const user = await makeUser(op.operatorId);
  await signIn(page, user, "en");
  const waiting = page.getByTestId("overview-waiting");
  await expect(waiting).toContainText("Trees waiting to be planted");
  // The third tree and the replacement.
  await expect(waiting.getByTestId("value")).toHaveText("2");

  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { name: "Trees' life" })).toBeVisible();
  const cell = (table: string, row: string, col: string) =>
    page.getByTestId(table).locator(`tr[${row}] td[data-col="${col}"]`);
  const home = `data-epf-id="${epf.id}"`;
  await expect(page.getByTestId("tree-life-homes").locator(`tr[${home}] td`).first()).toHaveText(epf.name);
  await expect(cell("tree-life-homes", home, "allocated")).toHaveText("4");
  await expect(cell("tree-life-homes", home, "inGround")).toHaveText("2");
  await expect(cell("tree-life-homes", home, "alive")).toHaveText("1");
  const site = `data-site-id="${op.plantationId}"`;
  await expect(cell("tree-life-sites", site, "allocated")).toHaveText("4");
  await expect(cell("tree-life-sites", site, "inGround")).toHaveText("2");
  await expect(cell("tree-life-sites", site, "alive")).toHaveText("1");
  await expect(page.getByTestId("tree-life-homes").locator("tbody tr")).toHaveCount(1);
  const survival = `data-species-id="${op.speciesId}"`;
  await expect(cell("tree-life-survival", survival, "alive")).toHaveText("1");
  await expect(cell("tree-life-survival", survival, "dead")).toHaveText("1");
  await expect(cell("tree-life-survival", survival, "rate")).toHaveText("50%");

  // The exports: the same figures, CSV in the user's language's format, XLSX with numbers.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("tree-life").getByRole("link", { name: "CSV" }).last().click(),
  ]);
  const text = readFileSync((await download.path())!, "utf8");
  expect(text.startsWith(BOM)).toBe(true);
  const lines = parseCsv(text);
  expect(lines[0]).toEqual([
    "PlantationId",
    "Plantation",
    "EspeceId",
    "Espece",
    "InGround",
    "Alive",
    "Dead",
    "SurvivalPercent",
  ]);
  expect(lines.slice(1)).toEqual([
    [
      String(op.plantationId),
      expect.any(String),
      String(op.speciesId),
      expect.any(String),
      "2",
      "1",
      "1",
      "50",
    ],
  ]);
  const xlsx = await page.request.get(`${baseUrl()}/api/dashboard/reports/life/xlsx?table=homes`);
  expect(xlsx.status()).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await xlsx.body()) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet("homes")!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    "EpfId",
    "Epf",
    "Allocated",
    "InGround",
    "Alive",
  ]);
  expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([epf.id, epf.name, 4, 2, 1]);
  const bad = await page.request.get(`${baseUrl()}/api/dashboard/reports/life/csv?table=everything`);
  expect(bad.status()).toBe(400);
  expect((await bad.json()).field).toBe("table");
});
