// The dashboard's transactions export of a whole year: without `month`, the CSV holds
// every transaction of the calendar year and none of the years around it, under a file name of the
// year; a month still means that month, and a bad month is still refused by name.

import { parseCsv } from "@memorial/lib/exports/csv";
import { expect, test } from "@playwright/test";
import { signInRequest } from "../support/dashboard-session";
import { api, baseUrl, db, makeIsolatedOperator } from "../support/factories";

test("transactions CSV without a month: the whole year, and only it", async ({ request }) => {
  const op = await makeIsolatedOperator({ stock: 10 });
  await signInRequest(request, op.operatorId);
  const year = 2024;
  const instants = {
    before: new Date(Date.UTC(year - 1, 11, 31, 23, 59, 59)),
    january: new Date(Date.UTC(year, 0, 1)),
    june: new Date(Date.UTC(year, 5, 15, 12)),
    december: new Date(Date.UTC(year, 11, 31, 23, 59, 59)),
    after: new Date(Date.UTC(year + 1, 0, 1)),
  };
  const memorials = new Map<string, number>();
  for (const [name, instant] of Object.entries(instants)) {
    const created = await api("POST", "/Memorials/Creer", {
      key: op.key,
      body: {
        Defunt: { Nom: `Annee ${name}`, Prenom: "Marie", DateDeces: "2023-12-01T00:00:00" },
        DeLaPartDe: "Famille",
      },
    });
    expect(created.status, created.text).toBe(200);
    const memorialId = created.json.IdMemorial as number;
    memorials.set(name, memorialId);
    await db.transaction.updateMany({ where: { memorialId }, data: { createdAt: instant } });
  }

  const response = await request.get(`${baseUrl()}/api/dashboard/transactions/csv?year=${year}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-disposition"]).toBe(`attachment; filename="transactions-${year}.csv"`);
  const [header, ...rows] = parseCsv(await response.text(), ";");
  const memorialOf = (row: string[]) => Number(row[header.indexOf("MemorialId")]);
  const expected = ["january", "june", "december"].map((name) => memorials.get(name));
  expect(rows.map(memorialOf).filter((id, i, all) => all.indexOf(id) === i)).toEqual(expected);
  expect(rows.every((row) => row[header.indexOf("Date")].startsWith(`${year}-`))).toBe(true);

  const june = await request.get(`${baseUrl()}/api/dashboard/transactions/csv?year=${year}&month=6`);
  expect(june.status()).toBe(200);
  const [, ...juneRows] = parseCsv(await june.text(), ";");
  expect(new Set(juneRows.map(memorialOf))).toEqual(new Set([memorials.get("june")]));

  const bad = await request.get(`${baseUrl()}/api/dashboard/transactions/csv?year=${year}&month=13`);
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("month");
});
