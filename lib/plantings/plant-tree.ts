// Plants one tree in a memorial: allocation from stock, a prepaid tree if any remain, the
// planting's transaction and the tree row, all in the caller's database transaction.
import type { Tx } from "@/lib/db/client";
import { allocateTree, takePrepaidTree } from "./allocate-tree";

export interface PlantTreeInput {
  operatorId: number;
  isTest: boolean;
  memorialId: number;
  personId: number | null;
  contextId: number | null;
  epfId: number | null;
  planter: string;
  message: string | null;
  externalId: number | bigint | null;
  memorialsLot: number | null;
  uEventId: number | null;
  specialEmailType: number | null;
}

export interface PlantedTree {
  treeId: number;
  transactionId: number;
  speciesId: number;
  plantationId: number;
  free: boolean;
}

export async function plantTree(tx: Tx, input: PlantTreeInput): Promise<PlantedTree> {
  const consume = !input.isTest;
  const tree = await allocateTree(tx, input.operatorId, { consumeStock: consume });
  // Prepaid trees count as free: their payment is not linked to this transaction (2.3).
  const free = await takePrepaidTree(tx, input.operatorId, { consume });
  const transaction = await tx.transaction.create({
    data: {
      operatorId: input.operatorId,
      contextId: input.contextId,
      type: "Plantation",
      memorialId: input.memorialId,
      personId: input.personId,
      treeCount: 1,
      freeTreeCount: free ? 1 : 0,
      speciesId: tree.speciesId,
      plantationId: tree.plantationId,
      amount: free ? "0" : tree.unitPrice,
      externalId: input.externalId === null ? null : BigInt(input.externalId),
      memorialsLot: input.memorialsLot,
      uEventId: input.uEventId,
      specialEmailType: input.specialEmailType,
      isTest: input.isTest,
    },
  });
  // A tree planted without a funeral home's context (a newspaper's, say) in the memorial of a
  // person linked to a funeral home counts in that funeral home's report.
  let epfId = input.epfId;
  if (epfId === null && input.personId !== null) {
    const person = await tx.person.findUnique({ where: { id: input.personId }, select: { epfId: true } });
    epfId = person?.epfId ?? null;
  }
  const row = await tx.tree.create({
    data: {
      memorialId: input.memorialId,
      operatorId: input.operatorId,
      contextId: input.contextId,
      epfId,
      personId: input.personId,
      speciesId: tree.speciesId,
      plantationId: tree.plantationId,
      quantity: 1,
      planter: input.planter,
      message: input.message,
      free,
      unitPrice: tree.unitPrice,
      isTest: input.isTest,
      transactionId: transaction.id,
    },
  });
  return {
    treeId: row.id,
    transactionId: transaction.id,
    speciesId: tree.speciesId,
    plantationId: tree.plantationId,
    free,
  };
}
