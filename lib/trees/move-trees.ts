// An operator moves a tree, or every tree of a memorial, to another memorial of its
// own (the dashboard, the command line, POST /v1/Arbres/Deplacer, and the merge of duplicate
// memorials). The rules:
// - both memorials are the operator's (another operator's answers "not found", as everywhere) and of
//   the same environment (a test memorial's trees never reach a live one); they differ;
// - the target takes trees only while it can show them: visible (not awaiting its family, not
//   closed as not confirmed) and not hidden by its family; the operator's global memorial is a fine
//   target (and a fine source);
// - the trees moved are the operator's own trees of the source: "all" moves every one of them; a
//   tree another operator planted in the memorial (a newspaper's in a funeral home's memorial) is
//   that operator's and stays where it was planted;
// - a tree keeps its id, history, status, planter, message, transaction and funeral home (epf_id):
//   the money stays where it was paid, the transaction rows are accounting records and are not
//   rewritten. Its memorial and person follow the target. One tree_move row per tree is the record
//   of the move, which the dashboard's transaction list and the tree's pages show.
// One event tree.moved per call (none when nothing moved) tells partners (webhook tree.moved) and
// drops both memorials' cached pages on every instance (its memorialId and memorialIds).
// Concurrency: both memorial rows are locked (lower id first, so two moves in opposite directions
// cannot deadlock), then the trees, which are read again under the locks: of two moves of the same
// tree at once, the second finds it gone from its source and is refused; nothing is half moved.
import type { ChangeRecorder } from "@memorial/lib/changes/record";
import type { Tx } from "@memorial/lib/db/client";
import { DomainError, invalid, notFound } from "@memorial/lib/errors";
import { closedToTrees, type MemorialOpenness } from "@memorial/lib/memorials/policy";

export interface TreeMoveInput {
  /** The caller's operator: both memorials and every tree must be its own. */
  operatorId: number;
  fromMemorialId: number;
  toMemorialId: number;
  /** "all": every tree of fromMemorialId (the operator's own). */
  treeIds: number[] | "all";
  /** Who: a dashboard user's e-mail, "cli", "key <name>", "service". */
  by: string;
  /** Set when a merge of duplicate memorials moves the trees. */
  mergeId?: number | null;
  /** When given (an API key's environment), both memorials must be of it, else they are not found. */
  isTest?: boolean;
}

export interface TreeMoveResult {
  movedTreeIds: number[];
  toMemorialId: number;
  fromMemorialId: number;
}

interface LockedMemorial extends MemorialOpenness {
  id: number;
  operator_id: number;
  is_test: boolean;
  person_id: number | null;
}

/** Runs inside the caller's transaction; locks both memorial rows (lower id first) and the trees. */
export async function moveTrees(
  tx: Tx,
  changes: ChangeRecorder,
  input: TreeMoveInput,
): Promise<TreeMoveResult> {
  const { operatorId, fromMemorialId, toMemorialId } = input;
  for (const [field, id] of [
    ["fromMemorialId", fromMemorialId],
    ["toMemorialId", toMemorialId],
  ] as const) {
    if (!Number.isSafeInteger(id) || id < 1) {
      throw invalid(`${field} must be a memorial id (a positive integer)`, { field, reason: "invalid" });
    }
  }
  if (fromMemorialId === toMemorialId) {
    throw invalid("the trees are already in this memorial: name another memorial to move them to", {
      field: "toMemorialId",
      reason: "same-memorial",
    });
  }
  const named = input.treeIds === "all" ? null : [...new Set(input.treeIds)];
  if (named !== null) {
    if (named.length === 0) {
      throw invalid("name at least one tree to move (or every tree)", { field: "treeIds", reason: "empty" });
    }
    const bad = named.find((id) => !Number.isSafeInteger(id) || id < 1);
    if (bad !== undefined) {
      throw invalid(`tree id ${bad} is not a tree id (a positive integer)`, {
        field: "treeIds",
        reason: "invalid",
      });
    }
  }
  const by = input.by.trim().slice(0, 200) || "service";

  // Both rows locked in id order, whichever is the source.
  const rows = await tx.$queryRaw<LockedMemorial[]>`
    SELECT "id", "operator_id", "status"::text AS "status", "is_test", "person_id",
      "hidden_at" AS "hiddenAt", "taken_down_at" AS "takenDownAt", "erasure_requested_at" AS "erasureRequestedAt",
      "erased_at" AS "erasedAt", "merged_into_id" AS "mergedIntoId"
    FROM "memorial" WHERE "id" IN (${fromMemorialId}, ${toMemorialId})
    ORDER BY "id" FOR UPDATE`;
  const mine = (id: number) =>
    rows.find(
      (row) =>
        row.id === id &&
        row.operator_id === operatorId &&
        (input.isTest === undefined || row.is_test === input.isTest),
    );
  const from = mine(fromMemorialId);
  if (!from) {
    throw notFound(`memorial ${fromMemorialId} does not exist`, {
      field: "fromMemorialId",
      reason: "not-found",
    });
  }
  const to = mine(toMemorialId);
  if (!to)
    throw notFound(`memorial ${toMemorialId} does not exist`, { field: "toMemorialId", reason: "not-found" });
  if (from.is_test !== to.is_test) {
    throw invalid(
      `memorial ${fromMemorialId} and memorial ${toMemorialId} are not of the same environment (test and live)`,
      { field: "toMemorialId", reason: "environment" },
    );
  }
  const closed = closedToTrees(to, "now");
  if (closed) {
    throw new DomainError("MEMORIAL_CLOSED", `memorial ${toMemorialId} ${closed}: it cannot take trees`, {
      field: "toMemorialId",
      reason: "closed",
    });
  }

  type TreeRow = { id: number; memorial_id: number; operator_id: number };
  const trees =
    named === null
      ? await tx.$queryRaw<TreeRow[]>`
        SELECT "id", "memorial_id", "operator_id" FROM "tree"
        WHERE "memorial_id" = ${fromMemorialId} AND "operator_id" = ${operatorId}
        ORDER BY "id" FOR UPDATE`
      : await tx.$queryRaw<TreeRow[]>`
        SELECT "id", "memorial_id", "operator_id" FROM "tree"
        WHERE "id" = ANY(${named}::int[])
        ORDER BY "id" FOR UPDATE`;
  if (named !== null) {
    const missing = named.find(
      (id) =>
        !trees.some(
          (tree) => tree.id === id && tree.memorial_id === fromMemorialId && tree.operator_id === operatorId,
        ),
    );
    if (missing !== undefined) {
      throw notFound(`tree ${missing} is not one of your trees in memorial ${fromMemorialId}`, {
        field: "treeIds",
        reason: "not-found",
      });
    }
  }
  const movedTreeIds = trees.map((tree) => tree.id);
  if (movedTreeIds.length === 0) return { movedTreeIds, fromMemorialId, toMemorialId };

  await tx.$executeRaw`
    UPDATE "tree" SET "memorial_id" = ${toMemorialId}, "person_id" = ${to.person_id}
    WHERE "id" = ANY(${movedTreeIds}::int[]) AND "memorial_id" = ${fromMemorialId}`;
  const mergeId = input.mergeId ?? null;
  await tx.$executeRaw`
    INSERT INTO "tree_move" ("tree_id", "operator_id", "from_memorial_id", "to_memorial_id", "moved_by", "merge_id")
    SELECT unnest(${movedTreeIds}::int[]), ${operatorId}, ${fromMemorialId}, ${toMemorialId}, ${by}, ${mergeId}::int`;
  const event = {
    isTest: to.is_test,
    memorialId: toMemorialId,
    memorialIds: [fromMemorialId],
    payload: { treeIds: movedTreeIds, fromMemorialId, toMemorialId, mergeId },
  };
  // A merge's moves are its own row's (memorial.merged); a move asked for has its row here.
  if (mergeId === null) {
    await changes.record({
      kind: "tree.moved",
      target:
        movedTreeIds.length === 1
          ? { type: "tree", id: movedTreeIds[0]! }
          : { type: "memorial", id: fromMemorialId },
      operatorId,
      memorialId: fromMemorialId,
      before: { memorialId: fromMemorialId, treeIds: movedTreeIds },
      after: { memorialId: toMemorialId, treeIds: movedTreeIds },
      event,
    });
  } else {
    await changes.record({ kind: "event.tree.moved", operatorId, event });
  }
  return { movedTreeIds, fromMemorialId, toMemorialId };
}
