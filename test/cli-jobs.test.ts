// `jobs list` and `jobs run <task>` against the real PostgreSQL of test/global-setup.ts; two runs
// at once are two processes, as two people running the command are.

import { db } from "@memorial/lib/db/client";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { SEND_REMINDER_JOB, SEND_REMINDERS_JOB } from "@memorial/lib/reminders/send-reminders";
import { SCHEDULES } from "@memorial/lib/service/job-catalogue";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator, uniqueEmail } from "@/e2e/support/factories";
import { subscribeToAnniversaries } from "@/e2e/support/reminders";
import { cronMatcher, nextRun } from "../cli/commands/jobs";
import { runCli, spawnCli } from "./support/cli";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { jobsOfKeys, makeDue, refuseMailTo } from "./support/daily-jobs";
import { callerMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

describe("jobs list", () => {
  it("lists every schedule with its cron, its next run and the last time the schedule added it", {
    timeout: 120_000,
  }, async () => {
    const lastExecution = new Date("2026-11-20T07:00:00.000Z");
    await db.$executeRaw`
      INSERT INTO graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
      VALUES (${SEND_REMINDERS_JOB}, now(), ${lastExecution})
      ON CONFLICT (identifier) DO UPDATE SET last_execution = excluded.last_execution`;
    const before = Date.now();
    const run = await runCli("jobs", "list");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const jobs = run.json.jobs as { task: string; cron: string; nextRun: string; lastRun: string | null }[];
    expect(jobs.map((j) => [j.task, j.cron])).toEqual(SCHEDULES.map((s) => [s.task, s.cron]));
    const reminders = jobs.find((j) => j.task === SEND_REMINDERS_JOB)!;
    expect(reminders.lastRun).toBe(lastExecution.toISOString());
    // 07:00 UTC, within the next day.
    const next = new Date(reminders.nextRun);
    expect([next.getUTCHours(), next.getUTCMinutes(), next.getUTCSeconds()]).toEqual([7, 0, 0]);
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime() - before).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it("computes the next run of a crontab in UTC", async () => {
    const from = new Date("2026-11-26T07:00:00.000Z");
    expect(nextRun(await cronMatcher("0 7 * * *"), from)?.toISOString()).toBe("2026-11-27T07:00:00.000Z");
    expect(nextRun(await cronMatcher("17 * * * *"), from)?.toISOString()).toBe("2026-11-26T07:17:00.000Z");
    expect(nextRun(await cronMatcher("0 0 29 2 *"), from)?.toISOString()).toBe("2028-02-29T00:00:00.000Z");
  });
});

/** A confirmed subscription to a memorial whose day of death is today: its address. */
async function dueSubscription(): Promise<string> {
  const op = await makeIsolatedOperator();
  const caller = (await authenticateKey(op.key)) as Caller;
  const now = new Date();
  // Today's date, 8 years ago (a 29th of February falls on one too).
  const deathDate = new Date(Date.UTC(now.getUTCFullYear() - 8, now.getUTCMonth(), now.getUTCDate(), 12));
  const { memorialId } = await callerMemorial(
    caller,
    plantingCommand(newMemorialTarget({ deceased: { deathDate, birthDate: null } })),
  );
  const email = uniqueEmail("jobs-run");
  await subscribeToAnniversaries(memorialId, email, {
    linkBase: "http://trees.test",
    confirmed: true,
    client: "127.0.0.1",
  });
  return email;
}

describe("jobs run", () => {
  // Four processes of the command line (the machine may be slow to start them).
  it("runs send-reminders now: two runs at once write the day's reminder once", {
    timeout: 300_000,
  }, async () => {
    const email = await dueSubscription();
    expect(await db.outgoingEmail.count({ where: { to: email } })).toBe(0);

    const runs = await Promise.all([
      spawnCli("jobs", "run", SEND_REMINDERS_JOB),
      spawnCli("jobs", "run", SEND_REMINDERS_JOB),
    ]);
    for (const run of runs) {
      expect(run.stderr).not.toMatch(/error|failed/i);
      expect(run.code).toBe(0);
      expect(run.json).toMatchObject({ task: SEND_REMINDERS_JOB, outcome: "done" });
      expect(["this command", "another process"]).toContain(run.json.ranBy);
    }
    const emails = await db.outgoingEmail.findMany({ where: { to: email } });
    expect(emails).toHaveLength(1);
    expect(JSON.stringify(emails[0]!.headers)).toContain("List-Unsubscribe");

    // And again: the day's reminder is not written twice.
    const again = await runCli("jobs", "run", SEND_REMINDERS_JOB);
    expect(again.code).toBe(0);
    expect(again.json).toMatchObject({ outcome: "done", ranBy: "this command" });
    expect(await db.outgoingEmail.count({ where: { to: email } })).toBe(1);
  });

  it("runs each reminder as its own job: one that fails is named and retried alone, the others are written", {
    timeout: 300_000,
  }, async () => {
    const [written, refused] = [await dueSubscription(), await dueSubscription()];
    const subscription = await db.reminderSubscription.findFirstOrThrow({ where: { email: refused } });
    const key = `${SEND_REMINDER_JOB}:${subscription.id}:death_anniversary:${new Date().getUTCFullYear()}`;
    const allow = await refuseMailTo(refused);
    const run = await runCli("jobs", "run", SEND_REMINDERS_JOB).finally(allow);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${key}: the test refuses e-mails to ${refused}`);
    expect(run.stderr).toContain("retried later alone (the others are done)");
    expect(await db.outgoingEmail.count({ where: { to: written } })).toBe(1);
    expect(await db.outgoingEmail.count({ where: { to: refused } })).toBe(0);
    expect(await jobsOfKeys([key])).toMatchObject([{ key, payload: { _failures: 1 } }]);
    // Its retry, once due, is taken by the next run; nothing is written twice.
    await makeDue([key]);
    const again = await runCli("jobs", "run", SEND_REMINDERS_JOB);
    expect(again.code).toBe(0);
    expect(again.json).toMatchObject({ task: SEND_REMINDERS_JOB, outcome: "done" });
    expect(await db.outgoingEmail.count({ where: { to: refused } })).toBe(1);
    expect(await db.outgoingEmail.count({ where: { to: written } })).toBe(1);
  });

  it("waits while another worker holds the schedule's queue, then runs the job", {
    timeout: 300_000,
  }, async () => {
    const email = await dueSubscription();
    // Another worker (an instance) runs send-reminders: its job and its queue are locked.
    const [held] = await db.$queryRaw<{ id: bigint }[]>`
      SELECT id FROM graphile_worker.add_job(${SEND_REMINDERS_JOB}, '{}'::json,
        queue_name := ${SEND_REMINDERS_JOB}, job_key := ${SEND_REMINDERS_JOB})`;
    await db.$executeRaw`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'test-other-worker'
      WHERE id = ${held!.id}`;
    await db.$executeRaw`UPDATE graphile_worker._private_job_queues SET locked_at = now(), locked_by = 'test-other-worker'
      WHERE queue_name = ${SEND_REMINDERS_JOB}`;
    const running = runCli("jobs", "run", SEND_REMINDERS_JOB, "--wait", "240");
    // The command's job, added behind the one held.
    await expect
      .poll(
        async () =>
          (
            await db.$queryRaw<{ n: number }[]>`
              SELECT count(*)::int AS "n" FROM graphile_worker.jobs
              WHERE task_identifier = ${SEND_REMINDERS_JOB} AND id <> ${held!.id}`
          )[0]!.n,
        { timeout: 120_000, interval: 200 },
      )
      .toBe(1);
    expect(await db.outgoingEmail.count({ where: { to: email } })).toBe(0);
    // The other worker finishes.
    const released = new Date();
    await db.$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE id = ${held!.id}`;
    await db.$executeRaw`UPDATE graphile_worker._private_job_queues SET locked_at = NULL, locked_by = NULL
      WHERE queue_name = ${SEND_REMINDERS_JOB}`;
    const run = await running;
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ task: SEND_REMINDERS_JOB, outcome: "done", ranBy: "this command" });
    const emails = await db.outgoingEmail.findMany({ where: { to: email } });
    expect(emails).toHaveLength(1);
    // Written once the queue was free, not while the other worker held it.
    expect(emails[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(released.getTime());
  });

  it("refuses a job that is not scheduled, naming those that are", { timeout: 120_000 }, async () => {
    const run = await runCli("jobs", "run", "send-email");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"send-email" is not a scheduled job');
    expect(run.stderr).toContain(SEND_REMINDERS_JOB);
    expect(run.json).toBeNull();
    const none = await runCli("jobs", "run");
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("name the job to run");
  });
});
