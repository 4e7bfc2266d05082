// Erasing a data subject (an e-mail address, optionally a name) everywhere the scope
// reaches (lib/privacy/subject-find.ts), in one transaction, by anonymising: names and messages as
// a family's erasure does (lib/privacy/erasure.ts, ERASED_TEXT), addresses made NULL or the
// non-deliverable ERASED_ADDRESS; reminder subscriptions, invitations, e-mails not sent and failed
// sign-ins deleted; a dashboard user's account anonymised (an address that cannot sign in, no
// password) and signed out everywhere, unless they are the last admin of their operator (refused:
// the operator would have nobody to run it). Accounting rows (trees, transactions, payments) stay,
// anonymous. One audit row (subject.erased, the subject's id the SHA-256 of the address) is
// written in the same transaction, and one domain event memorial.personal_data_erased for each
// memorial where something was erased (a webhook: a partner that keeps a copy of the memorial reads
// it again; every instance drops its cached page). A second erasure finds nothing and changes nothing.
import { withEvents } from "@memorial/lib/changes/record";
import { Prisma, type Tx } from "@memorial/lib/db/client";
import { invalid } from "@memorial/lib/errors";
import {
  erasureOf,
  normaliseSubject,
  type SourceRows,
  type SubjectQuery,
  type SubjectScope,
  subjectHash,
  subjectRows,
} from "./subject-find";

interface SubjectChange {
  /** The source (subject-find.ts SUBJECT_SOURCES key) and its table. */
  source: string;
  table: string;
  /** "delete": the rows went; "anonymise": these fields were changed, the rows stay. */
  erasure: "delete" | "anonymise";
  fields: string[];
  rows: number;
}

export interface SubjectErasureReport {
  /** The SHA-256 of the address: the audit log's id of this subject. */
  subject: string;
  /** Rows changed or deleted in all. */
  total: number;
  changes: SubjectChange[];
}

const ids = (found: SourceRows) => found.rows.map((row) => Number(row.id));
const table = (name: string) => Prisma.raw(`"${name}"`);

/** Locks the operators of the dashboard users with this address, first (as lib/users/team.ts does). */
async function lockUsersOperators(tx: Tx, email: string, scope: SubjectScope) {
  const only = scope.kind === "operator" ? Prisma.sql`AND "operator_id" = ${scope.operatorId}` : Prisma.empty;
  await tx.$queryRaw`SELECT "id" FROM "operator" WHERE "id" IN (
      SELECT "operator_id" FROM "operator_user" WHERE lower("email") = lower(${email}) ${only})
    ORDER BY "id" FOR UPDATE`;
}

/** A dashboard user: refused when the last admin of its operator; else anonymised and signed out. */
async function eraseUser(tx: Tx, userId: number, email: string) {
  const [user] = await tx.$queryRaw<{ operator_id: number; role: string; admins: number }[]>`
    SELECT u."operator_id", u."role",
      (SELECT count(*)::int FROM "operator_user" a WHERE a."operator_id" = u."operator_id" AND a."role" = 'admin') AS "admins"
    FROM "operator_user" u WHERE u."id" = ${userId}`;
  if (!user) return;
  if (user.role === "admin" && user.admins <= 1) {
    throw invalid(
      `${email} is the last admin of operator ${user.operator_id}: give another user the admin role, then erase`,
      { field: "email", reason: "last-admin" },
    );
  }
  // No longer an admin either: the next erasure's count of admins must not count this account.
  await tx.$executeRaw`UPDATE "operator_user"
    SET "email" = 'erased-' || "id" || '@invalid', "password_hash" = 'erased', "role" = 'staff'
    WHERE "id" = ${userId}`;
  await tx.dashboardSession.deleteMany({ where: { userId } });
  await tx.passwordResetToken.deleteMany({ where: { userId } });
}

async function eraseSource(tx: Tx, found: SourceRows, email: string): Promise<void> {
  const { source } = found;
  const rowIds = ids(found);
  switch (source.erase.kind) {
    case "delete":
      // The record of the reminders sent references its subscription: it goes first.
      if (source.table === "reminder_subscription") {
        await tx.$executeRaw`DELETE FROM "reminder_sent" WHERE "subscription_id" = ANY(${rowIds}::bigint[])`;
      }
      await tx.$executeRaw`DELETE FROM ${table(source.table)} WHERE "id" = ANY(${rowIds}::bigint[])`;
      return;
    case "anonymise": {
      const set = Prisma.join(
        Object.entries(source.erase.set).map(
          ([column, value]) => Prisma.sql`${Prisma.raw(`"${column}"`)} = ${value}`,
        ),
        ", ",
      );
      await tx.$executeRaw`UPDATE ${table(source.table)} SET ${set} WHERE "id" = ANY(${rowIds}::bigint[])`;
      // A sent e-mail's files (a closing summary's PDF) go with its body.
      if (source.table === "outgoing_email") {
        await tx.$executeRaw`DELETE FROM "outgoing_email_attachment" WHERE "email_id" = ANY(${rowIds}::bigint[])`;
      }
      return;
    }
    case "user":
      for (const id of rowIds) await eraseUser(tx, id, email);
      return;
  }
}

/** The memorials where something of the subject was erased (each gets its event). */
function memorialsOf(found: SourceRows[]): number[] {
  const memorials = new Set<number>();
  for (const { rows } of found) {
    for (const row of rows) if (typeof row.memorial_id === "number") memorials.add(row.memorial_id);
  }
  return [...memorials];
}

/** Erases the subject within the query's scope; answers what changed (nothing, the second time). */
export async function eraseSubject(query: SubjectQuery): Promise<SubjectErasureReport> {
  const { email } = normaliseSubject(query);
  const subject = subjectHash(email);
  const changes = await withEvents(async (tx, recorder) => {
    await lockUsersOperators(tx, email, query.scope);
    const found = await subjectRows(tx, query, true);
    for (const rows of found) await eraseSource(tx, rows, email);
    const changes: SubjectChange[] = found.map(({ source, rows }) => ({
      source: source.key,
      table: source.table,
      erasure: erasureOf(source),
      fields: source.erase.kind === "anonymise" ? Object.keys(source.erase.set) : source.personal,
      rows: rows.length,
    }));
    await recorder.record({
      kind: "subject.erased",
      target: { type: "subject", id: subject },
      operatorId: query.scope.kind === "operator" ? query.scope.operatorId : null,
      after: Object.fromEntries(changes.map((change) => [change.source, change.rows])),
    });
    const memorials = await tx.memorial.findMany({
      where: { id: { in: memorialsOf(found) } },
      select: { id: true, operatorId: true, isTest: true },
      orderBy: { id: "asc" },
    });
    for (const memorial of memorials) {
      await recorder.record({
        kind: "event.memorial.personal_data_erased",
        operatorId: memorial.operatorId,
        memorialId: memorial.id,
        event: { isTest: memorial.isTest, payload: {} },
      });
    }
    return changes;
  });
  return { subject, total: changes.reduce((n, c) => n + c.rows, 0), changes };
}
