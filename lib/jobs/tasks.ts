import { actingAs } from "@memorial/lib/audit/actor";
import { databaseUp, isConnectionError, reportDatabaseFailure } from "@memorial/lib/db/health";
import { componentLogger } from "@memorial/lib/log";
import { inSpan } from "@memorial/lib/observability/spans";
import { settings } from "@memorial/lib/settings";
import {
  type Job,
  type JobHelpers,
  Logger,
  runMigrations,
  runOnce,
  type Task,
  type TaskList,
} from "graphile-worker";
import pg from "pg";
import { unlockDeadWorkers } from "./liveness";
import { RetryLater, retryDelayMs } from "./retry";

export const JOB_SCHEMA = "graphile_worker";

export interface JobDefinition<P = Record<string, unknown>> {
  run(payload: P, helpers: JobHelpers): Promise<void>;
  /** Attempts before a job that keeps throwing is given up (default 10). */
  maxAttempts?: number;
}

export type JobCatalogue = Record<string, JobDefinition<never>>;

/** A scheduled job: `cron` in crontab syntax (UTC), e.g. "0 * * * *" for every hour. */
export interface Schedule {
  task: string;
  cron: string;
  payload?: Record<string, unknown>;
  /** As enqueue's: jobs of one queue run one at a time; a key keeps one of them waiting. */
  queue?: string;
  key?: string;
  /** The task of the per-item jobs it adds, if it fans out (lib/jobs/fan-out.ts; `jobs run` runs them). */
  items?: string;
}

/** Creates or updates graphile-worker's schema (lib/service/migrate.ts calls it before ours). */
export async function migrateJobs(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, schema: JOB_SCHEMA, logger: graphileLogger });
}

/**
 * graphile-worker's own messages: warnings and errors only, through the service's logger. While
 * the database is away its errors say so every few seconds (a LISTEN retried, a lock reset that
 * failed): those are debug lines, the outage being said once by lib/db/health.ts.
 */
export const graphileLogger = new Logger((scope) => (level, message, meta) => {
  if (level !== "error" && level !== "warning") return;
  const log = componentLogger("jobs");
  const error = (meta as { error?: unknown; fatalError?: unknown } | undefined)?.error ?? meta?.fatalError;
  if (isConnectionError(error) || !databaseUp()) {
    if (isConnectionError(error)) reportDatabaseFailure(error);
    log.debug({ task: scope.taskIdentifier }, `graphile-worker: ${message}`);
  } else if (level === "error") log.error({ task: scope.taskIdentifier }, `graphile-worker: ${message}`);
  else log.warn(`graphile-worker: ${message}`);
});

/**
 * Wraps a definition with the retry policy: a failed job is added again, due after the policy's
 * wait. A job that failed because the database went away is not a failure of its own: it is
 * thrown on, and graphile-worker (or, if it cannot record that, the runner's supervisor) gives it
 * back to the queue, without counting it against the job's attempts of the policy.
 */
function taskOf(name: string, definition: JobDefinition<never>, track?: Track): Task {
  const attempt = async (rawPayload: unknown, helpers: JobHelpers) => {
    const log = componentLogger("jobs");
    const payload = (rawPayload ?? {}) as Record<string, unknown> & { _failures?: number };
    try {
      // A span per job when tracing is on (lib/observability/spans.ts).
      // The audit log names the job as the actor of what it changes, unless the job records the
      // person it acts for (a family's erasure, a visitor's payment) in its entry.
      await inSpan(`job ${name}`, { "job.task": name, "job.id": String(helpers.job.id) }, () =>
        actingAs({ kind: "system", name: `job ${name}` }, () => definition.run(payload as never, helpers)),
      );
    } catch (error) {
      if (isConnectionError(error)) {
        reportDatabaseFailure(error);
        throw error;
      }
      const { job } = helpers;
      const failures = error instanceof RetryLater ? error.attempts : (Number(payload._failures) || 0) + 1;
      const max = definition.maxAttempts ?? 10;
      if (!(error instanceof RetryLater) && failures >= max) {
        log.error(
          { task: name, job: job.id, jobKey: keyOf(job), err: error },
          `${name} (job ${job.id}) failed ${failures} times, given up`,
        );
        return;
      }
      const delay = retryDelayMs(failures);
      log.error(
        { task: name, job: job.id, jobKey: keyOf(job), err: error instanceof RetryLater ? undefined : error },
        `${name} (job ${job.id}) failed (${failures}), next attempt in ${Math.round(delay / 1000)} s` +
          (error instanceof RetryLater ? `: ${error.message}` : ""),
      );
      await helpers.addJob(
        name,
        { ...payload, _failures: failures },
        // Its key, queue and priority kept: a scheduled job's retry still runs alone,
        // a daily job's item still after the e-mails and webhooks (lib/jobs/fan-out.ts).
        {
          runAt: new Date(Date.now() + delay),
          jobKey: keyOf(job),
          queueName: queueOf(job),
          priority: job.priority,
        },
      );
    }
  };
  return (payload, helpers) => {
    const running = attempt(payload, helpers);
    track?.(helpers.job, running);
    return running;
  };
}

/** Told of each job a worker runs, with the promise of its run. */
type Track = (job: Job, running: Promise<unknown>) => void;

function queueOf(job: Job): string | undefined {
  return (job as Job & { queue_name?: string | null }).queue_name ?? undefined;
}

function keyOf(job: Job): string | undefined {
  return (job as Job & { key?: string | null }).key ?? undefined;
}

export function taskListOf(catalogue: JobCatalogue, track?: Track): TaskList {
  const list: TaskList = {};
  for (const [name, definition] of Object.entries(catalogue)) list[name] = taskOf(name, definition, track);
  list["unlock-dead-workers"] = async (_payload, helpers) => {
    await helpers.withPgClient((client) => unlockDeadWorkers(client));
  };
  return list;
}

/** How long runJobsOnce keeps looking for a due job that other processes' looks hid. */
const HIDDEN_JOB_WAIT_MS = 5_000;

/**
 * Runs every job due now (and those they add that are due now) until none is left, then returns:
 * tests, and the command line.
 *
 * graphile-worker looks for a job by locking the named queues it may take one from (FOR UPDATE
 * SKIP LOCKED): while another process looks, the jobs of every named queue are hidden, and runOnce
 * returns with one of them due and never taken. So it runs again while a job of the catalogue is
 * due, free and in a free queue, for HIDDEN_JOB_WAIT_MS at the most.
 */
export async function runJobsOnce(catalogue: JobCatalogue, connectionString?: string): Promise<void> {
  const url = connectionString ?? requireUrl();
  const options = {
    connectionString: url,
    schema: JOB_SCHEMA,
    concurrency: 1,
    noHandleSignals: true,
    logger: graphileLogger,
    taskList: taskListOf(catalogue),
  };
  const deadline = Date.now() + HIDDEN_JOB_WAIT_MS;
  for (;;) {
    await runOnce(options);
    if (Date.now() > deadline || !(await jobDue(url, Object.keys(catalogue)))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether a job of `tasks` is due now, neither running nor given up, in no queue that runs one. */
async function jobDue(connectionString: string, tasks: string[]): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT EXISTS (
         SELECT 1 FROM ${JOB_SCHEMA}._private_jobs j
         JOIN ${JOB_SCHEMA}._private_tasks t ON t.id = j.task_id
         LEFT JOIN ${JOB_SCHEMA}._private_job_queues q ON q.id = j.job_queue_id
         WHERE t.identifier = ANY($1::text[]) AND j.is_available AND j.run_at <= now()
           AND (q.id IS NULL OR q.is_available)) AS "due"`,
      [tasks],
    );
    return rows[0].due === true;
  } finally {
    await client.end();
  }
}

export function requireUrl(): string {
  const url = settings().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return url;
}
