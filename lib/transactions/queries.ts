// Read models of transactions: one month of an operator's, listed or totalled by a mode.
import { Prisma } from "@/lib/db/client";
import { paged } from "@/lib/db/paged";
import { invalid } from "@/lib/errors";

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
}

/** [start, end) of a calendar month in UTC; 400 for a month that does not exist. */
export function monthRange(year: number, month: number): [Date, Date] {
  if (year < 2000 || year > 9999) throw invalid(`year must be between 2000 and 9999, got ${year}`);
  if (month < 1 || month > 12) throw invalid(`month must be between 1 and 12, got ${month}`);
  return [new Date(Date.UTC(year, month - 1, 1)), new Date(Date.UTC(year, month, 1))];
}

export async function listTransactions(input: {
  operatorId: number;
  isTest: boolean;
  year: number;
  month: number;
  limit: number;
  offset: number;
}) {
  const [start, end] = monthRange(input.year, input.month);
  const where = Prisma.sql`t."operator_id" = ${input.operatorId} AND t."is_test" = ${input.isTest}
    AND t."created_at" >= ${start} AND t."created_at" < ${end}`;
  return paged<TransactionRow>(
    Prisma.sql`
    SELECT t."id", t."created_at" AS "createdAt", t."type"::text AS "type", t."memorial_id" AS "memorialId",
           t."person_id" AS "personId", t."tree_count" AS "treeCount", t."free_tree_count" AS "freeTreeCount",
           t."species_id" AS "speciesId", t."plantation_id" AS "plantationId", t."amount"::text AS "amount",
           t."external_id"::text AS "externalId", t."memorials_lot" AS "memorialsLot",
           t."u_event_id" AS "uEventId", t."context_id" AS "contextId"
    FROM "transaction" t WHERE ${where}`,
    Prisma.sql`q."createdAt", q."id"`,
    input.limit,
    input.offset,
  );
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

export async function transactionTotals(input: {
  operatorId: number;
  isTest: boolean;
  mode: TotalMode;
  year: number;
  month: number;
  limit: number;
  offset: number;
}) {
  const [start, end] = monthRange(input.year, input.month);
  const group = GROUPS[input.mode];
  const grouped = Prisma.sql`
    SELECT ${group.key} AS "key", MIN(${group.name}) AS "name",
           COUNT(*)::int AS "transactions", SUM(t."tree_count")::int AS "trees",
           SUM(t."free_tree_count")::int AS "freeTrees", SUM(t."amount")::text AS "amount"
    FROM "transaction" t ${group.join}
    WHERE t."operator_id" = ${input.operatorId} AND t."is_test" = ${input.isTest}
      AND t."created_at" >= ${start} AND t."created_at" < ${end}
    GROUP BY 1`;
  return paged<TotalRow>(grouped, Prisma.sql`q."key" NULLS FIRST`, input.limit, input.offset);
}
