// Transaction records and total lines (contract.md, "Listings and reports").

import type { ContextKind } from "@/lib/db/generated/enums";
import { CONTEXT_KINDS, ID_FIELD } from "@/lib/operators/contexts";
import type { TotalMode, TotalRow, TransactionRow } from "@/lib/transactions/queries";

/** The context ids of a transaction's chain, keyed by context id, filled by the caller. */
export type ChainIds = Map<number, Partial<Record<ContextKind, number>>>;

export function serializeTransaction(row: TransactionRow, chains: ChainIds) {
  const ids = row.contextId ? (chains.get(row.contextId) ?? {}) : {};
  const record: Record<string, unknown> = {
    Id: row.id,
    Date: row.createdAt.toISOString(),
    Type: row.type,
    MemorialId: row.memorialId,
    PersonneId: row.personId ?? 0,
    NombreArbre: row.treeCount,
    NombreArbresGratuits: row.freeTreeCount,
    EspeceId: row.speciesId ?? 0,
    PlantationId: row.plantationId ?? 0,
    Montant: Number(row.amount),
    ExternalId: row.externalId === null ? null : Number(row.externalId),
    MemorialsLot: row.memorialsLot,
    UEventId: row.uEventId,
    ContexteId: row.contextId ?? 0,
  };
  for (const kind of CONTEXT_KINDS) record[ID_FIELD[kind]] = ids[kind] ?? 0;
  return record;
}

export function serializeTotal(mode: TotalMode, row: TotalRow) {
  return {
    Mode: mode,
    Cle: row.key,
    Nom: row.name,
    NombreTransactions: row.transactions,
    NombreArbres: row.trees,
    NombreArbresGratuits: row.freeTrees,
    Montant: Number(row.amount),
  };
}
