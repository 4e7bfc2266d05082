// The dashboard's home: this calendar month against the last one, the trees of the last 12
// months, and the memorials whose family has not confirmed for more than 7 days. The signed-in
// user's scope (its operator's production data) only, as the policy defines it (ownMemorialsOf), each figure one SQL
// aggregate (never rows summed in JavaScript). Trees and CO2 are the tree reports' own totals
// and buckets (lib/reports, scope "operator"), the amount is lib/transactions': no copy of
// their rules here.
import { db, type Prisma } from "@memorial/lib/db/client";
import {
  displayTitle,
  ownMemorialsOf,
  ownMemorialsOfSql,
  TITLE_SELECT,
} from "@memorial/lib/memorials/policy";
import { setUnconfirmedOutcome } from "@memorial/lib/operators/create-operator";
import { type ReportFilter, reportBuckets, reportTotals } from "@memorial/lib/reports/queries";
import { treesWaitingCount } from "@memorial/lib/reports/tree-life";
import type { OperatorScope } from "@memorial/lib/scope";
import { transactionAmount } from "@memorial/lib/transactions/queries";

/** Every tree the scope's operator planted in its environment in [start, end), as the reports count them. */
const operatorTrees = (scope: OperatorScope, start: Date, end: Date): ReportFilter => ({
  viewer: scope,
  scope: { kind: "operator" },
  start,
  end,
});

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

async function figures(scope: OperatorScope, start: Date, end: Date): Promise<MonthFigures> {
  const [trees, [memorials], amount] = await Promise.all([
    reportTotals(operatorTrees(scope, start, end)),
    db.$queryRaw<{ created: number; awaiting: number }[]>`
      SELECT COUNT(*)::int AS "created",
             COUNT(*) FILTER (WHERE m."status" = 'awaiting_confirmation')::int AS "awaiting"
      FROM "memorial" m
      WHERE ${ownMemorialsOfSql(scope)} AND m."created_at" >= ${start} AND m."created_at" < ${end}`,
    transactionAmount({ scope, start, end }),
  ]);
  return {
    trees: trees.trees,
    co2Kg: Number(trees.co2),
    memorials: memorials.created,
    awaiting: memorials.awaiting,
    amount,
  };
}

/** Trees per month of the 12 calendar months ending with `year`-`month`, in one query. */
async function lastTwelveMonths(scope: OperatorScope, year: number, month: number) {
  const start = monthStart(year, month - 11);
  const end = monthStart(year, month + 1);
  const rows = await reportBuckets(operatorTrees(scope, start, end), "month");
  const byMonth = new Map(rows.map((row) => [row.bucket.getTime(), row.trees]));
  return Array.from({ length: 12 }, (_, i) => {
    const d = monthStart(year, month - 11 + i);
    return { start: d.toISOString(), trees: byMonth.get(d.getTime()) ?? 0 };
  });
}

/** Memorials awaiting their family's confirmation for more than 7 days, oldest first. */
async function staleConfirmations(scope: OperatorScope, now = new Date(), limit = 50) {
  const before = new Date(now.getTime() - STALE_CONFIRMATION_DAYS * 86_400_000);
  const where: Prisma.MemorialWhereInput = {
    ...ownMemorialsOf(scope),
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
export async function overview(scope: OperatorScope, now = new Date()) {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const [current, previous, chart, stale, waiting, outcome] = await Promise.all([
    figures(scope, monthStart(year, month), monthStart(year, month + 1)),
    figures(scope, monthStart(year, month - 1), monthStart(year, month)),
    lastTwelveMonths(scope, year, month),
    staleConfirmations(scope, now),
    // Trees ordered and not yet planted in the ground, whenever ordered.
    treesWaitingCount(scope),
    // What becomes of the tree of a memorial its family never confirms.
    setUnconfirmedOutcome(scope.operatorId),
  ]);
  return {
    year,
    month,
    current,
    previous,
    chart,
    stale,
    waiting,
    unconfirmedOutcome: outcome.unconfirmedOutcome,
  };
}
