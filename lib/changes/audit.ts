// The audit log's writer, private to the one recorder (lib/changes/record.ts): a use case records
// its change there, in its own transaction, and the change's audit row is written here, so the row
// exists exactly when the change does. Who acted comes from lib/audit/actor.ts, the client's
// address from the request being served (hashed); the change says what was done (its kind and
// target) and the fields before and after. test/one-recorder.test.ts refuses an import of this
// module from anywhere else.
//
// A personal field's values (names, e-mail addresses, messages) are not kept: the row says the
// field changed, not what it held, so that an erasure (lib/privacy/erasure.ts) leaves nothing of
// the person in a log that can never be changed (docs/privacy.md, "The audit log").
//
// Who writes it: every use case of lib/ through which a person or a partner changes something
// (memorials, trees, guestbook, keys, users, webhooks, settings, catalogue, claim codes, visitor
// plantings and payments, reminder subscriptions), and the jobs that act on their behalf or change
// what they see (an expiry, an erasure carried out, a code credited, a queued tree planted or given
// up). Not audited, on purpose: the service's machine bookkeeping, which no person asks for and
// which changes nothing a person owns: the outbox and its sending, dashboard sessions, rate-limit
// counts, caches, job rows, webhook deliveries' attempts, idempotency rows, secret links issued by
// the consumers, domain events, and the retention job's removals (lib/privacy/retention.ts).
import { createHmac } from "node:crypto";
import { currentActor, UNATTRIBUTED } from "@memorial/lib/audit/actor";
import { PERSONAL_VALUE } from "@memorial/lib/audit/words";
import { authSecret } from "@memorial/lib/auth-secret";
import { Prisma } from "@memorial/lib/db/client";
import type { SqlClient } from "@memorial/lib/db/raw";
import { componentLogger } from "@memorial/lib/log";
import { currentRequest } from "@memorial/lib/observability/request-context";
import type { Actor } from "@memorial/lib/scope";
import type { AuditTargetType } from "./kinds";

export interface AuditEntry {
  /** What was done, as domain.verb: "memorial.created", "tree.moved", "key.revoked". */
  action: string;
  target: { type: AuditTargetType; id: string | number };
  /** The operator whose data this is (the dashboard and the CSV export filter on it). */
  operatorId?: number | null;
  /** The memorial concerned, when there is one (its family sees the row). */
  memorialId?: number | null;
  /** The fields as they were (omit for a creation). */
  before?: Record<string, unknown> | null;
  /** The fields as they are now (omit for a removal). */
  after?: Record<string, unknown> | null;
  /** Who acted, when it is not the actor of the work being done (rarely: a job naming its origin). */
  actor?: Actor;
}

/** Fields whose values are personal data: the row says they changed, not what they held. */
const PERSONAL_FIELDS = new Set([
  "name",
  "firstName",
  "lastName",
  "email",
  "message",
  "author",
  "planter",
  "planterName",
  "visitorName",
  "birthPlace",
  "deathPlace",
  "place",
  "photo",
  "title",
  "text",
  // The deceased's other facts an erasure removes (lib/privacy/erasure.ts), and a visitor's name.
  "civility",
  "birthDate",
  "placeOfDeath",
  "imageUrl",
  "anonymousName",
  "authorName",
]);

type Change = { before?: unknown; after?: unknown };

function comparable(value: unknown): string {
  return JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));
}

function jsonValue(field: string, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (PERSONAL_FIELDS.has(field) && value !== null) return PERSONAL_VALUE;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return value;
}

/** The fields that differ between before and after, each with both values (personal ones hidden). */
function auditChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, Change> {
  const changes: Record<string, Change> = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    const was = before?.[field];
    const is = after?.[field];
    if (before && after && comparable(was) === comparable(is)) continue;
    const change: Change = {};
    if (before) change.before = jsonValue(field, was) ?? null;
    if (after) change.after = jsonValue(field, is) ?? null;
    changes[field] = change;
  }
  return changes;
}

function actorColumns(actor: Actor): { kind: string; id: number | null; label: string | null } {
  switch (actor.kind) {
    case "user":
      return { kind: "user", id: actor.id, label: null };
    case "key":
      return { kind: "key", id: actor.id, label: actor.name.slice(0, 200) };
    case "family":
      return { kind: "family", id: actor.memorialId, label: null };
    case "visitor":
      return { kind: "visitor", id: null, label: null };
    case "cli":
      return { kind: "cli", id: null, label: actor.account.slice(0, 200) };
    case "system":
      return { kind: "system", id: null, label: actor.name.slice(0, 200) };
  }
}

/** The operator an actor acts for, when the entry does not name one. */
function actorOperator(actor: Actor): number | null {
  return actor.kind === "user" || actor.kind === "key" ? actor.operatorId : null;
}

/** The HMAC-SHA-256 of the client's address (lib/auth/client-address.ts), when a request is served. */
function clientHash(): string | null {
  const client = currentRequest()?.client;
  // Keyed with the service's secret: a plain SHA-256 of an IPv4 address is undone by hashing all
  // 2^32 of them; this one says "the same client" and nothing more.
  return client ? createHmac("sha256", authSecret()).update(`audit-client:${client}`).digest("hex") : null;
}

/** The actions already logged as unattributed by this process: each is logged once. */
const unattributedLogged = new Set<string>();

function unattributed(action: string): Actor {
  if (!unattributedLogged.has(action)) {
    unattributedLogged.add(action);
    componentLogger("audit").error({ action }, "audit: a write with no actor; its way in must call actingAs");
  }
  return UNATTRIBUTED;
}

/** The operator of the memorial concerned, when neither the entry nor the actor names one. */
async function memorialOperator(
  tx: SqlClient,
  memorialId: number | null | undefined,
): Promise<number | null> {
  if (memorialId === null || memorialId === undefined) return null;
  const [memorial] = await tx.$queryRaw<{ operator_id: number }[]>`
    SELECT "operator_id" FROM "memorial" WHERE "id" = ${memorialId}`;
  return memorial?.operator_id ?? null;
}

/** An audit row as written: the columns of audit_log. */
export interface AuditRow {
  at: string;
  actor_kind: string;
  actor_id: number | null;
  actor_label: string | null;
  operator_id: number | null;
  memorial_id: number | null;
  action: string;
  target_type: string;
  target_id: string;
  changes: Record<string, Change>;
  client_hash: string | null;
}

/** The rows waiting for their transaction's events (deferAudits), by transaction. */
const deferred = new WeakMap<SqlClient, AuditRow[]>();

/**
 * From now on the audit rows of `tx` wait in the returned list instead of being written one by
 * one: the caller writes them at the end of the transaction's work, with its events, in one
 * statement (lib/events/events.ts withEvents), which saves a round trip per use case.
 */
export function deferAudits(tx: SqlClient): AuditRow[] {
  const rows: AuditRow[] = [];
  deferred.set(tx, rows);
  return rows;
}

/** The INSERT of audit rows, alone or as a common table expression of the events' statement. */
export function auditInsertSql(rows: AuditRow[]): Prisma.Sql {
  return Prisma.sql`INSERT INTO "audit_log" ("at", "actor_kind", "actor_id", "actor_label", "operator_id", "memorial_id",
      "action", "target_type", "target_id", "changes", "client_hash")
    SELECT x."at", x."actor_kind", x."actor_id", x."actor_label", x."operator_id", x."memorial_id",
      x."action", x."target_type", x."target_id", x."changes", x."client_hash"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS x("at" timestamptz, "actor_kind" text, "actor_id" int, "actor_label" text, "operator_id" int,
        "memorial_id" int, "action" text, "target_type" text, "target_id" text, "changes" jsonb, "client_hash" text)`;
}

/**
 * Records one audit row in `tx`, the transaction of the change it records: written now, or with
 * the transaction's events when it has them (deferAudits); either way it commits with the change.
 */
export async function recordAudit(tx: SqlClient, entry: AuditEntry): Promise<void> {
  const actor = entry.actor ?? currentActor() ?? unattributed(entry.action);
  const who = actorColumns(actor);
  const operatorId =
    entry.operatorId ?? actorOperator(actor) ?? (await memorialOperator(tx, entry.memorialId));
  const row: AuditRow = {
    at: new Date().toISOString(),
    actor_kind: who.kind,
    actor_id: who.id,
    actor_label: who.label,
    operator_id: operatorId,
    memorial_id: entry.memorialId ?? null,
    action: entry.action,
    target_type: entry.target.type,
    target_id: String(entry.target.id).slice(0, 100),
    changes: auditChanges(entry.before, entry.after),
    client_hash: clientHash(),
  };
  const waiting = deferred.get(tx);
  if (waiting) waiting.push(row);
  else await tx.$executeRaw`${auditInsertSql([row])}`;
}
