// Domain events: what changed, recorded with the change by the one recorder (lib/changes/record.ts)
// in the same database transaction as the change (a transactional outbox). After the commit they reach two kinds of consumers:
// - every process's caches, at once: the process that made the change hears its own events when
//   the transaction commits (publishLocal), the others through PostgreSQL's NOTIFY (listener.ts);
// - durable consumers (e-mail, webhooks): the dispatcher takes each event not yet dispatched,
//   once, in a transaction of its own (dispatcher.ts), so a crash after the commit loses nothing.
// No adapter (route, page, action, command line) calls a side effect itself.
import { randomUUID } from "node:crypto";
import { db } from "@memorial/lib/db/client";
import type { DomainEventType } from "./event-types";
import type { EventPayloads, EventType } from "./payloads";

// The list of types (lib/events/event-types.ts) and the payload map (lib/events/payloads.ts) name
// the same types: a type added to one only fails the type check here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameTypes: Same<DomainEventType, EventType> = true;
void sameTypes;

interface EventEnvelope {
  operatorId: number;
  isTest: boolean;
  /** The memorial the event is about, when there is one. */
  memorialId?: number | null;
  /** Other memorials whose public view changed too (a person's modification). */
  memorialIds?: number[];
}

/** An event of type T to record: its payload is the type's (lib/events/payloads.ts). */
type NewDomainEventOf<T extends DomainEventType> = EventEnvelope & {
  type: T;
} & (EventPayloads[T] extends Record<string, never>
    ? { payload?: EventPayloads[T] }
    : { payload: EventPayloads[T] });

export type NewDomainEvent = { [T in DomainEventType]: NewDomainEventOf<T> }[DomainEventType];

/** What a process's caches need to hear of an event. */
export interface EventSignal {
  /** "reset": this process may have missed signals; "catalogue.changed": species, sites or stock. */
  type: DomainEventType | "reset" | "catalogue.changed";
  operatorId: number;
  memorialIds: number[];
  keyId?: number;
}

/** PostgreSQL's channel of the events' signals. */
export const EVENT_CHANNEL = "domain_event";

// This process's name in its notices. A process hears its own NOTIFY too, some time after it
// delivered the same signals at its commit: dropping the caches again then would throw away
// what was read in between (a page or Infos loaded right after a change).
const origin = randomUUID();

/** The NOTIFY payload of signals (PostgreSQL takes 8000 bytes: beyond, the others drop everything). */
export function noticeOf(signals: EventSignal[]): string {
  const json = JSON.stringify({ o: origin, s: signals });
  return json.length <= 7900
    ? json
    : JSON.stringify({ o: origin, s: [{ type: "reset", operatorId: 0, memorialIds: [] }] });
}

/** The signals of a notice; none when it is this process's own (delivered at its commit). */
export function signalsOfNotice(payload: string): EventSignal[] {
  const notice = JSON.parse(payload) as { o: string; s: EventSignal[] };
  return notice.o === origin ? [] : notice.s;
}

type Listener = (signals: EventSignal[]) => void;

// One set of listeners per process, even when Next.js bundles this module more than once.
const bus = { listeners: new Set<Listener>() };

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
  const keyId = event.type === "key.revoked" ? event.payload.keyId : undefined;
  return { type: event.type, operatorId: event.operatorId, memorialIds, ...(keyId ? { keyId } : {}) };
}

/**
 * Tells every process that the catalogue changed (species, sites, stock, an operator's rules): at
 * once here, through NOTIFY elsewhere. A signal with no event row: caches drop what they read of
 * the catalogue; nothing consumes it durably.
 */
export async function signalCatalogueChanged(): Promise<void> {
  const signal: EventSignal = { type: "catalogue.changed", operatorId: 0, memorialIds: [] };
  await db.$executeRaw`SELECT pg_notify(${EVENT_CHANNEL}, ${noticeOf([signal])})`;
  publishLocal([signal]);
}

/** Memorial ids per signal: a NOTIFY payload stays under PostgreSQL's 8,000 bytes. */
const SIGNAL_IDS = 500;

/**
 * Tells every process that the public view of these memorials changed without a domain event
 * (a setting of the operator or of a context: a default privacy, visitor planting), in signals of
 * SIGNAL_IDS memorials: their caches drop the memorials' pages at once.
 */
export async function signalMemorialsChanged(operatorId: number, memorialIds: number[]): Promise<void> {
  for (let i = 0; i < memorialIds.length; i += SIGNAL_IDS) {
    const signal: EventSignal = {
      type: "catalogue.changed",
      operatorId,
      memorialIds: memorialIds.slice(i, i + SIGNAL_IDS),
    };
    await db.$executeRaw`SELECT pg_notify(${EVENT_CHANNEL}, ${noticeOf([signal])})`;
    publishLocal([signal]);
  }
}
