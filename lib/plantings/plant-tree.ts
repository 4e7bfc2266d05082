// Plants one tree in a memorial: allocation from stock, a prepaid tree if any remain, the
// planting's transaction and the tree row, all in the caller's database transaction.

import type { ChangeRecorder } from "@memorial/lib/changes/record";
import type { TreeOrigin } from "@memorial/lib/db/generated/enums";
import type { SqlClient } from "@memorial/lib/db/raw";
import type { EventPayloads } from "@memorial/lib/events/payloads";
import { allocateTree, type PrepaidUse } from "./allocate-tree";

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
  /** A visitor's tree (partner when absent), how it is paid, its payment's reference. */
  visitor?: VisitorTree;
}

/** What a visitor's tree adds to a planting (lib/visitors). */
export interface VisitorTree {
  origin: Exclude<TreeOrigin, "partner">;
  prepaid: PrepaidUse;
  paymentReference: string | null;
  /** The visitor's words wait for the family's moderation: the message is hidden until then. */
  wordsHidden: boolean;
}

export interface PlantedTree {
  treeId: number;
  transactionId: number;
  speciesId: number;
  plantationId: number;
  free: boolean;
}

export async function plantTree(tx: SqlClient, input: PlantTreeInput): Promise<PlantedTree> {
  const visitor = input.visitor;
  const tree = await allocateTree(tx, input.operatorId, {
    consumeStock: !input.isTest,
    prepaid: visitor?.prepaid ?? "use",
  });
  const origin = visitor?.origin ?? "partner";
  const free = tree.free;
  // The planting's transaction and the tree, in one statement. A tree planted without a funeral
  // home's context (a newspaper's, say) in the memorial of a person linked to a funeral home
  // counts in that funeral home's report (tree.epf_id from the person).
  const externalId = input.externalId === null ? null : BigInt(input.externalId);
  const [row] = await tx.$queryRaw<{ tree_id: number; transaction_id: number }[]>`
    WITH t AS (
      INSERT INTO "transaction" ("operator_id", "context_id", "type", "memorial_id", "person_id", "tree_count",
        "free_tree_count", "species_id", "plantation_id", "amount", "external_id", "memorials_lot", "u_event_id",
        "special_email_type", "is_test", "origin", "payment_reference")
      VALUES (${input.operatorId}, ${input.contextId}, 'Plantation'::"TransactionType", ${input.memorialId},
        ${input.personId}, 1, ${free ? 1 : 0}, ${tree.speciesId}, ${tree.plantationId},
        ${free ? "0" : tree.unitPrice}::numeric, ${externalId}, ${input.memorialsLot}, ${input.uEventId},
        ${input.specialEmailType}, ${input.isTest}, ${origin}::"TreeOrigin", ${visitor?.paymentReference ?? null})
      RETURNING "id")
    INSERT INTO "tree" ("memorial_id", "operator_id", "context_id", "epf_id", "person_id", "species_id",
      "plantation_id", "quantity", "planter", "message", "free", "unit_price", "is_test", "transaction_id",
      "origin", "message_hidden_at")
    SELECT ${input.memorialId}, ${input.operatorId}, ${input.contextId},
      COALESCE(${input.epfId}::int, (SELECT pe."epf_id" FROM "person" pe WHERE pe."id" = ${input.personId}::int)),
      ${input.personId}, ${tree.speciesId}, ${tree.plantationId}, 1, ${input.planter}, ${input.message}, ${free},
      ${tree.unitPrice}::numeric, ${input.isTest}, t."id",
      ${origin}::"TreeOrigin", CASE WHEN ${visitor?.wordsHidden ?? false} THEN now() END
    FROM t
    RETURNING "id" AS "tree_id", "transaction_id"`;
  return {
    treeId: row.tree_id,
    transactionId: row.transaction_id,
    speciesId: tree.speciesId,
    plantationId: tree.plantationId,
    free,
  };
}

/** What every tree.planted event names first: the tree, its planting's transaction, its species. */
export const plantedPayload = (tree: PlantedTree) => ({
  treeId: tree.treeId,
  transactionId: tree.transactionId,
  speciesId: tree.speciesId,
});

/** A tree planted, as recordTreePlanted records it. */
interface TreePlanted {
  operatorId: number;
  memorialId: number;
  isTest: boolean;
  /** The audit row's fields. */
  after: Record<string, unknown>;
  /** What the event adds to plantedPayload (the link base, the queue's or the visitor's planting). */
  payload: Omit<EventPayloads["tree.planted"], keyof ReturnType<typeof plantedPayload>>;
}

/**
 * Records a tree planted in an existing memorial (a partner's, the queue's, a visitor's): its audit
 * row, on the tree, and its event.
 */
export function recordTreePlanted(changes: ChangeRecorder, tree: PlantedTree, planted: TreePlanted) {
  return changes.record({
    kind: "tree.planted",
    target: { type: "tree", id: tree.treeId },
    operatorId: planted.operatorId,
    memorialId: planted.memorialId,
    after: planted.after,
    event: { isTest: planted.isTest, payload: { ...plantedPayload(tree), ...planted.payload } },
  });
}
