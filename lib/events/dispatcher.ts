// The durable side of the domain events, run as the job `dispatch-events` (lib/jobs): each event
// not yet dispatched is taken by one process
// (FOR UPDATE SKIP LOCKED lets several instances share the work), in batches of events in order,
// handed to every durable consumer inside one transaction that also marks them dispatched, so a
// consumer's own writes (an e-mail in the outbox, webhook deliveries) happen exactly once per
// event. A crash before the
// commit leaves the event to the next pass. A consumer that keeps failing is retried on later
// passes and given up after MAX_ATTEMPTS, with its error kept on the event row.
import { db, Prisma, type Tx, transaction } from "@memorial/lib/db/client";
import { isConnectionError, reportDatabaseFailure } from "@memorial/lib/db/health";
import { enqueue } from "@memorial/lib/jobs/enqueue";
import { RetryLater } from "@memorial/lib/jobs/retry";
import type { DomainEventType } from "./event-types";
import { onEventSignals } from "./events";
import { ensureListening } from "./listener";
import type { StoredPayload } from "./payloads";

const MAX_ATTEMPTS = 10;

/** An event of type T as a consumer reads it: its payload is the type's (lib/events/payloads.ts). */
export interface StoredEventOf<T extends DomainEventType> {
  id: bigint;
  type: T;
  operatorId: number;
  memorialId: number | null;
  isTest: boolean;
  payload: StoredPayload<T>;
  createdAt: Date;
}

/** Any stored event: narrowing on `type` gives the payload of that type. */
export type StoredEvent = { [T in DomainEventType]: StoredEventOf<T> }[DomainEventType];

export type DurableConsumer = (tx: Tx, event: StoredEvent) => Promise<void>;

/**
 * Events taken in one transaction: under load one commit serves many events, not one each, while
 * the rows a batch holds (which the other instances skip) stay few.
 */
const BATCH = 20;

/** Which pending events a pass takes: every operator's, or one operator's alone. */
export interface DispatchOptions {
  /** Asked between batches: a stopping process finishes the batch in hand and leaves the rest. */
  stopping?: () => boolean;
  /**
   * Only this operator's events. The tests dispatch their own operator's events by hand, side by
   * side on one database: a pass over every event would hand another test's events to consumers
   * that are not theirs, and mark them dispatched.
   */
  operatorId?: number;
}

const ofOperator = (operatorId: number | undefined) =>
  operatorId === undefined ? Prisma.empty : Prisma.sql`AND "operator_id" = ${operatorId}`;

const selectEvents = (tx: Tx, after: bigint, limit: number, operatorId: number | undefined) =>
  tx.$queryRaw<
    StoredEvent[]
  >`SELECT "id", "type", "operator_id" AS "operatorId", "memorial_id" AS "memorialId",
    "is_test" AS "isTest", "payload", "created_at" AS "createdAt"
    FROM "domain_event" WHERE "dispatched_at" IS NULL AND "id" > ${after} ${ofOperator(operatorId)}
    ORDER BY "id" LIMIT ${limit} FOR UPDATE SKIP LOCKED`;

/**
 * Dispatches up to BATCH pending events after `after` in one transaction, in order. Returns the
 * last one's id and their number, null when there was none, or "failed" when a consumer failed (nothing of the
 * batch is kept: the events are then taken one at a time, to set the failing one aside).
 */
async function dispatchBatch(
  consumers: DurableConsumer[],
  after: bigint,
  operatorId: number | undefined,
): Promise<{ last: bigint; count: number } | null | "failed"> {
  try {
    return await transaction(async (tx) => {
      const events = await selectEvents(tx, after, BATCH, operatorId);
      if (events.length === 0) return null;
      for (const event of events) {
        for (const consume of consumers) await consume(tx, event);
      }
      const ids = events.map((event) => event.id);
      await tx.$executeRaw`UPDATE "domain_event" SET "dispatched_at" = now(), "attempts" = "attempts" + 1
                           WHERE "id" = ANY(${ids}::bigint[])`;
      return { last: ids[ids.length - 1]!, count: ids.length };
    });
  } catch {
    return "failed";
  }
}

async function dispatchOne(
  consumers: DurableConsumer[],
  after: bigint,
  operatorId: number | undefined,
): Promise<{ id: bigint; failedAttempts: number | null } | null> {
  try {
    return await transaction(async (tx) => {
      const [event] = await selectEvents(tx, after, 1, operatorId);
      if (!event) return null;
      for (const consume of consumers) await consume(tx, event);
      await tx.$executeRaw`UPDATE "domain_event" SET "dispatched_at" = now(), "attempts" = "attempts" + 1
                           WHERE "id" = ${event.id}`;
      return { id: event.id, failedAttempts: null };
    });
  } catch (error) {
    // The failed event's transaction rolled back; note the failure on it, outside, and move on.
    const [failed] = await db.$queryRaw<{ id: bigint; attempts: number }[]>`
      UPDATE "domain_event" SET "attempts" = "attempts" + 1, "last_error" = ${String(error).slice(0, 2000)},
             "dispatched_at" = CASE WHEN "attempts" + 1 >= ${MAX_ATTEMPTS} THEN now() END
      WHERE "id" = (SELECT "id" FROM "domain_event" WHERE "dispatched_at" IS NULL AND "id" > ${after}
                    ${ofOperator(operatorId)} ORDER BY "id" LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING "id", "attempts"`;
    console.error(
      `[events] dispatching event ${failed?.id ?? "?"} failed (attempt ${failed?.attempts ?? "?"})`,
      error,
    );
    return failed ? { id: failed.id, failedAttempts: failed.attempts } : null;
  }
}

/**
 * The job `dispatch-events` (added after the commits of events, see wakeDispatchOnEvents): dispatches
 * every pending event, in order, in batches; returns how many. A stopping process finishes the
 * batch in hand and leaves the rest to the other workers. When a consumer failed on an event that
 * has attempts left, it throws RetryLater: the job comes back after the retry policy's wait.
 */
export async function dispatchEvents(
  consumers: DurableConsumer[],
  { stopping = () => false, operatorId }: DispatchOptions = {},
): Promise<number> {
  let count = 0;
  let after = -1n;
  // After a failure, the rest of the pass goes one event at a time.
  let oneByOne = false;
  let failed: { id: bigint; attempts: number } | null = null;
  while (!stopping()) {
    const batch = oneByOne ? "failed" : await dispatchBatch(consumers, after, operatorId);
    if (batch === null) break;
    if (batch !== "failed") {
      after = batch.last;
      count += batch.count;
      // A short batch took every event committed before it; each later commit of events adds a
      // job after this one (see wakeDispatchOnEvents), so no last empty look is needed.
      if (batch.count < BATCH) break;
      continue;
    }
    // A consumer failed in the batch: the next event alone, whose failure is then noted on it.
    oneByOne = true;
    const step = await dispatchOne(consumers, after, operatorId);
    if (step === null) break;
    after = step.id;
    if (step.failedAttempts === null) count++;
    else if (step.failedAttempts < MAX_ATTEMPTS) failed ??= { id: step.id, attempts: step.failedAttempts };
  }
  if (failed) {
    throw new RetryLater(`event ${failed.id} failed (attempt ${failed.attempts})`, failed.attempts);
  }
  return count;
}

/** The job that dispatches: at most one waiting (its key), run one at a time (its queue). */
export const DISPATCH_JOB = "dispatch-events";
export const DISPATCH_JOB_OPTIONS = { queue: DISPATCH_JOB, key: DISPATCH_JOB } as const;

/** Adds the dispatching job, or merges into the one already waiting. */
export function requestDispatch(): Promise<void> {
  return enqueue(db, DISPATCH_JOB, {}, DISPATCH_JOB_OPTIONS);
}

/** The least time between two wakes of one process: under load, one pass serves many commits. */
const WAKE_INTERVAL_MS = 50;

/**
 * Wakes the dispatching after the commits of events, in a process that runs jobs: every process
 * that writes events notifies in its transaction (lib/events/events.ts): this process hears the
 * others' through LISTEN and its own at their commit. A wake adds the keyed job, which merges into the one
 * waiting; when that one is already running, graphile-worker adds another, so a commit heard
 * during a pass gets a pass after it. A wake per commit would cost a job's round trips per
 * planting (once a trigger did this: 25 % more work in the database per planting, measured),
 * hence at most one wake every WAKE_INTERVAL_MS, and always one after the last signal.
 *
 * A signal is lost only with its process (killed between its commit and its wake) or while no
 * process listens: the events stay pending in their table, and the scheduled `dispatch-events`
 * (every minute) and this function's first wake at start catch them up.
 */
export function wakeDispatchOnEvents(): () => void {
  let waking = false;
  let again = false;
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  const wake = () => {
    if (waking) {
      again = true;
      return;
    }
    waking = true;
    timer = setTimeout(
      async () => {
        again = false;
        last = Date.now();
        try {
          await requestDispatch();
        } catch (error) {
          // While the database is away, the listener's reset wakes it again on its return.
          if (isConnectionError(error)) reportDatabaseFailure(error);
          else
            console.error(
              "[events] could not wake the dispatching (the schedule will)",
              (error as Error).message,
            );
        } finally {
          waking = false;
          if (again) wake();
        }
      },
      Math.max(0, last + WAKE_INTERVAL_MS - Date.now()),
    );
  };
  // Every signal but the catalogue's (no event row) comes with events; a reset (listening
  // restarted) may hide some.
  const off = onEventSignals((signals) => {
    if (signals.some((signal) => signal.type !== "catalogue.changed")) wake();
  });
  void ensureListening();
  wake();
  return () => {
    off();
    clearTimeout(timer);
  };
}
