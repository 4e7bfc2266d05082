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
import { settings } from "@memorial/lib/settings";
import { parseCronItems, type Runner, run, type WorkerEvents } from "graphile-worker";
import pg from "pg";
import { LIVENESS_LOCK, unlockDeadWorkers } from "./liveness";
import {
  graphileLogger,
  JOB_SCHEMA,
  type JobCatalogue,
  requireUrl,
  type Schedule,
  taskListOf,
} from "./tasks";

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
 * The runner is supervised. graphile-worker 0.16 does not come back by itself from a
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
