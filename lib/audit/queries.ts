// The audit log as the dashboard reads it: an operator's rows, newest first, a page at
// a time by keyset (the id: a page costs the same however far back), filtered by days, actor kind,
// action, target and memorial; and the same rows for the CSV export, streamed in batches
// (lib/db/keyset.ts). Every read names the operator: a row of another operator is never read,
// whatever the filters (the dashboard's routes pass the session's operator, never a parameter).
// Who acted is resolved in words here: a user's address read from the users table now (an erased
// or removed user is a former member, by id), a key's name as the row keeps it.
import { db, Prisma } from "@memorial/lib/db/client";
import { keysetBatches } from "@memorial/lib/db/keyset";
import { invalid } from "@memorial/lib/errors";
import { INT32_MAX } from "@memorial/lib/validation";

const ACTOR_KINDS = ["user", "key", "family", "visitor", "cli", "system"] as const;
type ActorKind = (typeof ACTOR_KINDS)[number];

/** The rows of one page of the dashboard's log. */
const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  /** Whose rows: always the session's operator. */
  operatorId: number;
  memorialId?: number | null;
  /** Days, UTC, both included. */
  from?: string | null;
  to?: string | null;
  actorKind?: ActorKind | null;
  action?: string | null;
  targetType?: string | null;
  targetId?: string | null;
}

interface AuditActorView {
  kind: ActorKind;
  id: number | null;
  /** The key's name, the command line's account, the job's name (as the row keeps it). */
  label: string | null;
  /** A user's e-mail address, read now; null for a user no longer in the team (a former member). */
  email: string | null;
}

interface AuditChange {
  before?: unknown;
  after?: unknown;
}

export interface AuditRowView {
  id: string;
  at: string;
  actor: AuditActorView;
  action: string;
  targetType: string;
  targetId: string;
  memorialId: number | null;
  changes: Record<string, AuditChange>;
}

export interface AuditPage {
  rows: AuditRowView[];
  /** The cursor of the next (older) page, or null at the end. */
  next: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTION = /^[a-z_]+(\.[a-z_]+)?$/;

function day(search: URLSearchParams, name: "from" | "to"): string | null {
  const raw = search.get(name)?.trim() ?? "";
  if (raw === "") return null;
  const date = new Date(`${raw}T00:00:00.000Z`);
  if (!DAY.test(raw) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== raw) {
    throw invalid(`${name} must be a day YYYY-MM-DD, got "${raw.slice(0, 40)}"`, {
      field: name,
      reason: "date",
    });
  }
  return raw;
}

function positiveId(search: URLSearchParams, name: string): number | null {
  const raw = search.get(name)?.trim() ?? "";
  if (raw === "") return null;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > INT32_MAX) {
    throw invalid(`${name} must be a positive id, got "${raw.slice(0, 40)}"`, {
      field: name,
      reason: "number",
    });
  }
  return Number(raw);
}

/**
 * The filters of a query string (from, to, actor, action, target, targetId, memorial), refused
 * with the field and a reason when malformed; `operatorId` is the session's, never read from it.
 */
export function parseAuditFilter(operatorId: number, search: URLSearchParams): AuditFilter {
  const actor = search.get("actor")?.trim() || null;
  if (actor !== null && !(ACTOR_KINDS as readonly string[]).includes(actor)) {
    throw invalid(`actor must be one of ${ACTOR_KINDS.join(", ")}`, { field: "actor", reason: "invalid" });
  }
  // An action ("tree.moved") or a whole domain ("tree"): what the dashboard's list offers.
  const action = search.get("action")?.trim() || null;
  if (action !== null && (action.length > 60 || !ACTION.test(action))) {
    throw invalid('action must read "domain.verb" or "domain"', { field: "action", reason: "invalid" });
  }
  const targetType = search.get("target")?.trim() || null;
  if (targetType !== null && !/^[a-z_]{1,20}$/.test(targetType)) {
    throw invalid("target must be a kind of target (memorial, tree...)", {
      field: "target",
      reason: "invalid",
    });
  }
  const targetId = search.get("targetId")?.trim().slice(0, 100) || null;
  const from = day(search, "from");
  const to = day(search, "to");
  if (from && to && from > to) throw invalid("from must not be after to", { field: "to", reason: "range" });
  return {
    operatorId,
    memorialId: positiveId(search, "memorial"),
    from,
    to,
    actorKind: actor as ActorKind | null,
    action,
    targetType,
    targetId,
  };
}

/** The cursor of a page (the id of the last row of the page before), or null for the first. */
export function parseAuditCursor(search: URLSearchParams): bigint | null {
  const raw = search.get("after")?.trim() ?? "";
  if (raw === "") return null;
  if (!/^\d{1,19}$/.test(raw)) throw invalid("after must be a cursor", { field: "after", reason: "invalid" });
  return BigInt(raw);
}

function conditions(filter: AuditFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`a."operator_id" = ${filter.operatorId}`];
  if (filter.memorialId) parts.push(Prisma.sql`a."memorial_id" = ${filter.memorialId}`);
  if (filter.from) parts.push(Prisma.sql`a."at" >= (${filter.from}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.to) parts.push(Prisma.sql`a."at" < (${filter.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.actorKind) parts.push(Prisma.sql`a."actor_kind" = ${filter.actorKind}`);
  if (filter.action) {
    parts.push(
      filter.action.includes(".")
        ? Prisma.sql`a."action" = ${filter.action}`
        : Prisma.sql`a."action" LIKE ${`${filter.action}.%`}`,
    );
  }
  if (filter.targetType) parts.push(Prisma.sql`a."target_type" = ${filter.targetType}`);
  if (filter.targetId) parts.push(Prisma.sql`a."target_id" = ${filter.targetId}`);
  return Prisma.join(parts, " AND ");
}

interface RawRow {
  id: bigint;
  at: Date;
  actorKind: string;
  actorId: number | null;
  actorLabel: string | null;
  action: string;
  targetType: string;
  targetId: string;
  memorialId: number | null;
  changes: unknown;
  userEmail: string | null;
}

// The user's address is read now, of the same operator: a user removed has none, nor one erased
// (lib/privacy/subject-erase.ts leaves "erased-{id}@invalid" in its place).
const SELECT = Prisma.sql`
  SELECT a."id", a."at", a."actor_kind" AS "actorKind", a."actor_id" AS "actorId",
    a."actor_label" AS "actorLabel", a."action", a."target_type" AS "targetType",
    a."target_id" AS "targetId", a."memorial_id" AS "memorialId", a."changes",
    CASE WHEN u."email" LIKE 'erased-%@invalid' THEN NULL ELSE u."email" END AS "userEmail"
  FROM "audit_log" a
  LEFT JOIN "operator_user" u
    ON a."actor_kind" = 'user' AND u."id" = a."actor_id" AND u."operator_id" = a."operator_id"`;

function view(row: RawRow): AuditRowView {
  const kind = (ACTOR_KINDS as readonly string[]).includes(row.actorKind)
    ? (row.actorKind as ActorKind)
    : "system";
  const changes =
    row.changes && typeof row.changes === "object" && !Array.isArray(row.changes)
      ? (row.changes as Record<string, AuditChange>)
      : {};
  return {
    id: row.id.toString(),
    at: row.at.toISOString(),
    actor: { kind, id: row.actorId, label: row.actorLabel, email: row.userEmail },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    memorialId: row.memorialId,
    changes,
  };
}

/** One page of the operator's log, newest first: the rows older than `after` (a row's id). */
export async function auditPage(
  filter: AuditFilter,
  after: bigint | null,
  limit = AUDIT_PAGE_SIZE,
): Promise<AuditPage> {
  const before = after === null ? Prisma.empty : Prisma.sql`AND a."id" < ${after}`;
  const rows = await db.$queryRaw<RawRow[]>`
    ${SELECT}
    WHERE ${conditions(filter)} ${before}
    ORDER BY a."id" DESC
    LIMIT ${limit + 1}`;
  const shown = rows.slice(0, limit).map(view);
  return { rows: shown, next: rows.length > limit ? shown[shown.length - 1].id : null };
}

/** Every row of the filter, oldest first, in batches read by keyset (the id), for the CSV. */
export async function* auditRowsForExport(filter: AuditFilter): AsyncGenerator<AuditRowView> {
  const batches = keysetBatches<RawRow>({
    key: Prisma.sql`a."id"`,
    keyOf: (row) => [row.id],
    read: (after, limit) =>
      db.$queryRaw<RawRow[]>`
        ${SELECT}
        WHERE ${conditions(filter)} ${after}
        ORDER BY a."id"
        LIMIT ${limit}`,
  });
  for await (const rows of batches) for (const row of rows) yield view(row);
}

/** A memorial's rows for its family, newest first (at most `limit`): what was done to it. */
export async function memorialAuditRows(memorialId: number, limit = 200): Promise<AuditRowView[]> {
  const rows = await db.$queryRaw<RawRow[]>`
    ${SELECT}
    WHERE a."memorial_id" = ${memorialId}
    ORDER BY a."id" DESC
    LIMIT ${limit}`;
  return rows.map(view);
}
