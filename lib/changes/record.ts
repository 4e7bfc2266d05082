// The one recorder of changes. A use case that changes something records the change here, once,
// in the change's transaction: its kind (lib/changes/kinds.ts), target, operator, memorial, the
// fields before and after, and the payload of the event its kind publishes. From that one call
// come the change's audit row (lib/changes/audit.ts, when the kind is audited) and its domain event
// (when it publishes one): the audit log is a projection of the changes, and neither can be
// written without the other. Nothing else writes either (test/one-recorder.test.ts).
//
// Two ways to call it, one recorder:
// - in withEvents (or withSqlEvents, SQL only), `changes.record(change)`: the transaction's events
//   and audit rows are written at the end of its work, in one statement; once it has committed,
//   this process's consumers hear the events at once (so the next page load here sees the change),
//   the other processes through NOTIFY, and the durable consumers (e-mail, webhooks) through the
//   dispatcher (lib/events/dispatcher.ts);
// - in any other transaction, `recordChange(tx, change)` for a kind that publishes no event.

import { Prisma, type Tx, transaction } from "@memorial/lib/db/client";
import { type SqlClient, sqlTransaction } from "@memorial/lib/db/raw";
import type { DomainEventType } from "@memorial/lib/events/event-types";
import {
  EVENT_CHANNEL,
  type EventSignal,
  type NewDomainEvent,
  noticeOf,
  publishLocal,
  signalOf,
} from "@memorial/lib/events/events";
import type { EventPayloads } from "@memorial/lib/events/payloads";
import { countCommittedEvents } from "@memorial/lib/observability/metrics";
import type { Actor } from "@memorial/lib/scope";
import { type AuditRow, auditInsertSql, deferAudits, recordAudit } from "./audit";
import {
  type AuditTargetType,
  CHANGE_KINDS,
  type ChangeKind,
  type ChangeKinds,
  type EventOfKind,
} from "./kinds";

/** The audit row's part of a change. */
export interface AuditPart<T extends AuditTargetType> {
  target: { type: T; id: string | number };
  /** The fields as they were (omit for a creation). */
  before?: Record<string, unknown> | null;
  /** The fields as they are now (omit for a removal). */
  after?: Record<string, unknown> | null;
  /** Who acted, when it is not the actor of the work being done (rarely: a job naming its origin). */
  actor?: Actor;
}

/** The event's part of a change: its payload (the type's, lib/events/payloads.ts) and envelope. */
type EventPart<E extends DomainEventType> = {
  isTest: boolean;
  /** The event's memorial, when it is not the change's (a move's event is its destination's). */
  memorialId?: number | null;
  /** Other memorials whose public view changed too (a person's modification). */
  memorialIds?: number[];
} & (EventPayloads[E] extends Record<string, never>
  ? { payload?: EventPayloads[E] }
  : { payload: EventPayloads[E] });

type ChangeOf<K extends ChangeKind> = {
  kind: K;
  /** The memorial concerned, when there is one (its family sees the row; the event's memorial). */
  memorialId?: number | null;
} & (ChangeKinds[K]["audited"] extends true ? AuditPart<ChangeKinds[K]["target"][number]> : unknown) &
  (EventOfKind<K> extends DomainEventType
    ? {
        operatorId: number;
        /** null, said on purpose: this change's consumers see nothing changed (a stored value equal to its default). */
        event: EventPart<EventOfKind<K>> | null;
      }
    : {
        /** The operator whose data this is; else the actor's, else the memorial's. */
        operatorId?: number | null;
      });

/** A change to record, of any kind. */
export type Change = { [K in ChangeKind]: ChangeOf<K> }[ChangeKind];

/**
 * A change that publishes no event, recorded in any transaction: of a kind that has none, or of one
 * that has, said on purpose (`event: null`: nothing its consumers see changed).
 */
type AuditOnlyChange = {
  [K in ChangeKind]: ChangeKinds[K]["audited"] extends true
    ? EventOfKind<K> extends null
      ? ChangeOf<K>
      : ChangeOf<K> & { event: null }
    : never;
}[ChangeKind];

/** The transaction's recorder, given to the work of withEvents. */
export interface ChangeRecorder {
  record(change: Change): Promise<void>;
}

/** Every field a change may have, for the recorder's own reading. */
interface AnyChange {
  kind: ChangeKind;
  target?: { type: AuditTargetType; id: string | number };
  operatorId?: number | null;
  memorialId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  actor?: Actor;
  event?: { isTest: boolean; memorialId?: number | null; memorialIds?: number[]; payload?: object } | null;
}

async function write(tx: SqlClient, pending: NewDomainEvent[] | null, recorded: Change): Promise<void> {
  const change = recorded as AnyChange;
  const spec: { audited: boolean; event: DomainEventType | null } = CHANGE_KINDS[change.kind];
  const event = change.event;
  // A publishing kind's event is written with the transaction's others (withEvents); `event: null`
  // says on purpose that this change publishes none.
  if (spec.event !== null && event !== null) {
    if (pending === null || event === undefined || typeof change.operatorId !== "number")
      throw new Error(
        `a change ${change.kind} publishes ${spec.event}: record it in withEvents, with its event`,
      );
  }
  if (spec.audited && change.target) {
    await recordAudit(tx, {
      action: change.kind,
      target: change.target,
      operatorId: change.operatorId,
      memorialId: change.memorialId,
      before: change.before,
      after: change.after,
      actor: change.actor,
    });
  }
  if (spec.event !== null && pending !== null && event) {
    pending.push({
      type: spec.event,
      operatorId: change.operatorId as number,
      isTest: event.isTest,
      memorialId: event.memorialId !== undefined ? event.memorialId : change.memorialId,
      ...(event.memorialIds ? { memorialIds: event.memorialIds } : {}),
      payload: event.payload,
    } as NewDomainEvent);
  }
}

/**
 * Records a change that publishes no event in `tx`, the transaction of the change: its audit row
 * is written now, or with the transaction's events when it has them (withEvents); either way it
 * commits with the change.
 */
export function recordChange(tx: SqlClient, change: AuditOnlyChange): Promise<void> {
  return write(tx, null, change);
}

/**
 * Writes events in the caller's transaction, all in one statement with their NOTIFY and the
 * transaction's audit rows (one round trip, whatever their number); the signals go out with the
 * commit.
 */
async function recordEvents(
  tx: SqlClient,
  events: NewDomainEvent[],
  audits: AuditRow[],
): Promise<EventSignal[]> {
  if (events.length === 0 && audits.length === 0) return [];
  const rows = events.map((event) => ({
    type: event.type,
    operator_id: event.operatorId,
    memorial_id: event.memorialId ?? null,
    is_test: event.isTest,
    payload: { ...(event.payload ?? {}), ...(event.memorialIds ? { memorialIds: event.memorialIds } : {}) },
  }));
  const signals = events.map(signalOf);
  const writes: Prisma.Sql[] = [];
  if (events.length > 0) {
    writes.push(Prisma.sql`written AS (
      INSERT INTO "domain_event" ("type", "operator_id", "memorial_id", "is_test", "payload")
      SELECT x."type", x."operator_id", x."memorial_id", x."is_test", x."payload"
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x("type" text, "operator_id" int, "memorial_id" int, "is_test" boolean, "payload" jsonb)
      RETURNING 1)`);
  }
  if (audits.length > 0) writes.push(Prisma.sql`audited AS (${auditInsertSql(audits)} RETURNING 1)`);
  const notify =
    events.length > 0
      ? Prisma.sql`pg_notify(${EVENT_CHANNEL}, ${noticeOf(signals)})::text`
      : Prisma.sql`NULL::text`;
  await tx.$queryRaw`WITH ${Prisma.join(writes, ", ")} SELECT ${notify} AS "notified"`;
  return signals;
}

/**
 * A use case's transaction: `work` records its changes with `changes.record`; their events and
 * audit rows are written at the end of the work, in the same transaction, in one statement. Once
 * it has committed, this process's consumers hear the events at once, the other processes
 * through NOTIFY.
 */
export function withEvents<T>(work: (tx: Tx, changes: ChangeRecorder) => Promise<T>): Promise<T> {
  return eventsIn(transaction, work);
}

/**
 * withEvents for a use case that writes only SQL (lib/db/raw.ts): the same transaction without
 * the ORM, for the hot path of the plantings (lib/memorials/create-memorial.ts).
 */
export function withSqlEvents<T>(work: (tx: SqlClient, changes: ChangeRecorder) => Promise<T>): Promise<T> {
  return eventsIn(sqlTransaction, work);
}

async function eventsIn<X extends SqlClient, T>(
  inTransaction: (run: (tx: X) => Promise<T>) => Promise<T>,
  work: (tx: X, changes: ChangeRecorder) => Promise<T>,
): Promise<T> {
  let signals: EventSignal[] = [];
  const result = await inTransaction(async (tx) => {
    const pending: NewDomainEvent[] = [];
    const audits = deferAudits(tx);
    const value = await work(tx, { record: (change) => write(tx, pending, change) });
    signals = await recordEvents(tx, pending, audits);
    return value;
  });
  publishLocal(signals);
  countCommittedEvents(signals);
  return result;
}
