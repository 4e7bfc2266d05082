// The daily jobs that fan out (lib/jobs/fan-out.ts) in the database tests, run as the runner runs
// them: the scheduled job's fan-out for a given day, then the items' jobs that are due, through the
// catalogue's own definitions and the runner's retry policy (runJobsOnce). And a way to make one
// item fail: PostgreSQL refusing the e-mail of one address (a trigger), as a constraint would.
import { randomBytes } from "node:crypto";
import { db } from "@memorial/lib/db/client";
import { type FanOutOutcome, fanOut, type ItemJobs } from "@memorial/lib/jobs/fan-out";
import { runJobsOnce } from "@memorial/lib/jobs/tasks";
import { jobCatalogue } from "@memorial/lib/service/job-catalogue";
import { afterEach, beforeEach } from "vitest";

// No SMTP: the items' jobs write to the outbox, nothing leaves.
const catalogue = jobCatalogue({ consumers: [], smtpUrl: "" });

/**
 * The jobs' links start with APP_URL: the file's tests run with it set to `origin`, deleted after
 * each test with `alsoDeleted`, the settings its tests change.
 */
export function appUrlForEachTest(origin: string, ...alsoDeleted: string[]) {
  beforeEach(() => {
    process.env.APP_URL = origin;
  });
  afterEach(() => {
    for (const name of ["APP_URL", ...alsoDeleted]) delete process.env[name];
  });
}

/** Runs the jobs of `task` that are due (other tests' items of the same task included). */
export function runItemJobs(task: string): Promise<void> {
  const definition = catalogue.jobs[task];
  if (!definition) throw new Error(`no job ${task} in the catalogue`);
  return runJobsOnce({ [task]: definition });
}

/** The schedule's run: the items' jobs added (those without a job of their key), then run. */
export async function runDaily<Row>(items: ItemJobs<Row>): Promise<FanOutOutcome> {
  const outcome = await fanOut(items);
  await runItemJobs(items.task);
  return outcome;
}

export interface WaitingJob {
  id: bigint;
  key: string;
  payload: Record<string, unknown>;
  runAt: Date;
  priority: number;
}

/** The jobs (waiting, or waiting for their retry) of these keys, by key. */
export function jobsOfKeys(keys: string[]): Promise<WaitingJob[]> {
  return db.$queryRaw<WaitingJob[]>`
    SELECT id, key, payload, run_at AS "runAt", priority FROM graphile_worker._private_jobs
    WHERE key = ANY(${keys}::text[]) ORDER BY key, id`;
}

/** Makes a job of these keys due now (its retry's wait over). */
export async function makeDue(keys: string[]): Promise<void> {
  await db.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ANY(${keys}::text[])`;
}

/**
 * From now until the returned function is called, PostgreSQL refuses to write an e-mail to
 * `address` to the outbox: the transaction of the item that writes it fails, as it would on a
 * constraint its data breaks.
 */
export async function refuseMailTo(address: string): Promise<() => Promise<void>> {
  const name = `refuse_mail_${randomBytes(4).toString("hex")}`;
  const literal = `'${address.replaceAll("'", "''")}'`;
  await db.$executeRawUnsafe(`CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW."to_address" = ${literal} THEN
        RAISE EXCEPTION 'the test refuses e-mails to %', NEW."to_address";
      END IF;
      RETURN NEW;
    END $$`);
  await db.$executeRawUnsafe(
    `CREATE TRIGGER "${name}" BEFORE INSERT ON "outgoing_email" FOR EACH ROW EXECUTE FUNCTION "${name}"()`,
  );
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS "${name}" ON "outgoing_email"`);
    await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS "${name}"()`);
  };
}
