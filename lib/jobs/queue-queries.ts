// The job queue as the command line's `jobs list` and `jobs run` read and feed it: graphile-worker's
// own tables, in its schema. This module loads neither graphile-worker nor the runner (tasks.ts), so
// that a command that does not run jobs starts without them.
import { db } from "@memorial/lib/db/client";
import type { Schedule } from "./tasks";

/** graphile-worker's schema (tasks.ts's JOB_SCHEMA, written again here so as not to load tasks.ts). */
const JOB_SCHEMA = "graphile_worker";

/** The last time each schedule added its job, by task (any instance); absent: never since the database exists. */
export async function lastScheduledRuns(): Promise<Map<string, Date | null>> {
  const known = await db.$queryRawUnsafe<{ identifier: string; last_execution: Date | null }[]>(
    `SELECT identifier, last_execution FROM ${JOB_SCHEMA}._private_known_crontabs`,
  );
  return new Map(known.map((k) => [k.identifier, k.last_execution]));
}

/** Adds the schedule's job as the schedule adds it: its queue (one at a time) and its key (one waiting). Its id. */
export async function addScheduledJob(schedule: Schedule): Promise<string> {
  const [added] = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text AS "id" FROM graphile_worker.add_job(${schedule.task},
      ${JSON.stringify(schedule.payload ?? {})}::json,
      queue_name := ${schedule.queue ?? null}::text, job_key := ${schedule.key ?? null}::text)`;
  return added!.id;
}

/** The job of this id while it is in the queue (taken by a worker: `locked`); undefined once it is done. */
export async function queuedJob(jobId: string): Promise<{ locked: boolean } | undefined> {
  return (
    await db.$queryRawUnsafe<{ locked: boolean }[]>(
      `SELECT locked_at IS NOT NULL AS "locked" FROM ${JOB_SCHEMA}._private_jobs WHERE id = $1::bigint`,
      jobId,
    )
  )[0];
}

/**
 * A retry of the task added since `since` (a job whose payload counts its failures, tasks.ts):
 * its id, or undefined. How a run by another process shows that it failed.
 */
export async function retryAddedSince(task: string, since: Date): Promise<string | undefined> {
  const [retry] = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT j.id::text AS "id" FROM ${JOB_SCHEMA}._private_jobs j
     JOIN ${JOB_SCHEMA}._private_tasks t ON t.id = j.task_id
     WHERE t.identifier = $1 AND j.created_at >= $2 AND (j.payload->>'_failures') IS NOT NULL LIMIT 1`,
    task,
    since,
  );
  return retry?.id;
}
