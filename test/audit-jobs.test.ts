// On the real PostgreSQL: the jobs that change what people own write their audit rows,
// run by the job runner with the clock moved in the database. The family's erasure, carried out on
// day 14 by the job, is recorded as the family's (who asked); an expiry, a code credited back, a
// visitor's tree given up in the queue or planted once stock returns are the job's own ("job
// <name>"). Never "unattributed". The ways in that people use are e2e/api/audit-coverage.spec.ts's.
import { actingAs, UNATTRIBUTED } from "@memorial/lib/audit/actor";
import { db, transaction } from "@memorial/lib/db/client";
import { dispatchEvents } from "@memorial/lib/events/dispatcher";
import { enqueue } from "@memorial/lib/jobs/enqueue";
import { confirmationEmailConsumer } from "@memorial/lib/mail/confirmation-consumer";
import { unconfirmedItems } from "@memorial/lib/mail/unconfirmed-memorials";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { addStock } from "@memorial/lib/plantings/add-stock";
import { SERVE_QUEUE_JOB } from "@memorial/lib/plantings/planting-queue";
import { ERASURE_JOB, setErasureRequested } from "@memorial/lib/privacy/erasure";
import { CREDIT_CODES_JOB, issueClaimCodes, redeemClaimCode } from "@memorial/lib/visitors/claim-codes";
import { GIVE_UP_JOB } from "@memorial/lib/visitors/give-up";
import { setVisitorSetting } from "@memorial/lib/visitors/settings";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator, TEST_FIXTURE, unique } from "@/e2e/support/factories";
import { awaitingFamilyTarget, newMemorialTarget, plantingCommand } from "./support/commands";
import { runDaily, runItemJobs } from "./support/daily-jobs";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

const ORIGIN = "http://trees.test";
const address = () => `${unique("audit").replace(/[^a-z0-9-]/gi, "")}@example.org`.toLowerCase();

/** The test's own writes (fixtures) are named as such in the log. */
const fixture = <T>(work: () => Promise<T>) => actingAs(TEST_FIXTURE, work);

/** A scheduled job as its schedule adds it, run by the runner. */
async function runJob(task: string) {
  await enqueue(db, task, {}, { key: task, queue: task });
  await runItemJobs(task);
}

/**
 * Runs a job until its row appears. Another test file may be running the same job (one key)
 * at this moment: this run then adds nothing, and the row is that run's, or the next one's.
 */
async function runJobUntil<T>(task: string, found: () => Promise<T | undefined>): Promise<T | undefined> {
  for (let tries = 0; tries < 50; tries++) {
    await runJob(task);
    const row = await found();
    if (row !== undefined) return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return undefined;
}

async function operator(stock = 10) {
  const op = await fixture(() => makeIsolatedOperator({ stock }));
  return { op, caller: (await authenticateKey(op.key)) as Caller };
}

async function rowsOf(action: string, where: { memorialId?: number; targetId?: string }) {
  const rows = await db.auditLog.findMany({ where: { action, ...where }, orderBy: { id: "asc" } });
  for (const row of rows) {
    expect(row.actorKind === "system" && row.actorLabel === (UNATTRIBUTED as { name: string }).name).toBe(
      false,
    );
  }
  return rows;
}

describe("the jobs' audit rows", () => {
  it("an erasure carried out on day 14 is the family's, as its request was", async () => {
    const { caller } = await operator();
    const { memorialId } = await fixtureMemorial(
      caller,
      plantingCommand(newMemorialTarget({ family: { email: address(), name: null, language: null } })),
    );
    const token = await fixture(() =>
      transaction(async (tx) => (await issueManageToken(tx, memorialId)).token),
    );
    await actingAs({ kind: "family", memorialId }, () =>
      setErasureRequested({ by: "family", token }, true, `${ORIGIN}/manage/${token}`),
    );
    expect(await rowsOf("memorial.erasure_requested", { memorialId })).toMatchObject([
      { actorKind: "family", actorId: memorialId, targetType: "memorial", operatorId: caller.operatorId },
    ]);
    await db.$executeRaw`UPDATE "memorial" SET "erasure_requested_at" = now() - make_interval(days => 14) WHERE "id" = ${memorialId}`;
    const erased = await runJobUntil(
      ERASURE_JOB,
      async () => (await rowsOf("memorial.erased", { memorialId }))[0],
    );
    expect(erased).toMatchObject({ actorKind: "family", actorId: memorialId, targetId: String(memorialId) });
    expect(erased!.changes).toMatchObject({ kind: { after: "anonymous" } });
  });

  it("a memorial its family never confirmed is closed by the job, which the row names", async () => {
    const { caller } = await operator();
    const { memorialId } = await fixtureMemorial(
      caller,
      plantingCommand(awaitingFamilyTarget(address()), { planter: "La famille" }),
    );
    await dispatchEvents([confirmationEmailConsumer], { operatorId: caller.operatorId });
    // The clock: every link of the memorial has ended.
    await db.$executeRaw`UPDATE "confirmation_token" SET "expires_at" = now() - interval '1 second' WHERE "memorial_id" = ${memorialId}`;
    await runDaily(unconfirmedItems());
    const rows = await rowsOf("memorial.expired", { memorialId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: "system",
      targetType: "memorial",
      operatorId: caller.operatorId,
    });
    expect(rows[0]!.actorLabel).toMatch(/^job /);
    expect(rows[0]!.changes).toMatchObject({ status: { before: "awaiting_confirmation", after: "expired" } });
  });

  it("an expired claim code is credited back by the job; a visitor's tree waiting too long is given up; stock plants the rest", async () => {
    // The memorial's own tree takes the only tree in stock: the visitors' trees wait in the queue.
    const { op, caller } = await operator(1);
    const { memorialId } = await fixtureMemorial(caller, plantingCommand(newMemorialTarget()));
    await fixture(() => setVisitorSetting(op.operatorId, null, { enabled: true, payments: [], price: null }));
    const issued = await fixture(() =>
      issueClaimCodes({
        operatorId: op.operatorId,
        isTest: false,
        memorialId,
        count: 3,
        expiresAt: new Date(Date.now() + 86_400_000),
      }),
    );
    const [expiring, waiting, served] = issued.codes;
    const words = { planter: "Paul", message: "Pour toi", email: address(), language: "fr" as const };
    const redeem = (code: string) =>
      actingAs({ kind: "visitor" }, () =>
        redeemClaimCode({ code, memorialId, words, linkBase: ORIGIN, client: unique("client") }),
      );
    expect((await redeem(waiting!.code)).kind).toBe("queued");
    expect((await redeem(served!.code)).kind).toBe("queued");
    expect(await rowsOf("tree.queued", { memorialId })).toHaveLength(2);

    // The clock: the unused code expired; the first visitor's tree waited past the give-up days.
    await db.$executeRaw`UPDATE "claim_code" SET "expires_at" = now() - interval '1 minute' WHERE "id" = ${expiring!.id}`;
    await runJob(CREDIT_CODES_JOB);
    const [credited] = await rowsOf("code.credited", { targetId: String(expiring!.id) });
    expect(credited).toMatchObject({ actorKind: "system", memorialId, operatorId: op.operatorId });
    expect(credited!.actorLabel).toBe(`job ${CREDIT_CODES_JOB}`);

    const first = await db.visitorPlanting.findFirstOrThrow({
      where: { memorialId, claimCodeId: waiting!.id },
    });
    await db.$executeRaw`UPDATE "queued_planting" SET "created_at" = now() - interval '400 days' WHERE "visitor_planting_id" = ${first.id}`;
    await runJob(GIVE_UP_JOB);
    const [givenUp] = await rowsOf("planting.given_up", { targetId: String(first.id) });
    expect(givenUp).toMatchObject({ actorKind: "system", actorLabel: `job ${GIVE_UP_JOB}`, memorialId });

    // Stock returns: the queue plants the tree still waiting, recorded as the queue's.
    await fixture(() => addStock(op.plantationId, op.speciesId, 1));
    // The queue's job is one for every operator: another file's run may serve this tree.
    const byJob = (row: { actorLabel: string | null }) => row.actorLabel === `job ${SERVE_QUEUE_JOB}`;
    await runJobUntil(SERVE_QUEUE_JOB, async () =>
      (await rowsOf("tree.planted", { memorialId })).find(byJob),
    );
    const planted = await rowsOf("tree.planted", { memorialId });
    const byQueue = planted.filter(byJob);
    expect(byQueue).toHaveLength(1);
    expect(byQueue[0]).toMatchObject({ actorKind: "system", targetType: "tree", operatorId: op.operatorId });
  });
});
