// Reports: a funeral home's trees over a period, with totals, chart and paging, and the CSV of
// the whole period checked line by line against the database.
import { readFileSync } from "node:fs";
import { REPORT_CSV_HEADER } from "@memorial/lib/dashboard/reports";
import { parseCsv } from "@memorial/lib/exports/csv";
import { expect, test } from "@playwright/test";
import { baseUrl, db, makeContext, makeIsolatedOperator } from "../support/factories";
import { createMemorialByApi, makeUser, signIn } from "./dashboard-support";

test("a funeral home's report shows totals and a chart, and its CSV holds every line of the period", async ({
  page,
}) => {
  const operator = await makeIsolatedOperator({ language: "en", price: 20, co2: 100 });
  const epf = await makeContext(operator.operatorId, "Epf");
  const otherEpf = await makeContext(operator.operatorId, "Epf");
  const plant = (key: string, contextId: number, defunt: object, extra: object = {}) =>
    createMemorialByApi(key, { Contexte: { ContexteEpfId: contextId }, Defunt: defunt, ...extra });
  const first = await plant(operator.key, epf.id, { Nom: 'Un, "premier"', Prenom: "Jean" });
  await plant(operator.key, epf.id, { Nom: "Deux", Prenom: "=cmd" });
  const third = await plant(operator.key, epf.id, { Nom: "Trois", Prenom: "Luc" });
  const more = await plant(operator.key, epf.id, {}, { MemorialId: first.IdMemorial });
  const outside = await plant(operator.key, epf.id, { Nom: "Avant" });
  const elsewhere = await plant(operator.key, otherEpf.id, { Nom: "Ailleurs" });
  const test_ = await plant(operator.testKey, epf.id, { Nom: "Essai" });

  // Spread the plantings over the period (and one before it).
  const dates: [number, string][] = [
    [first.IdTransaction, "2026-09-03T10:00:00Z"],
    [third.IdTransaction, "2026-10-05T08:00:00Z"],
    [more.IdTransaction, "2026-10-05T08:00:00Z"],
    [outside.IdTransaction, "2026-08-15T10:00:00Z"],
    [elsewhere.IdTransaction, "2026-09-10T10:00:00Z"],
    [test_.IdTransaction, "2026-09-10T10:00:00Z"],
  ];
  for (const [transactionId, date] of dates) {
    await db.tree.updateMany({ where: { transactionId }, data: { plantedAt: new Date(date) } });
  }
  await db.tree.updateMany({
    where: { operatorId: operator.operatorId, plantedAt: { gt: new Date("2026-11-01T00:00:00Z") } },
    data: { plantedAt: new Date("2026-09-20T12:00:00Z") },
  });

  const user = await makeUser(operator.operatorId);
  await signIn(page, user);
  await page.getByRole("link", { name: "Reports" }).click();
  await page.getByLabel("Funeral home").selectOption(String(epf.id));
  await page.getByLabel("Start date").fill("2026-09-01");
  await page.getByLabel("Days").fill("61");
  await page.getByLabel("Lines per page").fill("2");
  await page.getByRole("button", { name: "Show the report" }).click();

  await expect(page.getByTestId("total-trees")).toHaveText("4");
  await expect(page.getByTestId("total-co2")).toHaveText("400 kg");
  await expect(page.getByTestId("report-chart")).toBeVisible();
  await expect(page.getByTestId("report-chart").locator("rect")).toHaveCount(9); // weeks from Mon 31 Aug
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await expect(page.getByTestId("report-lines").locator("tbody tr")).toHaveCount(2);
  expect(page.url()).toContain(`epf=${epf.id}`);
  expect(page.url()).toContain("Limite=2");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("report-csv").click(),
  ]);
  const csv = parseCsv(readFileSync((await download.path())!, "utf8"));
  const expected = await db.$queryRaw<
    {
      planted_at: Date;
      quantity: number;
      species_id: number;
      species: string;
      co2: string;
      total: string;
      plantation_id: number;
      plantation: string;
      person_id: number;
      person: string;
      epf_id: number;
      epf: string;
      planter: string;
      message: string | null;
    }[]
  >`SELECT t.planter, t.message, t.planted_at, t.quantity, t.species_id, s.name AS species, s.co2_kg_per_tree::text AS co2,
           (s.co2_kg_per_tree * t.quantity)::text AS total, t.plantation_id, pl.name AS plantation,
           t.person_id, concat_ws(' ', p.first_name, p.last_name) AS person, t.epf_id, c.name AS epf
    FROM tree t JOIN species s ON s.id = t.species_id JOIN plantation pl ON pl.id = t.plantation_id
    JOIN person p ON p.id = t.person_id JOIN context c ON c.id = t.epf_id
    WHERE t.epf_id = ${epf.id} AND t.is_test = false
      AND t.planted_at >= '2026-09-01T00:00:00Z' AND t.planted_at < '2026-11-01T00:00:00Z'
    ORDER BY t.planted_at, t.id`;
  expect(expected).toHaveLength(4);
  expect(csv[0]).toEqual(REPORT_CSV_HEADER);
  expect(csv).toHaveLength(1 + expected.length);
  expected.forEach((row, i) => {
    expect(csv[i + 1]).toEqual([
      row.planted_at.toISOString(),
      String(row.quantity),
      String(row.species_id),
      row.species,
      row.co2,
      row.total,
      String(row.plantation_id),
      row.plantation,
      String(row.person_id),
      // Text a spreadsheet would run as a formula is neutralised.
      row.person.startsWith("=") ? `'${row.person}` : row.person,
      String(row.epf_id),
      row.epf,
      // Who planted and their message, for the funeral home's thank-you notes.
      row.planter,
      row.message ?? "",
      // Who planted (the operator's trees here).
      "partner",
    ]);
  });
  expect(csv.some((line) => line[9]?.includes('Un, "premier"'))).toBe(true);

  // The person report: only that person's lines.
  const person = await page.request.get(
    `${baseUrl()}/api/dashboard/reports/csv?epf=${epf.id}&person=${first.IdDefunt}&year=2026&month=9&day=1&days=61`,
  );
  expect(person.status()).toBe(200);
  expect(person.headers()["content-type"]).toContain("text/csv");
  expect(person.headers()["cache-control"]).toBe("private, no-store");
  const personLines = parseCsv(await person.text()).slice(1);
  expect(personLines.map((line) => line[8])).toEqual([String(first.IdDefunt), String(first.IdDefunt)]);

  // Bad parameters answer 400 with the field named, never 500.
  const bad = await page.request.get(
    `${baseUrl()}/api/dashboard/reports?epf=${epf.id}&year=2026&month=13&day=1&days=5`,
  );
  expect(bad.status()).toBe(400);
  const refusal = await bad.json();
  expect(refusal.field).toBe("month");
  expect(refusal.message).toBe("Month: enter a whole number from 1 to 12.");
});

test("a month's transactions, totals and prepaid balance, with the month's CSV", async ({ page }) => {
  const operator = await makeIsolatedOperator({ language: "en", price: 20, prepaidTrees: 5 });
  const epf = await makeContext(operator.operatorId, "Epf");
  await createMemorialByApi(operator.key, { Contexte: { ContexteEpfId: epf.id }, Defunt: { Nom: "A" } });
  await createMemorialByApi(operator.key, { Contexte: { ContexteEpfId: epf.id }, Defunt: { Nom: "B" } });
  await createMemorialByApi(operator.testKey, { Defunt: { Nom: "Test only" } });
  const rows = await db.transaction.findMany({
    where: { operatorId: operator.operatorId, isTest: false },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const month = rows[0].createdAt.toISOString().slice(0, 7);

  const user = await makeUser(operator.operatorId);
  await signIn(page, user);
  await page.getByRole("link", { name: "Transactions" }).click();
  await page.getByLabel("Month", { exact: true }).fill(month);
  await page.getByRole("button", { name: "Show", exact: true }).click();
  // The download links are the month's once the address holds it (the figures below may be the
  // same for the month shown before).
  await expect(page).toHaveURL(new RegExp(`month=${month}&`));
  await expect(page.getByTestId("prepaid")).toHaveText("Prepaid trees left: 3");
  await expect(page.getByRole("table", { name: "Totals by species" })).toContainText("2");
  await expect(page.getByRole("table", { name: "Totals by context" })).toContainText(epf.name);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV (whole period)" }).click(),
  ]);
  const csv = parseCsv(readFileSync((await download.path())!, "utf8"));
  expect(csv.slice(1).map((line) => [line[0], line[2], line[5], line[6], line[13]])).toEqual(
    rows.map((row) => [
      String(row.id),
      row.type,
      String(row.treeCount),
      String(row.freeTreeCount),
      row.amount.toFixed(2),
    ]),
  );
});
