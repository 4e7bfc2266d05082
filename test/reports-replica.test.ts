// With REPORTS_DATABASE_URL set, the reports (the API's report, the exports' lines,
// the trees' life figures) read that database, a read replica, and nothing else does: Infos and
// every write stay on DATABASE_URL. The "replica" here is a second database of the test server,
// migrated, holding a copy of the primary's rows with one difference, so that each read shows
// which database it came from.

import { db, disconnect } from "@memorial/lib/db/client";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { allReportLines } from "@memorial/lib/reports/queries";
import { lifePerFuneralHome } from "@memorial/lib/reports/tree-life";
import { reportFilter, reportPeriod, treeReport } from "@memorial/lib/reports/tree-report";
import { migrate } from "@memorial/lib/service/migrate";
import { memorialInfos } from "@memorial/lib/trees/memorial-infos";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContext, makeIsolatedOperator } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { callerMemorial } from "./support/memorials";

const primaryUrl = process.env.DATABASE_URL as string;
const replicaName = `reports_replica_${process.pid}`;
const replicaUrl = (() => {
  const url = new URL(primaryUrl);
  url.pathname = `/${replicaName}`;
  return url.toString();
})();

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: primaryUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${replicaName}"`);
  await admin.end();
  await migrate(replicaUrl);
});

afterAll(async () => {
  delete process.env.REPORTS_DATABASE_URL;
  await disconnect();
  const admin = new pg.Client({ connectionString: primaryUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${replicaName}" WITH (FORCE)`);
  await admin.end();
});

/** Copies the rows `where` selects of `table` from the primary into the replica, as they are. */
async function copyRows(replica: pg.Client, table: string, where: string, params: unknown[]) {
  const rows = await db.$queryRawUnsafe<{ row: unknown }[]>(
    `SELECT to_jsonb(x) AS "row" FROM "${table}" x WHERE ${where}`,
    ...params,
  );
  for (const { row } of rows)
    await replica.query(`INSERT INTO "${table}" SELECT * FROM jsonb_populate_record(NULL::"${table}", $1)`, [
      row,
    ]);
  return rows.length;
}

describe("REPORTS_DATABASE_URL", () => {
  it("makes the reports, exports and life figures read the replica, and nothing else", async () => {
    const op = await makeIsolatedOperator({ language: "en" });
    const caller = (await authenticateKey(op.key)) as Caller;
    const epf = await makeContext(op.operatorId, "Epf");
    const planted = await callerMemorial(
      caller,
      plantingCommand(newMemorialTarget({ deceased: { lastName: "Replica" } }), {
        context: { Epf: epf.id },
      }),
    );

    // The replica: the same rows (foreign keys and triggers off while copying, as a replica
    // applies what the primary wrote), except that there the tree counts 7.
    const replica = new pg.Client({ connectionString: replicaUrl });
    await replica.connect();
    try {
      await replica.query("SET session_replication_role = replica");
      const trees = `x."memorial_id" = $1`;
      const ofTrees = (column: string) =>
        `x."id" IN (SELECT t."${column}" FROM "tree" t WHERE t."memorial_id" = $1)`;
      expect(await copyRows(replica, "tree", trees, [planted.memorialId])).toBe(1);
      for (const [table, column] of [
        ["species", "species_id"],
        ["plantation", "plantation_id"],
        ["person", "person_id"],
        ["context", "epf_id"],
        ["memorial", "memorial_id"],
      ] as const)
        expect(await copyRows(replica, table, ofTrees(column), [planted.memorialId])).toBe(1);
      await replica.query(`UPDATE "tree" SET "quantity" = 7 WHERE "memorial_id" = $1`, [planted.memorialId]);
    } finally {
      await replica.end();
    }

    const now = new Date();
    const [year, month] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
    const period = reportPeriod(year, month, 1, new Date(Date.UTC(year, month, 0)).getUTCDate());
    const input = { scope: caller, epfId: epf.id, personId: null, period };
    const read = async () => {
      const report = await treeReport({ ...input, limit: 10, offset: 0 });
      const exported = [];
      for await (const line of allReportLines((await reportFilter(input)).filter))
        exported.push(line.quantity);
      const life = (await lifePerFuneralHome(caller)).find((row) => row.epfId === epf.id);
      const infos = await memorialInfos(caller, planted.memorialId, { limit: 10, offset: 0 });
      return {
        report: [report.totals.trees, report.lines.map((line) => line.quantity)],
        exported,
        allocated: life?.allocated,
        infos: infos.trees.map((tree) => tree.quantity),
      };
    };

    // Unset: everything reads the primary.
    expect(await read()).toEqual({ report: [1, [1]], exported: [1], allocated: 1, infos: [1] });
    // Set: the reports read the replica; Infos (read right after a planting) stays on the primary.
    process.env.REPORTS_DATABASE_URL = replicaUrl;
    expect(await read()).toEqual({ report: [7, [7]], exported: [7], allocated: 7, infos: [1] });
    // Writes go to the primary whatever the setting: a second planting is there, not in the replica.
    await callerMemorial(
      caller,
      plantingCommand({ kind: "existing", memorialId: planted.memorialId }, { context: { Epf: epf.id } }),
    );
    expect(await db.tree.count({ where: { memorialId: planted.memorialId } })).toBe(2);
    expect((await treeReport({ ...input, limit: 10, offset: 0 })).totals.trees).toBe(7);
    delete process.env.REPORTS_DATABASE_URL;
    expect((await treeReport({ ...input, limit: 10, offset: 0 })).totals.trees).toBe(2);
  });
});
