// On the real PostgreSQL, with no job runner: asking for the family's archive while one is
// being prepared changes nothing (one row waiting to be built, one job, one audit row), however many
// asks arrive at once; once that archive is ready, asking again prepares a new one. The end-to-end
// test (e2e/api/family-archive.spec.ts) cannot show the first rule by timing: the service's job
// builds a small archive in milliseconds, between two asks.
import { actingAs } from "@memorial/lib/audit/actor";
import { db } from "@memorial/lib/db/client";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { ARCHIVE_JOB, requestArchive } from "@memorial/lib/privacy/archive";
import { afterAll, expect, it } from "vitest";
import { makeIsolatedOperator } from "@/e2e/support/factories";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

/** The ids of the archive jobs waiting for memorial `memorialId`'s archives. */
async function archiveJobs(memorialId: number): Promise<bigint[]> {
  const rows = await db.$queryRaw<{ id: bigint }[]>`
    SELECT j.id FROM graphile_worker._private_jobs j
    JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = ${ARCHIVE_JOB}
      AND (j.payload->>'archive')::int IN (SELECT id FROM memorial_archive WHERE memorial_id = ${memorialId})`;
  return rows.map((r) => r.id);
}

it("asks made while the archive is prepared change nothing; once it is ready, a new ask prepares another", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const made = await fixtureMemorial(caller);
  const memorialId = made.memorialId;
  const { token } = await db.$transaction((tx) => issueManageToken(tx, memorialId));
  const ask = () =>
    actingAs({ kind: "family", memorialId }, () =>
      requestArchive({ by: "family", token }, `http://trees.test/manage/${token}`),
    );

  const asks = await Promise.all(Array.from({ length: 8 }, ask));
  expect(asks.filter((a) => a.requested)).toHaveLength(1);
  expect(await db.memorialArchive.count({ where: { memorialId } })).toBe(1);
  expect(await archiveJobs(memorialId)).toHaveLength(1);
  expect(await db.auditLog.count({ where: { memorialId, action: "memorial.archive_requested" } })).toBe(1);

  // Built (as the job marks it): the next ask prepares a second archive.
  await db.memorialArchive.updateMany({
    where: { memorialId },
    data: {
      readyAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
      content: Buffer.from("zip"),
      size: 3,
    },
  });
  expect(await ask()).toEqual({ requested: true });
  expect(await ask()).toEqual({ requested: false });
  expect(await db.memorialArchive.count({ where: { memorialId } })).toBe(2);
  const jobs = await archiveJobs(memorialId);
  expect(jobs).toHaveLength(2);
  // Not left for a later runner (the end-to-end tests' service shares this database).
  await db.$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE id = ANY(${jobs}::bigint[])`;
});
