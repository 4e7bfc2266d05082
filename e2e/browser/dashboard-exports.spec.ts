// Reports and exports for daily use: who planted each tree and their message on screen, the
// current calendar month by default with presets, the CSV in the user's language (byte order
// mark, ";" and decimal commas in French, "," in English) and the XLSX read back with exceljs.
import { readFileSync } from "node:fs";
import { localToday, presetPeriod } from "@memorial/lib/dashboard/periods";
import { REPORT_CSV_HEADER } from "@memorial/lib/dashboard/reports";
import { BOM, parseCsv } from "@memorial/lib/exports/csv";
import { TRANSACTION_CSV_HEADER } from "@memorial/lib/transactions/dashboard-queries";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { baseUrl, db, makeContext, makeIsolatedOperator } from "../support/factories";
import { createMemorialByApi, makeUser, settled, signIn } from "./dashboard-support";

async function workbook(bytes: Buffer | ArrayBuffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as ArrayBuffer);
  return book;
}

test("in French: planter and message on screen, this month by default, presets, CSV with ';' and XLSX", async ({
  page,
}) => {
  const operator = await makeIsolatedOperator({ language: "fr", price: 20, co2: 100 });
  const epf = await makeContext(operator.operatorId, "Epf");
  await createMemorialByApi(operator.key, {
    Contexte: { ContexteEpfId: epf.id },
    Defunt: { Nom: "Lefèvre; Dubois", Prenom: "Élise" },
    DeLaPartDe: "Famille Martin",
    Message: "Merci pour tout; avec affection",
  });
  await createMemorialByApi(operator.key, {
    Contexte: { ContexteEpfId: epf.id },
    Defunt: { Nom: "Janssens" },
    DeLaPartDe: "Les voisins",
  });

  const user = await makeUser(operator.operatorId);
  await signIn(page, user, "fr");
  await page.getByRole("link", { name: "Rapports" }).click();

  // Without asking, the report shows this calendar month of the first funeral home.
  const month = presetPeriod("thisMonth", localToday());
  await expect(page.getByTestId("total-trees")).toHaveText("2");
  await expect(page.getByLabel("Date de début")).toHaveValue(
    `${month.year}-${String(month.month).padStart(2, "0")}-01`,
  );
  await expect(page.getByLabel("Jours")).toHaveValue(String(month.days));
  const table = page.getByTestId("report-lines");
  await expect(table.getByRole("columnheader", { name: "Planteur" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Message" })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Famille Martin" })).toContainText(
    "Merci pour tout; avec affection",
  );
  await expect(table.getByRole("row").filter({ hasText: "Les voisins" })).toBeVisible();

  // Presets: last month has none of these trees; this month brings them back.
  await page.getByRole("button", { name: "Le mois dernier" }).click();
  await expect(page.getByTestId("total-trees")).toHaveText("0");
  const last = presetPeriod("lastMonth", localToday());
  expect(page.url()).toContain(`month=${last.month}&day=1&days=${last.days}`);
  await page.getByRole("button", { name: "Cette année" }).click();
  await expect(page.getByTestId("total-trees")).toHaveText("2");
  expect(page.url()).toContain("month=1&day=1&days=36");
  await page.getByRole("button", { name: "Ce mois-ci" }).click();
  // This year's total is this month's too: wait for this month's report, whose links are this
  // month's files, before downloading them.
  await expect(page).toHaveURL(new RegExp(`month=${month.month}&day=1&days=${month.days}&`));
  await settled(page.getByTestId("total-trees"));
  await expect(page.getByTestId("total-trees")).toHaveText("2");

  // The CSV: UTF-8 with a byte order mark, ";" between columns, decimal commas.
  const [csvDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("report-csv").click(),
  ]);
  const bytes = readFileSync((await csvDownload.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  expect(text.startsWith(BOM)).toBe(true);
  expect(text.split("\r\n")[0]).toBe(`${BOM}${REPORT_CSV_HEADER.join(";")}`);
  const csv = parseCsv(text, ";");
  expect(csv[0]).toEqual(REPORT_CSV_HEADER);
  expect(csv).toHaveLength(3);
  const planter = REPORT_CSV_HEADER.indexOf("Planteur");
  const message = REPORT_CSV_HEADER.indexOf("MessagePlanteur");
  const person = REPORT_CSV_HEADER.indexOf("Personne");
  const martin = csv.find((line) => line[planter] === "Famille Martin")!;
  expect(martin[message]).toBe("Merci pour tout; avec affection");
  expect(martin[person]).toBe("Élise Lefèvre; Dubois");
  expect(martin[REPORT_CSV_HEADER.indexOf("Co2EnKgParArbre")]).toMatch(/^100(,0+)?$/);
  expect(csv.find((line) => line[planter] === "Les voisins")![message]).toBe("");

  // The XLSX of the same period, read back with exceljs: typed numbers and dates.
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("report-xlsx").click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = await workbook(readFileSync((await xlsxDownload.path())!));
  const sheet = book.worksheets[0];
  expect(sheet.rowCount).toBe(3);
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(REPORT_CSV_HEADER);
  const rows = [2, 3].map((n) => sheet.getRow(n));
  const martinRow = rows.find((row) => row.getCell(planter + 1).value === "Famille Martin")!;
  expect(martinRow.getCell(message + 1).value).toBe("Merci pour tout; avec affection");
  expect(martinRow.getCell(REPORT_CSV_HEADER.indexOf("Quantite") + 1).value).toBe(1);
  expect(martinRow.getCell(REPORT_CSV_HEADER.indexOf("Co2EnKgParArbre") + 1).value).toBe(100);
  expect(martinRow.getCell(1).value).toBeInstanceOf(Date);
});

test("in English: the CSV uses commas and decimal points; the transactions' XLSX holds the month", async ({
  page,
}) => {
  const operator = await makeIsolatedOperator({ language: "en", price: 12.5, co2: 100 });
  const epf = await makeContext(operator.operatorId, "Epf");
  await createMemorialByApi(operator.key, { Contexte: { ContexteEpfId: epf.id }, Defunt: { Nom: "A" } });
  await createMemorialByApi(operator.key, { Contexte: { ContexteEpfId: epf.id }, Defunt: { Nom: "B" } });
  const rows = await db.transaction.findMany({
    where: { operatorId: operator.operatorId, isTest: false },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const [year, month] = rows[0].createdAt.toISOString().slice(0, 7).split("-").map(Number);

  const user = await makeUser(operator.operatorId);
  await signIn(page, user, "en");
  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page.getByTestId("total-trees")).toHaveText("2");
  await expect(page.getByTestId("report-lines").getByRole("columnheader", { name: "Planter" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("report-csv").click(),
  ]);
  const text = readFileSync((await download.path())!, "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text.split("\r\n")[0]).toBe(`${BOM}${REPORT_CSV_HEADER.join(",")}`);

  const csv = await page.request.get(
    `${baseUrl()}/api/dashboard/transactions/csv?year=${year}&month=${month}`,
  );
  const lines = parseCsv(await csv.text());
  expect(lines[0]).toEqual(TRANSACTION_CSV_HEADER);
  expect(lines.slice(1).map((line) => line[13])).toEqual(rows.map((row) => row.amount.toFixed(2)));

  await page.getByRole("link", { name: "Transactions" }).click();
  await page.getByLabel("Month", { exact: true }).fill(`${year}-${String(month).padStart(2, "0")}`);
  await page.getByRole("button", { name: "Show", exact: true }).click();
  // The download links are the month's once the address holds it.
  await expect(page).toHaveURL(new RegExp(`month=${year}-${String(month).padStart(2, "0")}&`));
  const [xlsx] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Excel (whole period)" }).click(),
  ]);
  const book = await workbook(readFileSync((await xlsx.path())!));
  const sheet = book.getWorksheet("Transactions")!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(TRANSACTION_CSV_HEADER);
  expect(sheet.rowCount).toBe(1 + rows.length);
  rows.forEach((row, i) => {
    const line = sheet.getRow(i + 2);
    expect(line.getCell(1).value).toBe(row.id);
    expect(line.getCell(3).value).toBe(row.type);
    expect(line.getCell(14).value).toBe(Number(row.amount));
  });

  // Bad parameters: a 400 naming the parameter, for both formats.
  const bad = await page.request.get(`${baseUrl()}/api/dashboard/transactions/xlsx?year=2026&month=13`);
  expect(bad.status()).toBe(400);
  const refusal = await bad.json();
  expect(refusal.field).toBe("month");
  expect(refusal.message).toBe("Month: enter a whole number from 1 to 12.");
});
