// Domain events: what changed, recorded by the use case in the same database transaction as the
// change (a transactional outbox). After the commit they reach two kinds of consumers:
// - every process's caches, at once: the process that made the change hears its own events when
//   the transaction commits (publishLocal), the others through PostgreSQL's NOTIFY (listener.ts);
// - durable consumers (e-mail, webhooks): the dispatcher takes each event not yet dispatched,
//   once, in a transaction of its own (dispatcher.ts), so a crash after the commit loses nothing.
// No adapter (route, page, action, command line) calls a side effect itself.
import { type Tx, transaction } from "@/lib/db/client";
import { processSingleton } from "@/lib/singleton";

export const EVENT_TYPES = [
  "memorial.created",
  "tree.planted",
  "memorial.confirmed",
  "person.modified",
  "confirmation.resent",
  "key.revoked",
  "planting.queued",
] as const;
export type DomainEventType = (typeof EVENT_TYPES)[number];

export interface NewDomainEvent {
  type: DomainEventType;
  operatorId: number;
  isTest: boolean;
  /** The memorial the event is about, when there is one. */
  memorialId?: number | null;
  /** Other memorials whose public view changed too (a person's modification). */
  memorialIds?: number[];
  payload?: Record<string, unknown>;
}

/** What a process's caches need to hear of an event. */
export interface EventSignal {
  type: DomainEventType | "reset";
  operatorId: number;
  memorialIds: number[];
  keyId?: number;
}

/** PostgreSQL's channel of the events' signals. */
export const EVENT_CHANNEL = "domain_event";

export interface EventRecorder {
  record(event: NewDomainEvent): Promise<void>;
}

type Listener = (signals: EventSignal[]) => void;

// One set of listeners per process, even when Next.js bundles this module more than once.
const bus = processSingleton("eventBus", () => ({ listeners: new Set<Listener>() }));

/** Registers a consumer of the events' signals in this process (caches). */
export function onEventSignals(listener: Listener): () => void {
  bus.listeners.add(listener);
  return () => bus.listeners.delete(listener);
}

/** Delivers signals to this process's consumers; a failing consumer does not stop the others. */
export function publishLocal(signals: EventSignal[]): void {
  if (signals.length === 0) return;
  for (const listener of bus.listeners) {
    try {
      listener(signals);
    } catch (error) {
      console.error("[events] a listener failed", error);
    }
  }
}

export function signalOf(event: NewDomainEvent): EventSignal {
  const memorialIds = [...new Set([event.memorialId ?? null, ...(event.memorialIds ?? [])])].filter(
    (id): id is number => typeof id === "number",
  );
  const keyId = typeof event.payload?.keyId === "number" ? event.payload.keyId : undefined;
  return { type: event.type, operatorId: event.operatorId, memorialIds, ...(keyId ? { keyId } : {}) };
}

/** Writes an event in the caller's transaction; its signal goes out with the commit (NOTIFY). */
export async function recordEvent(tx: Tx, event: NewDomainEvent): Promise<EventSignal> {
  const payload = {
    ...(event.payload ?? {}),
    ...(event.memorialIds ? { memorialIds: event.memorialIds } : {}),
  };
  await tx.$executeRaw`
    INSERT INTO "domain_event" ("type", "operator_id", "memorial_id", "is_test", "payload")
    VALUES (${event.type}, ${event.operatorId}, ${event.memorialId ?? null}, ${event.isTest},
            ${JSON.stringify(payload)}::jsonb)`;
  const signal = signalOf(event);
  await tx.$executeRaw`SELECT pg_notify(${EVENT_CHANNEL}, ${JSON.stringify(signal)})`;
  return signal;
}

/**
 * A use case's transaction: `work` records its events with `events.record`; once the transaction
 * has committed, this process's consumers hear them at once (so the next page load of this
 * instance sees the change), and the other processes through NOTIFY.
 */
export async function withEvents<T>(work: (tx: Tx, events: EventRecorder) => Promise<T>): Promise<T> {
  let signals: EventSignal[] = [];
  const result = await transaction(async (tx) => {
    signals = [];
    return work(tx, {
      async record(event) {
        signals.push(await recordEvent(tx, event));
      },
    });
  });
  publishLocal(signals);
  return result;
}
