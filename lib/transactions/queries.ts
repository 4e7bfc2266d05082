// Read models of transactions: one month of an operator's, listed (a page, or every row in batches
// for exports) or totalled by a mode, and the amount of a period. The API and the dashboard alike.
import { db, Prisma } from "@memorial/lib/db/client";
import { keysetBatches } from "@memorial/lib/db/keyset";
import { paged } from "@memorial/lib/db/paged";
import { invalid } from "@memorial/lib/errors";
import { isTestEnvironment, type OperatorScope } from "@memorial/lib/scope";

export interface TransactionRow {
  id: number;
  createdAt: Date;
  type: "CreationMemorial" | "Plantation";
  memorialId: number;
  personId: number | null;
  treeCount: number;
  freeTreeCount: number;
  speciesId: number | null;
  plantationId: number | null;
  amount: string;
  externalId: string | null;
  memorialsLot: number | null;
  uEventId: number | null;
  contextId: number | null;
  /** The operator's planting, or a visitor's (a claim code, a payment). */
  origin: "partner" | "visitor_code" | "visitor_payment";
  /** A visitor's payment (Stripe's PaymentIntent id). */
  paymentReference: string | null;
}

/** [start, end) of a calendar month in UTC (month null: the whole year); 400 for one that does not exist. */
function monthRange(year: number, month: number | null): [Date, Date] {
  if (year < 2000 || year > 9999) throw invalid(`year must be between 2000 and 9999, got ${year}`);
  if (month === null) return [new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1))];
  if (month < 1 || month > 12) throw invalid(`month must be between 1 and 12, got ${month}`);
  return [new Date(Date.UTC(year, month - 1, 1)), new Date(Date.UTC(year, month, 1))];
}

const TRANSACTION_COLUMNS = Prisma.sql`t."id", t."created_at" AS "createdAt", t."type"::text AS "type",
           t."memorial_id" AS "memorialId", t."person_id" AS "personId", t."tree_count" AS "treeCount",
           t."free_tree_count" AS "freeTreeCount", t."species_id" AS "speciesId",
           t."plantation_id" AS "plantationId", t."amount"::text AS "amount",
           t."external_id"::text AS "externalId", t."memorials_lot" AS "memorialsLot",
           t."u_event_id" AS "uEventId", t."context_id" AS "contextId", t."origin"::text AS "origin",
           t."payment_reference" AS "paymentReference"`;

interface MonthOf {
  /** Whose transactions: the scope's operator, in its environment. */
  scope: OperatorScope;
  year: number;
  /** null: the whole year (exports only). */
  month: number | null;
}

/** The scope's own transactions (its operator, its environment), for a transaction aliased `t`. */
function ownTransactionsSql(scope: OperatorScope): Prisma.Sql {
  return Prisma.sql`t."operator_id" = ${scope.operatorId} AND t."is_test" = ${isTestEnvironment(scope.environment)}`;
}

/** One month of an operator's transactions in one environment (index (operator_id, is_test, created_at)). */
function monthWhere(input: MonthOf): Prisma.Sql {
  const [start, end] = monthRange(input.year, input.month);
  return Prisma.sql`${ownTransactionsSql(input.scope)}
    AND t."created_at" >= ${start} AND t."created_at" < ${end}`;
}

export async function listTransactions(input: MonthOf & { month: number; limit: number; offset: number }) {
  return paged<TransactionRow>(
    Prisma.sql`SELECT ${TRANSACTION_COLUMNS} FROM "transaction" t WHERE ${monthWhere(input)}`,
    Prisma.sql`q."createdAt", q."id"`,
    input.limit,
    input.offset,
  );
}

/**
 * Every transaction of the month (or of the year) in the list's order, in batches read by keyset (created_at, id):
 * each batch costs the same however far into the month, and no total is counted (exports).
 */
export function transactionBatches(input: MonthOf, batch = 1000): AsyncGenerator<TransactionRow[]> {
  return keysetBatches<TransactionRow>(
    {
      key: Prisma.sql`t."created_at", t."id"`,
      keyOf: (row) => [row.createdAt, row.id],
      read: (after, limit) => db.$queryRaw<TransactionRow[]>`
        SELECT ${TRANSACTION_COLUMNS} FROM "transaction" t WHERE ${monthWhere(input)} ${after}
        ORDER BY t."created_at", t."id" LIMIT ${limit}`,
    },
    batch,
  );
}

/** The amount of an operator's transactions created in [start, end), as a decimal string. */
export async function transactionAmount(input: {
  scope: OperatorScope;
  start: Date;
  end: Date;
}): Promise<string> {
  const [row] = await db.$queryRaw<{ amount: string }[]>`
    SELECT COALESCE(SUM(t."amount"), 0)::text AS "amount"
    FROM "transaction" t
    WHERE ${ownTransactionsSql(input.scope)}
      AND t."created_at" >= ${input.start} AND t."created_at" < ${input.end}`;
  return row.amount;
}

export const TOTAL_MODES = ["jour", "espece", "plantation", "contexte"] as const;
export type TotalMode = (typeof TOTAL_MODES)[number];

export interface TotalRow {
  key: string | number | null;
  name: string | null;
  transactions: number;
  trees: number;
  freeTrees: number;
  amount: string;
  /** Of the trees and the amount, the visitors' (claim codes and payments), counted apart. */
  visitorTrees: number;
  visitorAmount: string;
}

const GROUPS: Record<TotalMode, { key: Prisma.Sql; name: Prisma.Sql; join: Prisma.Sql }> = {
  jour: {
    key: Prisma.sql`to_char(t."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
    name: Prisma.sql`to_char(t."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
    join: Prisma.empty,
  },
  espece: {
    key: Prisma.sql`t."species_id"`,
    name: Prisma.sql`g."name"`,
    join: Prisma.sql`LEFT JOIN "species" g ON g."id" = t."species_id"`,
  },
  plantation: {
    key: Prisma.sql`t."plantation_id"`,
    name: Prisma.sql`g."name"`,
    join: Prisma.sql`LEFT JOIN "plantation" g ON g."id" = t."plantation_id"`,
  },
  contexte: {
    key: Prisma.sql`t."context_id"`,
    name: Prisma.sql`g."name"`,
    join: Prisma.sql`LEFT JOIN "context" g ON g."id" = t."context_id"`,
  },
};

export async function transactionTotals(input: MonthOf & { mode: TotalMode; limit: number; offset: number }) {
  const group = GROUPS[input.mode];
  const grouped = Prisma.sql`
    SELECT ${group.key} AS "key", MIN(${group.name}) AS "name",
           COUNT(*)::int AS "transactions", SUM(t."tree_count")::int AS "trees",
           SUM(t."free_tree_count")::int AS "freeTrees", SUM(t."amount")::text AS "amount",
           COALESCE(SUM(t."tree_count") FILTER (WHERE t."origin" <> 'partner'), 0)::int AS "visitorTrees",
           COALESCE(SUM(t."amount") FILTER (WHERE t."origin" <> 'partner'), 0)::text AS "visitorAmount"
    FROM "transaction" t ${group.join}
    WHERE ${monthWhere(input)}
    GROUP BY 1`;
  return paged<TotalRow>(grouped, Prisma.sql`q."key" NULLS FIRST`, input.limit, input.offset);
}
