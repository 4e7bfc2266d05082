// Text limits of the names the service derives for downloads: every file name is made of fixed
// words and numbers checked at the edge (ids are int32, dates 2000..9999, days 1..3660, paper
// a4|a5), so its length has a bound whatever the request. Each is fed its longest input here.
import { expect, test } from "@playwright/test";
import { signInRequest } from "../support/dashboard-session";
import { api, baseUrl, db, makeContext, makeIsolatedOperator } from "../support/factories";

const INT32_MAX = 2147483647;

test("the report CSV's file name at its longest: largest person id, 3660 days", async ({ request }) => {
  const op = await makeIsolatedOperator();
  const home = await makeContext(op.operatorId, "Epf");
  await signInRequest(request, op.operatorId);
  // The largest person id there can be, linked to the funeral home (the only test that uses it).
  await db.person.create({
    data: {
      id: INT32_MAX,
      operatorId: op.operatorId,
      contextId: home.id,
      epfId: home.id,
      lastName: "Max",
      deathDate: new Date("2016-12-01T00:00:00Z"),
      language: "fr",
    },
  });
  const response = await request.get(
    `${baseUrl()}/api/dashboard/reports/csv?epf=${home.id}&person=${INT32_MAX}&year=2016&month=12&day=31&days=3660`,
  );
  expect(response.status()).toBe(200);
  expect(response.headers()["content-disposition"]).toBe(
    `attachment; filename="trees-epf-${home.id}-person-${INT32_MAX}-2016-12-31-3660d.csv"`,
  );
  // With the longest epf id the edge accepts, the name stays short (a 4xx, never a 500).
  const largest = await request.get(
    `${baseUrl()}/api/dashboard/reports/csv?epf=${INT32_MAX}&person=${INT32_MAX}&year=9999&month=12&day=31&days=1`,
  );
  expect(largest.status()).toBeLessThan(500);
  const transactions = await request.get(`${baseUrl()}/api/dashboard/transactions/csv?year=9999&month=12`);
  expect(transactions.status()).toBe(200);
  expect(transactions.headers()["content-disposition"]).toBe(
    'attachment; filename="transactions-9999-12.csv"',
  );
});

test("the certificate's file name: the memorial id and the paper size only", async ({ request }) => {
  const op = await makeIsolatedOperator();
  const created = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      Defunt: { Nom: "N".repeat(200), Prenom: "P".repeat(200), DateDeces: "2026-09-01T00:00:00" },
      DeLaPartDe: "D".repeat(200),
    },
  });
  expect(created.status, created.text).toBe(200);
  const id = created.json.IdMemorial as number;
  for (const size of ["a4", "a5"]) {
    const response = await request.get(`${baseUrl()}/memorial/${id}/certificate?size=${size}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toBe(`inline; filename="memorial-${id}-${size}.pdf"`);
  }
  const refused = await request.get(`${baseUrl()}/memorial/${id}/certificate?size=${"a".repeat(5000)}`);
  expect(refused.status()).toBe(400);
});
