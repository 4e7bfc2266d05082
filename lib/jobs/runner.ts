// The one runner of the background work: graphile-worker on the service's PostgreSQL (its tables
// in schema graphile_worker). A job is a row added in the transaction of what it is for (SQL
// function graphile_worker.add_job: `enqueue` below, or a trigger, see the migration
// 20261125153700_jobs), so a rolled-back transaction leaves no job and a committed one cannot lose
// it. Every instance runs the runner: PostgreSQL's LISTEN/NOTIFY wakes a worker as soon as a job
// is committed, and a job is locked by one worker at a time (several instances share the work,
// none does a job twice at once).
//
// The kinds of jobs, how many attempts each gets and the scheduled (cron-like) ones are the
// catalogue (lib/jobs/catalogue.ts); the retry policy is lib/jobs/retry.ts.
//
// A process killed with SIGKILL cannot unlock the jobs it held: graphile-worker would leave them
// locked for 4 hours. Here each worker holds a PostgreSQL advisory lock named after it, on a
// connection of its process, for as long as it lives; the job `unlock-dead-workers` (at start and
// every minute, on any instance) unlocks the jobs of workers whose lock is gone, which then run
// again at once.
import { EventEmitter } from "node:events";
import {
  type Job,
  type JobHelpers,
  Logger,
  parseCronItems,
  type Runner,
  run,
  runMigrations,
  runOnce,
  type Task,
  type TaskList,
  type WorkerEvents,
} from "graphile-worker";
import pg from "pg";
import { inSpan } from "@/lib/observability/spans";
import { settings } from "@/lib/settings";
import { RetryLater, retryDelayMs } from "./retry";

export { enqueue } from "./enqueue";

export const JOB_SCHEMA = "graphile_worker";
/** Advisory lock class of the workers' liveness locks (any constant of the service). */
const LIVENESS_LOCK = 7_240_320;
/** A job locked for less than this is never taken from its worker (it may be just starting). */
const UNLOCK_GRACE_SECONDS = 10;

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
}

/** Creates or updates graphile-worker's schema (lib/db/migrate.ts calls it before ours). */
export async function migrateJobs(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, schema: JOB_SCHEMA, logger: quietLogger });
}

/** graphile-worker's own messages: warnings and errors only. */
const quietLogger = new Logger((scope) => (level, message) => {
  if (level === "error") console.error(`[jobs] ${message}`, scope.taskIdentifier ?? "");
  else if (level === "warning") console.warn(`[jobs] ${message}`);
});

/** Wraps a definition with the retry policy: a failed job is added again, due after the policy's wait. */
function taskOf(name: string, definition: JobDefinition<never>): Task {
  return async (rawPayload, helpers) => {
    const payload = (rawPayload ?? {}) as Record<string, unknown> & { _failures?: number };
    try {
      // A span per job when tracing is on (lib/observability/spans.ts).
      await inSpan(`job ${name}`, { "job.task": name, "job.id": String(helpers.job.id) }, () =>
        definition.run(payload as never, helpers),
      );
    } catch (error) {
      const { job } = helpers;
      const failures = error instanceof RetryLater ? error.attempts : (Number(payload._failures) || 0) + 1;
      const max = definition.maxAttempts ?? 10;
      if (!(error instanceof RetryLater) && failures >= max) {
        console.error(`[jobs] ${name} (job ${job.id}) failed ${failures} times, given up:`, error);
        return;
      }
      const delay = retryDelayMs(failures);
      console.error(
        `[jobs] ${name} (job ${job.id}) failed (${failures}), next attempt in ${Math.round(delay / 1000)} s:`,
        error instanceof RetryLater ? error.message : error,
      );
      await helpers.addJob(
        name,
        { ...payload, _failures: failures },
        { runAt: new Date(Date.now() + delay), jobKey: keyOf(job) },
      );
    }
  };
}

function keyOf(job: Job): string | undefined {
  return (job as Job & { key?: string | null }).key ?? undefined;
}

function taskListOf(catalogue: JobCatalogue): TaskList {
  const list: TaskList = {};
  for (const [name, definition] of Object.entries(catalogue)) list[name] = taskOf(name, definition);
  list["unlock-dead-workers"] = async (_payload, helpers) => {
    await helpers.withPgClient((client) => unlockDeadWorkers(client));
  };
  return list;
}

/** Unlocks the jobs locked by workers whose process is gone (their liveness lock with it). */
export async function unlockDeadWorkers(client: Pick<pg.Client, "query">): Promise<number> {
  const { rows } = await client.query<{ workers: string[] | null }>(
    `SELECT array_agg(DISTINCT j.locked_by) AS "workers"
     FROM ${JOB_SCHEMA}.jobs j
     WHERE j.locked_by IS NOT NULL AND j.locked_at < now() - make_interval(secs => $2)
       AND NOT EXISTS (
         SELECT 1 FROM pg_locks l
         WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND l.classid = $1::int::oid AND l.objid = hashtext(j.locked_by)::oid)`,
    [LIVENESS_LOCK, UNLOCK_GRACE_SECONDS],
  );
  const workers = rows[0]?.workers ?? [];
  if (workers.length === 0) return 0;
  await client.query(`SELECT ${JOB_SCHEMA}.force_unlock_workers($1::text[])`, [workers]);
  console.warn(`[jobs] unlocked the jobs of ${workers.length} worker(s) that died: ${workers.join(", ")}`);
  return workers.length;
}

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Starts the runner of this process: `workers` jobs at a time (JOB_WORKERS, default 8), the
 * catalogue's jobs and schedules.
 */
export async function startJobRunner(options: {
  catalogue: JobCatalogue;
  schedules?: Schedule[];
  workers?: number;
  connectionString?: string;
  /** Called when stopping, once no new job is taken (e.g. to cut webhook deliveries in progress). */
  beforeStop?: () => void;
}): Promise<JobRunner> {
  const connectionString = options.connectionString ?? requireUrl();
  // The liveness locks of this process's workers, on a connection of its own.
  const liveness = new pg.Client({ connectionString, application_name: "memorial-jobs-liveness" });
  liveness.on("error", (error) => console.error("[jobs] liveness connection lost", error.message));
  await liveness.connect();
  const events: WorkerEvents = new EventEmitter() as WorkerEvents;
  // One statement at a time on the connection.
  let locking: Promise<unknown> = Promise.resolve();
  events.on("worker:create", ({ worker }) => {
    locking = locking.then(() =>
      liveness.query("SELECT pg_advisory_lock($1, hashtext($2))", [LIVENESS_LOCK, worker.workerId]),
    );
  });
  const schedules = [...(options.schedules ?? []), { task: "unlock-dead-workers", cron: "* * * * *" }];
  const concurrency = options.workers ?? settings().JOB_WORKERS;
  // The runner's pool is ours: an error of an idle connection (the database restarting) is
  // reported, never an uncaught 'error' event.
  const pool = new pg.Pool({ connectionString, max: concurrency + 2 });
  pool.on("error", (error) => console.error("[jobs] database connection lost:", error.message));
  const runner: Runner = await run({
    pgPool: pool,
    schema: JOB_SCHEMA,
    concurrency,
    noHandleSignals: true,
    pollInterval: 2000,
    logger: quietLogger,
    events,
    taskList: taskListOf(options.catalogue),
    parsedCronItems: parseCronItems(
      schedules.map((s) => ({
        task: s.task,
        match: s.cron,
        payload: s.payload,
        identifier: s.task,
        options: { backfillPeriod: 0, queueName: s.queue, jobKey: s.key },
      })),
    ),
  });
  await locking;
  // Jobs left locked by a process that died are taken back now, not at the next minute.
  await unlockDeadWorkers(liveness).catch((error) => console.error("[jobs] unlock failed", error));
  return {
    async stop() {
      // The workers take no new job from here on; then what is in progress is cut, if it can be.
      const stopped = runner.stop().catch((error) => console.error("[jobs] stop failed", error));
      options.beforeStop?.();
      await stopped;
      await pool.end().catch(() => {});
      await liveness.end().catch(() => {});
    },
  };
}

/**
 * Runs every job due now (and those they add that are due now) until none is left, then returns:
 * tests, and the command line.
 */
export async function runJobsOnce(catalogue: JobCatalogue, connectionString?: string): Promise<void> {
  await runOnce({
    connectionString: connectionString ?? requireUrl(),
    schema: JOB_SCHEMA,
    concurrency: 1,
    noHandleSignals: true,
    logger: quietLogger,
    taskList: taskListOf(catalogue),
  });
}

function requireUrl(): string {
  const url = settings().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return url;
}
