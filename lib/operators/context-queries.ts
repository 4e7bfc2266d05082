// Reads of an operator's contexts (funeral homes and the levels above them) for the edges that let
// a user choose one.
import { db } from "@memorial/lib/db/client";

/** The context of this id with its kind if it is the operator's own, else null. */
export async function ownContext(operatorId: number, contextId: number) {
  return db.context.findFirst({
    where: { id: contextId, operatorId },
    select: { id: true, kind: true },
  });
}
