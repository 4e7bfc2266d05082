// The dashboard's home: this calendar month against the last one, the trees of the last 12
// months, and the memorials whose family has not confirmed for more than 7 days. The signed-in
// operator's live data only, as the policy defines it (ownMemorialsOf, reportTreesSql), each
// figure one SQL aggregate (never rows summed in JavaScript).
import { db, type Prisma } from "@/lib/db/client";
import {
  displayTitle,
  ownMemorialsOf,
  ownMemorialsOfSql,
  reportTreesSql,
  TITLE_SELECT,
} from "@/lib/memorials/policy";

/** The dashboard acts as the operator's live key. */
const live = (operatorId: number) => ({ kind: "operator" as const, operatorId, isTest: false });

/** How long a family may leave a confirmation unanswered before the home page lists it. */
export const STALE_CONFIRMATION_DAYS = 7;

export interface MonthFigures {
  trees: number;
  co2Kg: number;
  memorials: number;
  awaiting: number;
  amount: string;
}

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1));

async function figures(operatorId: number, start: Date, end: Date): Promise<MonthFigures> {
  const viewer = live(operatorId);
  const [trees] = await db.$queryRaw<{ trees: number; co2: string }[]>`
    SELECT COALESCE(SUM(t."quantity"), 0)::int AS "trees",
           COALESCE(SUM(t."quantity" * s."co2_kg_per_tree"), 0)::text AS "co2"
    FROM "tree" t JOIN "species" s ON s."id" = t."species_id"
    WHERE t."operator_id" = ${operatorId} AND ${reportTreesSql(viewer)}
      AND t."planted_at" >= ${start} AND t."planted_at" < ${end}`;
  const [memorials] = await db.$queryRaw<{ created: number; awaiting: number }[]>`
    SELECT COUNT(*)::int AS "created",
           COUNT(*) FILTER (WHERE m."status" = 'awaiting_confirmation')::int AS "awaiting"
    FROM "memorial" m
    WHERE ${ownMemorialsOfSql(viewer)} AND m."created_at" >= ${start} AND m."created_at" < ${end}`;
  const [amount] = await db.$queryRaw<{ amount: string }[]>`
    SELECT COALESCE(SUM(x."amount"), 0)::text AS "amount"
    FROM "transaction" x
    WHERE x."operator_id" = ${operatorId} AND x."is_test" = false
      AND x."created_at" >= ${start} AND x."created_at" < ${end}`;
  return {
    trees: trees.trees,
    co2Kg: Number(trees.co2),
    memorials: memorials.created,
    awaiting: memorials.awaiting,
    amount: amount.amount,
  };
}

/** Trees per month of the 12 calendar months ending with `year`-`month`, in one query. */
async function lastTwelveMonths(operatorId: number, year: number, month: number) {
  const viewer = live(operatorId);
  const start = monthStart(year, month - 11);
  const end = monthStart(year, month + 1);
  const rows = await db.$queryRaw<{ bucket: Date; trees: number }[]>`
    SELECT date_trunc('month', t."planted_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "bucket",
           SUM(t."quantity")::int AS "trees"
    FROM "tree" t
    WHERE t."operator_id" = ${operatorId} AND ${reportTreesSql(viewer)}
      AND t."planted_at" >= ${start} AND t."planted_at" < ${end}
    GROUP BY 1`;
  const byMonth = new Map(rows.map((row) => [row.bucket.getTime(), row.trees]));
  return Array.from({ length: 12 }, (_, i) => {
    const d = monthStart(year, month - 11 + i);
    return { start: d.toISOString(), trees: byMonth.get(d.getTime()) ?? 0 };
  });
}

/** Memorials awaiting their family's confirmation for more than 7 days, oldest first. */
export async function staleConfirmations(operatorId: number, now = new Date(), limit = 50) {
  const before = new Date(now.getTime() - STALE_CONFIRMATION_DAYS * 86_400_000);
  const where: Prisma.MemorialWhereInput = {
    ...ownMemorialsOf(live(operatorId)),
    status: "awaiting_confirmation",
    createdAt: { lt: before },
  };
  const [rows, total] = await Promise.all([
    db.memorial.findMany({
      where,
      select: { ...TITLE_SELECT, createdAt: true, family: { select: { email: true } } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: limit,
    }),
    db.memorial.count({ where }),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id,
      title: displayTitle(row),
      createdAt: row.createdAt.toISOString(),
      email: row.family?.email ?? null,
    })),
  };
}

/** The home page's figures for the calendar month of `now` (UTC), against the month before. */
export async function overview(operatorId: number, now = new Date()) {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const [current, previous, chart, stale] = await Promise.all([
    figures(operatorId, monthStart(year, month), monthStart(year, month + 1)),
    figures(operatorId, monthStart(year, month - 1), monthStart(year, month)),
    lastTwelveMonths(operatorId, year, month),
    staleConfirmations(operatorId, now),
  ]);
  return { year, month, current, previous, chart, stale };
}

export type Overview = Awaited<ReturnType<typeof overview>>;
