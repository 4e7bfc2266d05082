// Transaction records and total lines (contract.md, "Listings and reports").

import type { ContextKind } from "@memorial/lib/db/generated/enums";
import { CONTEXT_KINDS, ID_FIELD } from "@memorial/lib/operators/contexts";
import type { TotalMode, TotalRow, TransactionRow } from "@memorial/lib/transactions/queries";
import type { TContexteIds, TTotalLine, TTransaction } from "@memorial/lib/v1/schemas/responses";

/** The context ids of a transaction's chain, keyed by context id, filled by the caller. */
export type ChainIds = Map<number, Partial<Record<ContextKind, number>>>;

export function serializeTransaction(row: TransactionRow, chains: ChainIds): TTransaction {
  const ids = row.contextId ? (chains.get(row.contextId) ?? {}) : {};
  const contexteIds = Object.fromEntries(
    CONTEXT_KINDS.map((kind) => [ID_FIELD[kind], ids[kind] ?? 0]),
  ) as TContexteIds;
  return {
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
    ...contexteIds,
    Origine: row.origin,
    ReferencePaiement: row.paymentReference,
  };
}

export function serializeTotal(mode: TotalMode, row: TotalRow): TTotalLine {
  return {
    Mode: mode,
    Cle: row.key,
    Nom: row.name,
    NombreTransactions: row.transactions,
    NombreArbres: row.trees,
    NombreArbresGratuits: row.freeTrees,
    Montant: Number(row.amount),
    NombreArbresVisiteurs: row.visitorTrees,
    MontantVisiteurs: Number(row.visitorAmount),
  };
}
