// The reports read through a pool of their own, of REPORTS_POOL_SIZE connections, even
// on the primary database: a burst of reports waits there for its turn, PostgreSQL runs only that
// many at once, and the plantings' and pages' pool stays free.
import { disconnect, mainPool, reportsPool } from "@memorial/lib/db/client";
import { reportsSql, sql } from "@memorial/lib/db/raw";
import { afterAll, beforeAll, expect, it } from "vitest";

beforeAll(() => {
  delete process.env.REPORTS_DATABASE_URL;
  process.env.REPORTS_POOL_SIZE = "2";
});

afterAll(async () => {
  delete process.env.REPORTS_POOL_SIZE;
  await disconnect();
});

it("runs at most REPORTS_POOL_SIZE reports at once, on connections the other reads do not wait for", async () => {
  expect(reportsPool()).not.toBe(mainPool());
  const reports = Array.from(
    { length: 6 },
    () =>
      reportsSql.$queryRaw<
        { pid: number }[]
      >`SELECT pg_backend_pid() AS "pid", pg_sleep(0.2)::text AS "slept"`,
  );
  const finished: string[] = [];
  const all = Promise.all(reports).then((rows) => {
    finished.push("reports");
    return rows;
  });
  await new Promise((resolve) => setImmediate(resolve));
  expect(reportsPool().totalCount).toBe(2);
  expect(reportsPool().waitingCount).toBe(4);
  // A read of the main pool is answered while the reports wait for one another (three rounds of 0.2 s).
  expect(await sql.$queryRaw`SELECT 1 AS "one"`).toEqual([{ one: 1 }]);
  finished.push("main");
  expect(mainPool().waitingCount).toBe(0);
  const pids = new Set((await all).map(([row]) => row.pid));
  expect(pids.size).toBe(2);
  expect(finished).toEqual(["main", "reports"]);
});
