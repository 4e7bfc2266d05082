// One month of the operator's transactions for the dashboard: the list (with the names of the
// species, sites and contexts it refers to), the totals by each mode of
// /Transactions/totaux/{mode}, and the prepaid balance. The scope's (production) transactions only.
import { db } from "@memorial/lib/db/client";
import { type CsvValue, decimal } from "@memorial/lib/exports/csv";
import type { OperatorScope } from "@memorial/lib/scope";
import {
  listTransactions,
  TOTAL_MODES,
  type TotalMode,
  type TotalRow,
  type TransactionRow,
  transactionBatches,
  transactionTotals,
} from "@memorial/lib/transactions/queries";

async function names(rows: TransactionRow[]) {
  const ids = (pick: (r: TransactionRow) => number | null) => [
    ...new Set(rows.map(pick).filter((v): v is number => v !== null)),
  ];
  const [species, sites, contexts] = await Promise.all([
    db.species.findMany({ where: { id: { in: ids((r) => r.speciesId) } }, select: { id: true, name: true } }),
    db.plantation.findMany({
      where: { id: { in: ids((r) => r.plantationId) } },
      select: { id: true, name: true },
    }),
    db.context.findMany({ where: { id: { in: ids((r) => r.contextId) } }, select: { id: true, name: true } }),
  ]);
  const map = (list: { id: number; name: string }[]) => new Map(list.map((x) => [x.id, x.name]));
  return { species: map(species), sites: map(sites), contexts: map(contexts) };
}

export async function withNames(rows: TransactionRow[]) {
  const n = await names(rows);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    memorialId: row.memorialId,
    personId: row.personId,
    treeCount: row.treeCount,
    freeTreeCount: row.freeTreeCount,
    species: row.speciesId === null ? null : (n.species.get(row.speciesId) ?? null),
    speciesId: row.speciesId,
    plantation: row.plantationId === null ? null : (n.sites.get(row.plantationId) ?? null),
    plantationId: row.plantationId,
    context: row.contextId === null ? null : (n.contexts.get(row.contextId) ?? null),
    contextId: row.contextId,
    amount: row.amount,
    externalId: row.externalId,
    memorialsLot: row.memorialsLot,
    origin: row.origin,
    paymentReference: row.paymentReference,
  }));
}

/**
 * The moves of the transactions' trees (tree_move), shown beside each transaction. A
 * transaction is an accounting record and keeps the memorial it was paid for; its tree may have
 * moved since.
 */
async function withMoves<T extends { id: number; memorialId: number }>(rows: T[]) {
  // A moved tree's first move left the memorial its transaction names (tree_move's index on
  // from_memorial_id finds it); its later moves follow by tree (no index on tree.transaction_id).
  const moves = rows.length
    ? await db.$queryRaw<
        { transaction_id: number; tree_id: number; to_memorial_id: number; moved_at: Date }[]
      >`
      SELECT t."transaction_id", m."tree_id", m."to_memorial_id", m."moved_at"
      FROM "tree_move" m JOIN "tree" t ON t."id" = m."tree_id"
      WHERE m."tree_id" IN (SELECT f."tree_id" FROM "tree_move" f
          WHERE f."from_memorial_id" = ANY(${[...new Set(rows.map((row) => row.memorialId))]}::int[]))
        AND t."transaction_id" = ANY(${rows.map((row) => row.id)}::int[])
      ORDER BY m."id"`
    : [];
  return rows.map((row) => ({
    ...row,
    moves: moves
      .filter((move) => move.transaction_id === row.id)
      .map((move) => ({
        treeId: move.tree_id,
        toMemorialId: move.to_memorial_id,
        movedAt: move.moved_at.toISOString(),
      })),
  }));
}

export async function monthTransactions(input: {
  scope: OperatorScope;
  year: number;
  month: number;
  limit: number;
  offset: number;
}) {
  const base = { scope: input.scope, year: input.year, month: input.month };
  const [list, operator, ...totals] = await Promise.all([
    listTransactions({ ...base, limit: input.limit, offset: input.offset }),
    db.operator.findUniqueOrThrow({ where: { id: input.scope.operatorId }, select: { prepaidTrees: true } }),
    ...TOTAL_MODES.map((mode) => transactionTotals({ ...base, mode, limit: 1000, offset: 0 })),
  ]);
  return {
    year: input.year,
    month: input.month,
    prepaidTrees: operator.prepaidTrees,
    rows: await withMoves(await withNames(list.rows)),
    total: list.total,
    totals: Object.fromEntries(
      TOTAL_MODES.map((mode, i) => [
        mode,
        totals[i].rows.map((row) => ({ ...row, key: row.key === null ? null : String(row.key) })),
      ]),
    ) as Record<TotalMode, (Omit<TotalRow, "key"> & { key: string | null })[]>,
  };
}

export type MonthTransactions = Awaited<ReturnType<typeof monthTransactions>>;

/**
 * Every transaction of the month (month null: of the year) for the exports, lib/transactions'
 * batches with their names.
 */
export async function* allMonthTransactions(
  scope: OperatorScope,
  year: number,
  month: number | null,
  batch = 1000,
) {
  for await (const rows of transactionBatches({ scope, year, month }, batch)) {
    yield* await withNames(rows);
  }
}

export const TRANSACTION_CSV_HEADER = [
  "Id",
  "Date",
  "Type",
  "MemorialId",
  "PersonneId",
  "NombreArbre",
  "NombreArbresGratuits",
  "EspeceId",
  "Espece",
  "PlantationId",
  "Plantation",
  "ContexteId",
  "Contexte",
  "Montant",
  "ExternalId",
  "MemorialsLot",
  "Origine",
  "ReferencePaiement",
];

export function transactionCsvRow(row: Awaited<ReturnType<typeof withNames>>[number]): CsvValue[] {
  return [
    row.id,
    new Date(row.createdAt),
    row.type,
    row.memorialId,
    row.personId,
    row.treeCount,
    row.freeTreeCount,
    row.speciesId,
    row.species,
    row.plantationId,
    row.plantation,
    row.contextId,
    row.context,
    decimal(row.amount),
    row.externalId,
    row.memorialsLot,
    row.origin,
    row.paymentReference,
  ];
}
