// The durable side of the domain events: each event not yet dispatched is taken by one process
// (FOR UPDATE SKIP LOCKED lets several instances share the work), in batches of events in order,
// handed to every durable consumer inside one transaction that also marks them dispatched, so a
// consumer's own writes (an e-mail in the outbox, webhook deliveries) happen exactly once per
// event. A crash before the
// commit leaves the event to the next pass. A consumer that keeps failing is retried on later
// passes and given up after MAX_ATTEMPTS, with its error kept on the event row.
import { db, type Tx, transaction } from "@/lib/db/client";
import { startWokenLoop } from "@/lib/db/woken-loop";
import { type DomainEventType, EVENT_CHANNEL } from "./events";

export const MAX_ATTEMPTS = 10;

export interface StoredEvent {
  id: bigint;
  type: DomainEventType;
  operatorId: number;
  memorialId: number | null;
  isTest: boolean;
  payload: Record<string, unknown>;
  createdAt: Date;
}

export type DurableConsumer = (tx: Tx, event: StoredEvent) => Promise<void>;

export interface EventDispatcher {
  /** Dispatches every pending event now (tests, and the loop itself); returns how many. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Events taken in one transaction: under load one commit serves many events, not one each, while
 * the rows a batch holds (which the other instances skip) stay few.
 */
const BATCH = 20;

const SELECT_EVENTS = `SELECT "id", "type", "operator_id" AS "operatorId", "memorial_id" AS "memorialId",
  "is_test" AS "isTest", "payload", "created_at" AS "createdAt"
  FROM "domain_event" WHERE "dispatched_at" IS NULL AND "id" > $1
  ORDER BY "id" LIMIT $2 FOR UPDATE SKIP LOCKED`;

/**
 * Dispatches up to BATCH pending events after `after` in one transaction, in order. Returns the
 * last one's id and their number, null when there was none, or "failed" when a consumer failed (nothing of the
 * batch is kept: the events are then taken one at a time, to set the failing one aside).
 */
async function dispatchBatch(
  consumers: DurableConsumer[],
  after: bigint,
): Promise<{ last: bigint; count: number } | null | "failed"> {
  try {
    return await transaction(async (tx) => {
      const events = await tx.$queryRawUnsafe<StoredEvent[]>(SELECT_EVENTS, after, BATCH);
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

async function dispatchOne(consumers: DurableConsumer[], after: bigint): Promise<bigint | null> {
  try {
    return await transaction(async (tx) => {
      const [event] = await tx.$queryRawUnsafe<StoredEvent[]>(SELECT_EVENTS, after, 1);
      if (!event) return null;
      for (const consume of consumers) await consume(tx, event);
      await tx.$executeRaw`UPDATE "domain_event" SET "dispatched_at" = now(), "attempts" = "attempts" + 1
                           WHERE "id" = ${event.id}`;
      return event.id;
    });
  } catch (error) {
    // The failed event's transaction rolled back; note the failure on it, outside, and move on.
    const [failed] = await db.$queryRaw<{ id: bigint; attempts: number }[]>`
      UPDATE "domain_event" SET "attempts" = "attempts" + 1, "last_error" = ${String(error).slice(0, 2000)},
             "dispatched_at" = CASE WHEN "attempts" + 1 >= ${MAX_ATTEMPTS} THEN now() END
      WHERE "id" = (SELECT "id" FROM "domain_event" WHERE "dispatched_at" IS NULL AND "id" > ${after}
                    ORDER BY "id" LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING "id", "attempts"`;
    console.error(
      `[events] dispatching event ${failed?.id ?? "?"} failed (attempt ${failed?.attempts ?? "?"})`,
      error,
    );
    return failed?.id ?? null;
  }
}

export function startEventDispatcher(
  consumers: DurableConsumer[],
  options: { intervalMs?: number; listen?: boolean } = {},
): EventDispatcher {
  // NOTIFY of a new event wakes the dispatcher at once; the timer is the fallback.
  return startWokenLoop({
    name: "events",
    channel: EVENT_CHANNEL,
    intervalMs: options.intervalMs ?? Number(process.env.MAIL_POLL_MS || 1000),
    listen: options.listen,
    async pass(stopping) {
      let count = 0;
      let after = -1n;
      // A stopping process finishes the event in hand and leaves the rest to the other instances.
      // After a failure, the rest of the pass goes one event at a time.
      let oneByOne = false;
      while (!stopping()) {
        const batch = oneByOne ? "failed" : await dispatchBatch(consumers, after);
        if (batch === null) return count;
        if (batch !== "failed") {
          after = batch.last;
          count += batch.count;
          continue;
        }
        // A consumer failed in the batch: the next event alone, whose failure is then noted on it.
        oneByOne = true;
        const id = await dispatchOne(consumers, after);
        if (id === null) return count;
        after = id;
        count++;
      }
      return count;
    },
  });
}
