// The job runner (lib/jobs): a job exists only if the transaction that added it commits, two
// runners (two instances) share the jobs without doing one twice, and the jobs of a process
// killed with SIGKILL are taken back from it.

import { db, disconnect, transaction } from "@memorial/lib/db/client";
import { enqueue } from "@memorial/lib/jobs/enqueue";
import { unlockDeadWorkers } from "@memorial/lib/jobs/liveness";
import { RetryLater, retryDelayMs } from "@memorial/lib/jobs/retry";
import { startJobRunner } from "@memorial/lib/jobs/runner";
import { type JobCatalogue, runJobsOnce } from "@memorial/lib/jobs/tasks";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

afterAll(() => disconnect());

const waitingJobs = async (task: string) => {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS "n" FROM graphile_worker.jobs WHERE "task_identifier" = ${task}`;
  return row.n;
};

async function until(condition: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("jobs", () => {
  it("added in a transaction that rolls back never run; added in one that commits, run once", async () => {
    const ran: string[] = [];
    const catalogue: JobCatalogue = {
      "test-note": { run: async (payload: { note: string }) => void ran.push(payload.note) },
    };
    await transaction(async (tx) => {
      await enqueue(tx, "test-note", { note: "rolled back" });
      throw new Error("the use case fails after enqueuing");
    }).catch(() => {});
    await transaction((tx) => enqueue(tx, "test-note", { note: "committed" }));
    // The triggers' jobs too: an e-mail written in a transaction that rolls back leaves no job.
    let emailId = 0;
    await transaction(async (tx) => {
      emailId = (
        await tx.outgoingEmail.create({ data: { to: "x@example.org", subject: "s", text: "t", html: "h" } })
      ).id;
      expect(
        await tx.$queryRaw`SELECT 1 FROM graphile_worker.jobs WHERE "key" = ${`send-email:${emailId}`}`,
      ).toHaveLength(1);
      throw new Error("rolled back");
    }).catch(() => {});
    await runJobsOnce(catalogue);
    expect(ran).toEqual(["committed"]);
    expect(await waitingJobs("test-note")).toBe(0);
    expect(
      await db.$queryRaw`SELECT 1 FROM graphile_worker.jobs WHERE "key" = ${`send-email:${emailId}`}`,
    ).toHaveLength(0);
  });

  it("run once runs a due job of a named queue that another process's look hid when it started", async () => {
    const ran: string[] = [];
    const task = `test-hidden-${process.pid}`;
    const catalogue: JobCatalogue = { [task]: { run: async () => void ran.push("ran") } };
    await enqueue(db, task, {}, { queue: task, key: task });
    // What graphile-worker's look for a job does in another process: it locks the free named
    // queues, skipping those locked; here for 300 ms.
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT id FROM graphile_worker._private_job_queues WHERE is_available FOR UPDATE");
      const running = runJobsOnce(catalogue);
      await new Promise((r) => setTimeout(r, 300));
      expect(ran).toEqual([]);
      await other.query("COMMIT");
      await running;
    } finally {
      await other.end();
    }
    expect(ran).toEqual(["ran"]);
    expect(await waitingJobs(task)).toBe(0);
  });

  it("are shared by two runners (two instances), none done twice", async () => {
    const done: { n: number; runner: string }[] = [];
    const started = new Set<string>();
    let bothStarted: () => void = () => {};
    const barrier = new Promise<void>((resolve) => {
      bothStarted = resolve;
    });
    const catalogue = (runner: string): JobCatalogue => ({
      "test-share": {
        async run(payload: { n: number }) {
          started.add(runner);
          if (started.size === 2) bothStarted();
          // Each runner's workers wait until the other runner has taken a job too: the work is
          // shared whatever the timing.
          await barrier;
          done.push({ n: payload.n, runner });
        },
      },
    });
    const runners = await Promise.all(
      ["a", "b"].map((name) => startJobRunner({ catalogue: catalogue(name), workers: 2 })),
    );
    try {
      await transaction(async (tx) => {
        for (let n = 0; n < 40; n++) await enqueue(tx, "test-share", { n });
      });
      await until(async () => done.length >= 40 && (await waitingJobs("test-share")) === 0, "the 40 jobs");
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
    // Stopped: nothing runs any more, so these counts are final.
    expect(done.map((d) => d.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(new Set(done.map((d) => d.runner))).toEqual(new Set(["a", "b"]));
  });

  it("held by a process that died are taken back from it, not those of a living one", async () => {
    const ran: string[] = [];
    const catalogue: JobCatalogue = {
      "test-held": { run: async (payload: { who: string }) => void ran.push(payload.who) },
    };
    await transaction(async (tx) => {
      await enqueue(tx, "test-held", { who: "dead" }, { key: "test-held-dead" });
      await enqueue(tx, "test-held", { who: "alive" }, { key: "test-held-alive" });
    });
    // A living worker holds its liveness lock (as lib/jobs/runner.ts does for each of its workers).
    const alive = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await alive.connect();
    await alive.query("SELECT pg_advisory_lock(7240320, hashtext('worker-alive'))");
    // Both jobs were taken a minute ago: one by the living worker, one by a worker whose process
    // was killed (its connection, and its lock, gone with it).
    await db.$executeRaw`UPDATE graphile_worker._private_jobs
      SET "locked_by" = CASE WHEN "key" = 'test-held-dead' THEN 'worker-dead' ELSE 'worker-alive' END,
          "locked_at" = now() - interval '1 minute', "attempts" = 1
      WHERE "key" IN ('test-held-dead', 'test-held-alive')`;
    await runJobsOnce(catalogue);
    expect(ran).toEqual([]); // locked: no other worker takes them
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      expect(await unlockDeadWorkers(client)).toBe(1);
    } finally {
      await client.end();
    }
    await runJobsOnce(catalogue);
    expect(ran).toEqual(["dead"]);
    await alive.end();
    await db.$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE "key" = 'test-held-alive'`;
  });

  it("that fail come back after the one retry policy's wait, and are given up after their attempts", async () => {
    let calls = 0;
    const catalogue: JobCatalogue = {
      "test-fail": {
        maxAttempts: 2,
        async run() {
          calls++;
          throw new Error("down");
        },
      },
    };
    await transaction((tx) => enqueue(tx, "test-fail", {}));
    const before = Date.now();
    await runJobsOnce(catalogue);
    expect(calls).toBe(1);
    const [retry] = await db.$queryRaw<{ run_at: Date; payload: { _failures: number } }[]>`
      SELECT "run_at", "payload" FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t."id" = j."task_id" WHERE t."identifier" = 'test-fail'`;
    expect(retry.payload._failures).toBe(1);
    expect(retry.run_at.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(1) - 1000);
    // Its time comes: the second failure is the last.
    await db.$executeRaw`UPDATE graphile_worker._private_jobs SET "run_at" = now()
      WHERE "task_id" = (SELECT "id" FROM graphile_worker._private_tasks WHERE "identifier" = 'test-fail')`;
    await runJobsOnce(catalogue);
    expect(calls).toBe(2);
    expect(await waitingJobs("test-fail")).toBe(0);
  });

  it("have one policy: 30 s doubling up to 6 h, or what the record says (RetryLater)", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(6 * 3_600_000);
    expect(new RetryLater("x", 3).attempts).toBe(3);
  });
});
