// The one runner of the background work: graphile-worker on the service's PostgreSQL (its tables
// in schema graphile_worker). A job is a row added in the transaction of what it is for (SQL
// function graphile_worker.add_job: `enqueue` below, or a trigger, see the migration
// 20261125153700_jobs), so a rolled-back transaction leaves no job and a committed one cannot lose
// it. Every instance runs the runner: PostgreSQL's LISTEN/NOTIFY wakes a worker as soon as a job
// is committed, and a job is locked by one worker at a time (several instances share the work,
// none does a job twice at once).
//
// The kinds of jobs, how many attempts each gets and the scheduled (cron-like) ones are the
// catalogue (lib/service/job-catalogue.ts); the retry policy is lib/jobs/retry.ts.
//
// A process killed with SIGKILL cannot unlock the jobs it held: graphile-worker would leave them
// locked for 4 hours. Here each worker holds a PostgreSQL advisory lock named after it, on a
// connection of its process, for as long as it lives; the job `unlock-dead-workers` (at start and
// every minute, on any instance) unlocks the jobs of workers whose lock is gone, which then run
// again at once.
import { EventEmitter } from "node:events";
import {
  databaseAnswers,
  databaseUp,
  isConnectionError,
  reportDatabaseFailure,
} from "@memorial/lib/db/health";
import { componentLogger } from "@memorial/lib/log";
import { inSpan } from "@memorial/lib/observability/spans";
import { settings } from "@memorial/lib/settings";
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
const graphileLogger = new Logger((scope) => (level, message, meta) => {
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
      await inSpan(`job ${name}`, { "job.task": name, "job.id": String(helpers.job.id) }, () =>
        definition.run(payload as never, helpers),
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
        // Its key, queue and priority kept: a scheduled job's retry still runs alone (issue 28.9),
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

function taskListOf(catalogue: JobCatalogue, track?: Track): TaskList {
  const list: TaskList = {};
  for (const [name, definition] of Object.entries(catalogue)) list[name] = taskOf(name, definition, track);
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
  componentLogger("jobs").warn(
    { workers },
    `unlocked the jobs of ${workers.length} worker(s) that died: ${workers.join(", ")}`,
  );
  return workers.length;
}

/** What /readyz and the launcher read of the runner. */
export interface JobRunnerStatus {
  /**
   * running: its workers take jobs; recovering: a failure stopped them and new ones start as soon
   * as the database answers; failed: it could not come back (the service exits); stopping, stopped.
   */
  state: "running" | "recovering" | "failed" | "stopping" | "stopped";
  /** Workers alive now, each holding its liveness lock, and how many there should be. */
  workers: number;
  expected: number;
  /** Failures recovered from since the start. */
  restarts: number;
}

export interface JobRunner {
  /** Stops taking jobs, lets those in hand finish (bounded), then closes its connections. */
  stop(): Promise<void>;
  status(): JobRunnerStatus;
  /** Settles when the runner cannot come back: the launcher then ends the service, non-zero. */
  failed: Promise<Error>;
}

export interface JobRunnerOptions {
  catalogue: JobCatalogue;
  schedules?: Schedule[];
  workers?: number;
  connectionString?: string;
  /** Called when stopping, once no new job is taken (e.g. to cut webhook deliveries in progress). */
  beforeStop?: () => void;
  /** How long a failed runner waits for the database before giving up (JOB_RECOVERY_SECONDS, 300). */
  recoveryLimitMs?: number;
  /** How long stopping waits for the jobs in hand (default 20 s). */
  stopTimeoutMs?: number;
  /** Called each time a generation of workers has started (e.g. to wake the events' dispatching). */
  onStarted?: () => void;
}

/** One set of workers, their graphile-worker runner, pool and liveness connection. */
interface Generation {
  runner: Runner;
  pool: pg.Pool;
  liveness: pg.Client;
  /** Every worker it made, and those alive now. */
  workerIds: Set<string>;
  alive: Set<string>;
  /** Jobs running now, by the id of the worker that runs each. */
  inFlight: Map<Promise<unknown>, string>;
  ending: boolean;
  /** A failure met while it was starting. */
  startError?: unknown;
}

/** How long the jobs in hand of a stopping runner run before the catalogue's interrupt. */
const CUT_AFTER_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `promise`, or undefined after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Starts the runner of this process: `workers` jobs at a time (JOB_WORKERS, default 8), the
 * catalogue's jobs and schedules; throws when it cannot start (the database unreachable included).
 *
 * The runner is supervised (issue 34.1). graphile-worker 0.16 does not come back by itself from a
 * database that goes away: its scheduler rejects at the first minute it cannot record (and the
 * whole runner stops with it), a worker that cannot record the outcome of its job exits and is not
 * replaced (its job, and the queue of that job, stay locked by it), and the liveness connection
 * below dies with the database's restart. Each of these ends the current generation of workers:
 * it is stopped (the jobs in hand finish, bounded), and as soon as the database answers the jobs
 * its workers still held are unlocked (they are this process's own workers, known gone: no need to
 * wait for `unlock-dead-workers`) and a new generation starts, with new workers and their liveness
 * locks. Logged once per failure and once on return. A runner that cannot come back within
 * `recoveryLimitMs` (or fails to start for another reason than the database) settles `failed`.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const connectionString = options.connectionString ?? requireUrl();
  const concurrency = options.workers ?? settings().JOB_WORKERS;
  const recoveryLimitMs = options.recoveryLimitMs ?? settings().JOB_RECOVERY_SECONDS * 1000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 20_000;
  const log = componentLogger("jobs");
  const schedules = [...(options.schedules ?? []), { task: "unlock-dead-workers", cron: "* * * * *" }];
  const parsedCronItems = parseCronItems(
    schedules.map((s) => ({
      task: s.task,
      match: s.cron,
      payload: s.payload,
      identifier: s.task,
      options: { backfillPeriod: 0, queueName: s.queue, jobKey: s.key },
    })),
  );

  let state: JobRunnerStatus["state"] = "running";
  let restarts = 0;
  let current: Generation | null = null;
  const stopping = new AbortController();
  let giveUp!: (error: Error) => void;
  const failed = new Promise<Error>((resolve) => {
    giveUp = resolve;
  });

  async function startGeneration(): Promise<Generation> {
    // The liveness locks of this generation's workers, on a connection of its own.
    const liveness = new pg.Client({ connectionString, application_name: "memorial-jobs-liveness" });
    const pool = new pg.Pool({ connectionString, max: concurrency + 2, connectionTimeoutMillis: 10_000 });
    const generation: Generation = {
      runner: undefined as unknown as Runner,
      pool,
      liveness,
      workerIds: new Set(),
      alive: new Set(),
      inFlight: new Map(),
      ending: false,
    };
    liveness.on("error", (error) => fail(generation, "the workers' liveness connection was lost", error));
    liveness.on("end", () => fail(generation, "the workers' liveness connection ended"));
    // An error of an idle connection of the runner's pool (the database restarting) is reported,
    // never an uncaught 'error' event; graphile-worker takes another connection.
    pool.on("error", (error) => {
      if (isConnectionError(error)) reportDatabaseFailure(error);
      else log.error({ err: error }, "job runner: database connection error");
    });
    try {
      await liveness.connect();
      const events: WorkerEvents = new EventEmitter() as WorkerEvents;
      // One statement at a time on the connection.
      let locking: Promise<unknown> = Promise.resolve();
      events.on("worker:create", ({ worker }) => {
        generation.workerIds.add(worker.workerId);
        generation.alive.add(worker.workerId);
        locking = locking
          .then(() =>
            liveness.query("SELECT pg_advisory_lock($1, hashtext($2))", [LIVENESS_LOCK, worker.workerId]),
          )
          .catch((error) => fail(generation, "a worker's liveness lock could not be taken", error));
      });
      events.on("worker:stop", ({ worker, error }) => {
        generation.alive.delete(worker.workerId);
        if (error) fail(generation, `worker ${worker.workerId} stopped`, error);
      });
      events.on("worker:fatalError", ({ worker, error }) =>
        fail(generation, `worker ${worker.workerId} could not record the outcome of its job`, error),
      );
      generation.runner = await run({
        pgPool: pool,
        schema: JOB_SCHEMA,
        concurrency,
        noHandleSignals: true,
        pollInterval: 2000,
        logger: graphileLogger,
        events,
        taskList: taskListOf(options.catalogue, (job, running) => {
          generation.inFlight.set(running, job.locked_by ?? "");
          const done = () => void generation.inFlight.delete(running);
          running.then(done, done);
        }),
        parsedCronItems,
      });
      // The runner's end, by an error (its scheduler's included) or not, is a failure unless asked.
      generation.runner.promise.then(
        () => fail(generation, "the runner stopped"),
        (error) => fail(generation, "the runner stopped on an error", error),
      );
      await locking;
      if (generation.startError) throw generation.startError;
      if (generation.alive.size < concurrency) throw new Error("the job runner's workers did not all start");
      // Jobs left locked by a process that died are taken back now, not at the next minute.
      await unlockDeadWorkers(liveness).catch((error) =>
        log.error({ err: error }, "job runner: unlock failed"),
      );
      return generation;
    } catch (error) {
      generation.ending = true;
      await endGeneration(generation);
      throw error;
    }
  }

  /** Stops a generation: no new job, the jobs in hand finish (bounded), connections closed. */
  async function endGeneration(generation: Generation, cut?: () => void) {
    generation.ending = true;
    if (generation.runner) {
      const stopped = generation.runner.stop().catch(() => {});
      // The jobs in hand get a moment to finish; then what can be taken up again is cut (a
      // webhook delivery goes back to the queue) before a SIGKILL can come.
      if (
        cut &&
        (await within(
          stopped.then(() => true),
          CUT_AFTER_MS,
        )) === undefined
      )
        cut();
      else cut?.();
      await within(stopped, stopTimeoutMs);
    }
    await within(Promise.allSettled(generation.inFlight.keys()), stopTimeoutMs);
    await within(
      generation.pool.end().catch(() => {}),
      5_000,
    );
    await within(
      generation.liveness.end().catch(() => {}),
      5_000,
    );
  }

  function fail(generation: Generation, reason: string, error?: unknown) {
    if (generation.ending || stopping.signal.aborted) return;
    if (isConnectionError(error)) reportDatabaseFailure(error);
    if (generation !== current) {
      // Still starting: startGeneration throws this, and the recovery tries again.
      generation.ending = true;
      generation.startError = error ?? new Error(reason);
      return;
    }
    generation.ending = true;
    state = "recovering";
    restarts++;
    const connection = isConnectionError(error) || !databaseUp();
    log.error(
      connection ? { reason, error: (error as Error | undefined)?.message } : { reason, err: error },
      `job runner: ${reason}; its workers are replaced as soon as the database answers`,
    );
    void recover(generation);
  }

  async function recover(failedGeneration: Generation) {
    const began = Date.now();
    await endGeneration(failedGeneration);
    const deadline = began + recoveryLimitMs;
    while (!stopping.signal.aborted) {
      const remaining = deadline - Date.now();
      if (remaining <= 0 || !(await databaseAnswers(remaining, stopping.signal))) break;
      if (stopping.signal.aborted) return;
      try {
        // The jobs (and queues) the failed workers still held: ours, and none of them runs now.
        const stillRunning = new Set(failedGeneration.inFlight.values());
        const gone = [...failedGeneration.workerIds].filter((id) => !stillRunning.has(id));
        if (gone.length) await forceUnlock(connectionString, gone);
        current = await startGeneration();
        if (stopping.signal.aborted) return void (await endGeneration(current, options.beforeStop));
        state = "running";
        log.warn(
          { downForMs: Date.now() - began, workers: current.alive.size },
          `job runner running again after ${((Date.now() - began) / 1000).toFixed(1)} s: ` +
            `${current.alive.size} workers, their liveness locks taken`,
        );
        options.onStarted?.();
        return;
      } catch (error) {
        if (stopping.signal.aborted) return;
        // Tried again until the deadline: the database may answer and still be starting up.
        if (isConnectionError(error)) reportDatabaseFailure(error);
        else log.error({ err: error }, "job runner: could not start again; trying again");
        await sleep(1000);
      }
    }
    if (stopping.signal.aborted) return;
    state = "failed";
    const error = new Error(
      `the job runner could not start again within ${Math.round(recoveryLimitMs / 1000)} s: the database does not answer`,
    );
    log.fatal(error.message);
    giveUp(error);
  }

  current = await startGeneration();
  options.onStarted?.();

  return {
    failed,
    status() {
      return { state, workers: current?.alive.size ?? 0, expected: concurrency, restarts };
    },
    async stop() {
      if (stopping.signal.aborted) return;
      stopping.abort();
      state = "stopping";
      const generation = current;
      // The workers take no new job from here on; then what is in progress is cut, if it can be.
      if (generation && !generation.ending) await endGeneration(generation, options.beforeStop);
      else options.beforeStop?.();
      state = "stopped";
    },
  };
}

/** Unlocks the jobs and queues held by these workers of this process, known to be gone. */
async function forceUnlock(connectionString: string, workerIds: string[]): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query(`SELECT ${JOB_SCHEMA}.force_unlock_workers($1::text[])`, [workerIds]);
  } finally {
    await client.end().catch(() => {});
  }
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
    logger: graphileLogger,
    taskList: taskListOf(catalogue),
  });
}

function requireUrl(): string {
  const url = settings().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return url;
}
