// Whose a tree is, for an edge that acts on a tree named by its id alone (the command line acts for
// the tree's own operator and environment).
import { db } from "@memorial/lib/db/client";

/** The operator and environment (isTest) of the tree of this id, null when there is none. */
export async function treeOwner(treeId: number): Promise<{ operatorId: number; isTest: boolean } | null> {
  return db.tree.findUnique({
    where: { id: treeId },
    select: { operatorId: true, isTest: true },
  });
}
