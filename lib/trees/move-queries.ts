// The record of tree moves (tree_move) as the dashboard shows it: the moves into and
// out of one of the operator's memorials, newest first. Written by lib/trees/move-trees.ts only.
import { db } from "@memorial/lib/db/client";
import type { OperatorScope } from "@memorial/lib/scope";

export interface TreeMoveRow {
  id: number;
  operatorId: number;
  treeId: number;
  fromMemorialId: number;
  toMemorialId: number;
  movedAt: string;
  movedBy: string;
  mergeId: number | null;
}

const moveRow = (row: Omit<TreeMoveRow, "movedAt"> & { movedAt: Date }): TreeMoveRow => ({
  ...row,
  movedAt: row.movedAt.toISOString(),
});

/** How many moves a memorial's page lists (the newest). */
const MOVES_SHOWN = 50;

/** The moves of the operator's trees into or out of `memorialId`, newest first. */
export async function movesOfMemorial(scope: OperatorScope, memorialId: number): Promise<TreeMoveRow[]> {
  const rows = await db.treeMove.findMany({
    where: {
      operatorId: scope.operatorId,
      OR: [{ fromMemorialId: memorialId }, { toMemorialId: memorialId }],
    },
    orderBy: { id: "desc" },
    take: MOVES_SHOWN,
  });
  return rows.map(moveRow);
}

/** The moves of one of the operator's trees, oldest first (its page's history). */
export async function movesOfTree(scope: OperatorScope, treeId: number): Promise<TreeMoveRow[]> {
  const rows = await db.treeMove.findMany({
    where: { operatorId: scope.operatorId, treeId },
    orderBy: { id: "asc" },
  });
  return rows.map(moveRow);
}
