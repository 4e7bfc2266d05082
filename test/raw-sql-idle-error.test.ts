// The pool that lib/db/raw.ts shares with the ORM hears an idle connection dying even
// when the ORM never used it (its adapter listens only once it has connected): an unheard "error"
// of a pg pool ends the process. This file uses only lib/db/raw.ts, as a process serving reports
// alone would.
import { disconnect } from "@memorial/lib/db/client";
import { sql } from "@memorial/lib/db/raw";
import { settings } from "@memorial/lib/settings";
import pg from "pg";
import { afterAll, expect, it } from "vitest";

afterAll(() => disconnect());

it("survives its idle connections ended by the server, and opens new ones", async () => {
  // Three connections opened at once, then idle.
  await Promise.all([1, 2, 3].map(() => sql.$queryRaw`SELECT pg_sleep(0.05)::text AS "slept"`));
  const admin = new pg.Client({ connectionString: settings().DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      `SELECT count(pg_terminate_backend("pid"))::int AS "ended" FROM pg_stat_activity
       WHERE "application_name" LIKE $1 AND "state" = 'idle'`,
      [`memorial-trees/main/${process.pid}/%`],
    );
    // At least the three: the worker's earlier test files (they share its modules) may have left
    // the pool an idle connection of their own.
    expect(rows[0].ended).toBeGreaterThanOrEqual(3);
  } finally {
    await admin.end();
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await sql.$queryRaw`SELECT 2 AS "two"`).toEqual([{ two: 2 }]);
});
