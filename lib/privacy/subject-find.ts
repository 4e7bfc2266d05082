// A data subject's request answered by staff. Given an e-mail address (and optionally
// a name), every row of the service that holds them: the family of a memorial, reminder
// subscriptions, visitors' plantings (and the tree, guestbook entry and queued planting that carry
// a visitor's words), the outbox, dashboard users, invitations, failed sign-ins, and the columns
// that record which dashboard user did something (tree history, moves, duplicates, merges); with a
// name, the planters' and guestbook authors' names and the family's name.
//
// The address is compared exactly, case aside: lower(column) = lower(address) in SQL (never an
// ILIKE, where "_" would match any character). A name likewise, spaces around it aside.
//
// Who asks decides what is searched (SubjectScope): the service's staff (the command line) every
// operator's rows; an operator (its dashboard) the rows of its own memorials and its own team; a
// partner's key (the API) the rows of the memorials its operator created, not its team.
// test/subject-rights.test.ts compares SUBJECT_SOURCES with the database's columns, so a new
// column that holds an e-mail address or a name cannot be forgotten here.
import { createHash } from "node:crypto";
import { db, Prisma, type Tx } from "@memorial/lib/db/client";
import { invalid } from "@memorial/lib/errors";
import { EMAIL_PATTERN } from "@memorial/lib/users/create-user";
import { ERASED_TEXT } from "./erasure";

export type SubjectScope =
  /** The service's staff: every operator. */
  | { kind: "service" }
  /**
   * One operator: the rows of its memorials; with `team`, its users and invitations too. With
   * `isTest` (a partner's key), the rows of that environment's memorials and trees only: a test
   * key never reads nor erases a live family's data, nor a live key test data.
   */
  | { kind: "operator"; operatorId: number; team: boolean; isTest?: boolean };

export interface SubjectQuery {
  email: string;
  /** A name the person is known by (a planter's, a guestbook author's, the family's). */
  name?: string | null;
  scope: SubjectScope;
}

/** How a source's rows are erased (lib/privacy/subject-erase.ts). */
type SubjectErasure =
  /** The row goes (a subscription, an invitation, an e-mail not sent). */
  | { kind: "delete" }
  /** Its personal fields are anonymised (column → SQL value); the row stays. */
  | { kind: "anonymise"; set: Record<string, Prisma.Sql> }
  /** A dashboard user: anonymised, signed out; refused for the last admin of its operator. */
  | { kind: "user" };

/** Which rows of an operator a source's table belongs to. */
type Ownership =
  | "operator" // its operator_id column
  | "memorial" // its memorial's operator
  | "tree" // its tree's operator
  | "address" // no operator: the address of one of the operator's users
  | "outbox"; // an e-mail: its memorial's operator, or (no memorial) "address"

export interface SubjectSource {
  /** Names the source in the report: "table.column", or how the row is linked. */
  key: string;
  table: string;
  /** The column compared with the address or the name (the key's column); null: linked rows. */
  column: string | null;
  by: "email" | "name";
  /** The columns that hold the person's data: exported, and what erasure changes. */
  personal: string[];
  /** The other columns exported (what the row is). */
  context: string[];
  owner: Ownership;
  /** The operator's team's data (its users, invitations, what they did): not for the API. */
  team?: true;
  erase: SubjectErasure;
  /** What is compared when it is not a column: a value inside a JSON column (alias t). */
  expression?: string;
  /** Further condition on the row (alias t), e.g. an e-mail not sent yet. */
  also?: string;
  /** Rows linked to another's match (a visitor's tree): the SQL of the ids, given the address. */
  linked?: (email: string) => Prisma.Sql;
}

/** A non-deliverable address (RFC 2606: .invalid), for columns that cannot be empty. */
export const ERASED_ADDRESS = "erased@invalid";

const text = (value: string) => Prisma.sql`${value}`;
const NULL = Prisma.sql`NULL`;
const erasedWords = { planter: text(ERASED_TEXT), message: NULL };
/** What erasing a guestbook entry's words sets (its row stays, as the guestbook's). */
const erasedEntry = { author_name: text(ERASED_TEXT), message: text(ERASED_TEXT) };
/** The ids of `table`'s rows that carry the words of a visitor planting of the address. */
const wordsOfVisitor = (email: string, table: string) =>
  Prisma.sql`SELECT w."id" FROM ${Prisma.raw(`"${table}"`)} w WHERE w."visitor_planting_id" IN (
      SELECT vp."id" FROM "visitor_planting" vp WHERE lower(vp."email") = lower(${email}))`;
const visitorOf = (email: string, column: string) =>
  Prisma.sql`SELECT ${Prisma.raw(`vp."${column}"`)} FROM "visitor_planting" vp
    WHERE lower(vp."email") = lower(${email}) AND ${Prisma.raw(`vp."${column}"`)} IS NOT NULL`;

/** Every place a person's address or name is held, and what erasing it does. */
export const SUBJECT_SOURCES: SubjectSource[] = [
  {
    key: "family.email",
    table: "family",
    column: "email",
    by: "email",
    personal: ["email", "name"],
    context: ["memorial_id", "language"],
    owner: "memorial",
    erase: { kind: "anonymise", set: { email: NULL, name: NULL } },
  },
  {
    key: "reminder_subscription.email",
    table: "reminder_subscription",
    column: "email",
    by: "email",
    personal: ["email"],
    context: ["memorial_id", "language", "death_anniversary", "birthday", "confirmed_at", "created_at"],
    owner: "memorial",
    erase: { kind: "delete" },
  },
  {
    key: "visitor_planting.email",
    table: "visitor_planting",
    column: "email",
    by: "email",
    personal: ["email", "planter", "message"],
    context: ["memorial_id", "origin", "status", "amount", "tree_id", "created_at"],
    owner: "operator",
    erase: { kind: "anonymise", set: { email: NULL, ...erasedWords } },
  },
  {
    key: "tree (a visitor's words)",
    table: "tree",
    column: null,
    by: "email",
    personal: ["planter", "message"],
    context: ["memorial_id", "planted_at", "origin"],
    owner: "operator",
    erase: { kind: "anonymise", set: erasedWords },
    linked: (email) => visitorOf(email, "tree_id"),
  },
  {
    key: "guestbook_entry (a visitor's words)",
    table: "guestbook_entry",
    column: null,
    by: "email",
    personal: ["author_name", "message"],
    context: ["memorial_id", "status", "created_at"],
    owner: "memorial",
    erase: { kind: "anonymise", set: erasedEntry },
    linked: (email) => wordsOfVisitor(email, "guestbook_entry"),
  },
  {
    key: "queued_planting (a visitor's words)",
    table: "queued_planting",
    column: null,
    by: "email",
    personal: ["planter", "message"],
    context: ["memorial_id", "created_at", "planted_at"],
    owner: "operator",
    erase: { kind: "anonymise", set: erasedWords },
    linked: (email) => wordsOfVisitor(email, "queued_planting"),
  },
  {
    key: "outgoing_email.to_address (not sent)",
    table: "outgoing_email",
    column: "to_address",
    by: "email",
    personal: ["to_address"],
    context: ["memorial_id", "subject", "status", "created_at"],
    owner: "outbox",
    also: `t."status" <> 'sent'`,
    erase: { kind: "delete" },
  },
  {
    key: "outgoing_email.to_address (sent)",
    table: "outgoing_email",
    column: "to_address",
    by: "email",
    personal: ["to_address", "text", "html"],
    context: ["memorial_id", "subject", "status", "created_at", "sent_at"],
    owner: "outbox",
    also: `t."status" = 'sent'`,
    // The record that an e-mail was sent stays; to whom and what it said go (its files too).
    erase: {
      kind: "anonymise",
      set: { to_address: text(ERASED_ADDRESS), text: text(""), html: text(""), headers: NULL },
    },
  },
  {
    key: "operator_user.email",
    table: "operator_user",
    column: "email",
    by: "email",
    personal: ["email"],
    context: ["operator_id", "role", "created_at"],
    owner: "operator",
    team: true,
    erase: { kind: "user" },
  },
  {
    key: "operator_invitation.email",
    table: "operator_invitation",
    column: "email",
    by: "email",
    personal: ["email"],
    context: ["operator_id", "role", "created_at", "expires_at", "accepted_at", "revoked_at"],
    owner: "operator",
    team: true,
    erase: { kind: "delete" },
  },
  {
    key: "sign_in_failure.email",
    table: "sign_in_failure",
    column: "email",
    by: "email",
    personal: ["email"],
    context: ["created_at"],
    owner: "address",
    team: true,
    erase: { kind: "delete" },
  },
  // Who did something, when it was a dashboard user: their address (the action itself stays).
  ...(
    [
      ["tree_history", "recorded_by", "tree", ["tree_id", "step", "occurred_on"]],
      ["tree_move", "moved_by", "operator", ["tree_id", "from_memorial_id", "to_memorial_id", "moved_at"]],
      ["memorial_duplicate", "decided_by", "operator", ["first_memorial_id", "second_memorial_id", "state"]],
      ["memorial_merge", "merged_by", "operator", ["kept_memorial_id", "merged_memorial_id", "merged_at"]],
      ["memorial_merge", "undone_by", "operator", ["kept_memorial_id", "merged_memorial_id", "undone_at"]],
    ] as const
  ).map(
    ([table, column, owner, context]): SubjectSource => ({
      key: `${table}.${column}`,
      table,
      column,
      by: "email",
      personal: [column],
      context: [...context],
      owner,
      team: true,
      erase: { kind: "anonymise", set: { [column]: text(ERASED_TEXT) } },
    }),
  ),
  // With a name: where a person's name is written (the words of who planted, wrote, is family).
  {
    key: "family.name",
    table: "family",
    column: "name",
    by: "name",
    personal: ["name"],
    context: ["memorial_id"],
    owner: "memorial",
    erase: { kind: "anonymise", set: { name: NULL } },
  },
  ...(
    [
      ["tree", "planter", ["memorial_id", "planted_at", "origin"]],
      ["confirmation_token", "planter", ["memorial_id", "created_at"]],
      ["queued_planting", "planter", ["memorial_id", "created_at", "planted_at"]],
      ["visitor_planting", "planter", ["memorial_id", "origin", "status", "created_at"]],
    ] as const
  ).map(
    ([table, column, context]): SubjectSource => ({
      key: `${table}.${column}`,
      table,
      column,
      by: "name",
      personal: ["planter", "message"],
      context: [...context],
      owner: table === "confirmation_token" ? "memorial" : "operator",
      erase: { kind: "anonymise", set: erasedWords },
    }),
  ),
  {
    key: "guestbook_entry.author_name",
    table: "guestbook_entry",
    column: "author_name",
    by: "name",
    personal: ["author_name", "message"],
    context: ["memorial_id", "status", "created_at"],
    owner: "memorial",
    erase: { kind: "anonymise", set: erasedEntry },
  },
  // The name a visitor left with a photo they shared, and its caption (lib/memorial-photos).
  {
    key: "memorial_photo.author_name",
    table: "memorial_photo",
    column: "author_name",
    by: "name",
    personal: ["author_name", "caption"],
    context: ["memorial_id", "status", "created_at"],
    owner: "memorial",
    erase: { kind: "anonymise", set: { author_name: Prisma.sql`NULL`, caption: Prisma.sql`NULL` } },
  },
  // A memorial awaiting its family keeps its waiting planting in its event until the e-mail is
  // written (lib/events/payloads.ts ConfirmationRequest): the planter's name and message.
  {
    key: "domain_event (a waiting planting's planter)",
    table: "domain_event",
    column: null,
    expression: `t."payload" #>> '{confirmation,planting,planter}'`,
    by: "name",
    personal: ["payload"],
    context: ["type", "memorial_id", "created_at"],
    owner: "operator",
    erase: {
      kind: "anonymise",
      set: {
        payload: Prisma.sql`jsonb_set(jsonb_set("payload", '{confirmation,planting,planter}', to_jsonb(${ERASED_TEXT}::text)),
          '{confirmation,planting,message}', 'null'::jsonb)`,
      },
    },
  },
  // Who planted a tree in the ground (a name the operator's staff typed).
  {
    key: "tree.planted_by",
    table: "tree",
    column: "planted_by",
    by: "name",
    personal: ["planted_by"],
    context: ["memorial_id", "in_ground_on"],
    owner: "operator",
    erase: { kind: "anonymise", set: { planted_by: NULL } },
  },
  {
    key: "tree_history.planted_by",
    table: "tree_history",
    column: "planted_by",
    by: "name",
    personal: ["planted_by"],
    context: ["tree_id", "step", "occurred_on"],
    owner: "tree",
    erase: { kind: "anonymise", set: { planted_by: NULL } },
  },
];

export interface NormalisedSubject {
  email: string;
  name: string | null;
}

/** The address (trimmed, lower case) and the name (trimmed), or a refusal naming the field. */
export function normaliseSubject(query: Pick<SubjectQuery, "email" | "name">): NormalisedSubject {
  const email = String(query.email ?? "")
    .trim()
    .toLowerCase();
  if (!email) throw invalid("an e-mail address is required", { field: "email", reason: "required" });
  if (email.length > 254 || !EMAIL_PATTERN.test(email) || email.includes("\u0000")) {
    throw invalid(`"${email}" is not an e-mail address`, { field: "email", reason: "invalid" });
  }
  const name = query.name == null ? null : String(query.name).trim();
  if (name !== null && name.length > 200) {
    throw invalid("the name is longer than 200 characters", { field: "name", reason: "too-long" });
  }
  // PostgreSQL text cannot hold U+0000: refused here, whichever edge asked.
  if (name?.includes("\u0000")) {
    throw invalid("the name must not contain the NUL character", { field: "name", reason: "invalid" });
  }
  return { email, name: name || null };
}

/** The subject's id in the audit log: the SHA-256 of the normalised address, never the address. */
export function subjectHash(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

const id = (name: string) => Prisma.raw(`"${name}"`);
const col = (name: string) => Prisma.raw(`t."${name}"`);

/** The address is one of the operator's users' or invitations' (rows with no operator of their own). */
function teamAddress(operatorId: number, address: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(EXISTS (SELECT 1 FROM "operator_user" u WHERE u."operator_id" = ${operatorId}
      AND lower(u."email") = lower(${address}))
    OR EXISTS (SELECT 1 FROM "operator_invitation" i WHERE i."operator_id" = ${operatorId}
      AND lower(i."email") = lower(${address})))`;
}

/**
 * The condition that a source's row (alias t) is of the environment `isTest`, by the memorial or
 * the tree it belongs to; a row of the team (a user, an invitation) belongs to no environment.
 */
function environmentCondition(source: SubjectSource, isTest: boolean): Prisma.Sql {
  const of = (column: string, table: "memorial" | "tree") =>
    Prisma.sql`EXISTS (SELECT 1 FROM ${id(table)} env WHERE env."id" = ${col(column)} AND env."is_test" = ${isTest})`;
  const columns = [...source.context, source.column ?? ""];
  if (columns.includes("memorial_id")) return of("memorial_id", "memorial");
  if (columns.includes("tree_id")) return of("tree_id", "tree");
  if (columns.includes("first_memorial_id")) return of("first_memorial_id", "memorial");
  if (columns.includes("kept_memorial_id")) return of("kept_memorial_id", "memorial");
  return Prisma.sql`TRUE`;
}

/** The condition on a source's row (alias t) that keeps the scope's rows. */
function scopeCondition(source: SubjectSource, scope: SubjectScope): Prisma.Sql {
  if (scope.kind === "service") return Prisma.sql`TRUE`;
  if (source.team && !scope.team) return Prisma.sql`FALSE`;
  if (scope.isTest !== undefined) {
    return Prisma.sql`(${ownerCondition(source, scope)}) AND ${environmentCondition(source, scope.isTest)}`;
  }
  return ownerCondition(source, scope);
}

function ownerCondition(
  source: SubjectSource,
  scope: Extract<SubjectScope, { kind: "operator" }>,
): Prisma.Sql {
  const op = scope.operatorId;
  const ofMemorial = Prisma.sql`EXISTS (SELECT 1 FROM "memorial" m WHERE m."id" = t."memorial_id" AND m."operator_id" = ${op})`;
  switch (source.owner) {
    case "operator":
      return Prisma.sql`t."operator_id" = ${op}`;
    case "memorial":
      return ofMemorial;
    case "tree":
      return Prisma.sql`EXISTS (SELECT 1 FROM "tree" tr WHERE tr."id" = t."tree_id" AND tr."operator_id" = ${op})`;
    case "address":
      return teamAddress(op, col(source.column ?? "email"));
    case "outbox": {
      const noMemorial = scope.team
        ? Prisma.sql`(t."memorial_id" IS NULL AND ${teamAddress(op, col("to_address"))})`
        : Prisma.sql`FALSE`;
      return Prisma.sql`(${ofMemorial} OR ${noMemorial})`;
    }
  }
}

/** The condition that the row holds the subject's address or name; null when no name is asked. */
function matchCondition(source: SubjectSource, subject: NormalisedSubject): Prisma.Sql | null {
  if (source.linked) return Prisma.sql`t."id" IN (${source.linked(subject.email)})`;
  if (source.by === "name") {
    if (!subject.name) return null;
    const value = source.expression ? Prisma.raw(`(${source.expression})`) : col(source.column as string);
    return Prisma.sql`lower(btrim(${value})) = lower(${subject.name})`;
  }
  return Prisma.sql`lower(${col(source.column as string)}) = lower(${subject.email})`;
}

export interface SourceRows {
  source: SubjectSource;
  rows: Array<Record<string, unknown>>;
}

/**
 * The rows of every source that hold the subject, in `tx` (locked FOR UPDATE when `lock`: an
 * erasure's transaction, so that a second erasure at the same time waits and finds nothing).
 */
export async function subjectRows(
  tx: Pick<Tx, "$queryRaw">,
  query: SubjectQuery,
  lock = false,
): Promise<SourceRows[]> {
  const subject = normaliseSubject(query);
  const found: SourceRows[] = [];
  for (const source of SUBJECT_SOURCES) {
    const match = matchCondition(source, subject);
    if (!match) continue;
    const columns = ["id", ...source.context, ...source.personal];
    const pairs = Prisma.join(
      columns.map((name) => Prisma.sql`${name}::text, ${col(name)}`),
      ", ",
    );
    const also = source.also ? Prisma.raw(source.also) : Prisma.sql`TRUE`;
    const rows = await tx.$queryRaw<{ row: Record<string, unknown> }[]>`
      SELECT jsonb_build_object(${pairs}) AS "row" FROM ${id(source.table)} t
      WHERE ${match} AND ${also} AND ${scopeCondition(source, query.scope)}
      ORDER BY t."id" ${lock ? Prisma.sql`FOR UPDATE OF t` : Prisma.empty}`;
    if (rows.length > 0) found.push({ source, rows: rows.map((r) => r.row) });
  }
  return found;
}

interface SubjectPlace {
  /** The source: "table.column", or how the rows are linked ("tree (a visitor's words)"). */
  source: string;
  table: string;
  /** The fields that hold the person's data. */
  fields: string[];
  /** Deleted by an erasure, or anonymised (the row stays). */
  erasure: "delete" | "anonymise";
  ids: number[];
}

export interface SubjectFinding {
  email: string;
  name: string | null;
  /** Rows in all. */
  total: number;
  places: SubjectPlace[];
}

/** What an erasure does to a source's rows. */
export function erasureOf(source: SubjectSource): "delete" | "anonymise" {
  return source.erase.kind === "delete" ? "delete" : "anonymise";
}

/** A source as a finding and an export name it: its key, table, personal fields and erasure. */
export function placeOf(source: SubjectSource) {
  return { source: source.key, table: source.table, fields: source.personal, erasure: erasureOf(source) };
}

/** Where the subject is held: each source with its rows' ids (the values are in the export). */
export async function findSubject(query: SubjectQuery): Promise<SubjectFinding> {
  const subject = normaliseSubject(query);
  const found = await subjectRows(db, query);
  const places = found.map(({ source, rows }) => ({
    ...placeOf(source),
    ids: rows.map((row) => Number(row.id)),
  }));
  return { ...subject, total: places.reduce((n, p) => n + p.ids.length, 0), places };
}
