// The operator merges a pair of possible duplicates (lib/memorials/duplicates.ts) into
// the memorial it keeps, and may undo the merge within UNDO_DAYS (30).
//
// A merge, in one transaction: both memorial rows locked, the lower id first (then the pair's row),
// so that two merges of the same pair at once (or of pairs sharing a memorial) run one after the
// other, and the second finds the pair merged and is refused; the partial unique index
// memorial_merge_in_force_key holds "one merge in force per pair" besides. It moves to the kept
// memorial: the operator's trees (lib/trees/move-trees.ts moveTrees with the merge's id: they keep
// their ids, history and transactions, one tree_move row each), the guestbook's entries, the
// reminder subscriptions, the plantings waiting for stock, the deceased's portrait when the kept
// person has none, and the ceremony when the kept memorial has none (when both have one, the kept
// one's stays and the other stays with its memorial, out of sight behind the 301 until an undo);
// each is recorded (tree_move, memorial_merge_item), so that the undo moves back exactly what the
// merge moved and nothing that came later. The merged memorial keeps its row,
// its family and its links: merged_into_id makes its public address answer 301 to the kept one's
// (lib/http/merged-redirect.ts), its family's management link leads to the kept page, the public
// search and the other operators no longer see it (lib/memorials/policy.ts), and a tree the
// operator plants in it through the API goes to the kept memorial. Event memorial.merged (the
// webhook, both families' e-mails, both memorials' caches on every instance).
//
// Refused, with nothing written: another operator's pair (not found), a memorial to keep that is
// not one of the pair, a pair not open (merged already, or "not the same person"), a memorial
// already merged elsewhere, one awaiting its family or closed as not confirmed; moveTrees refuses
// a kept memorial hidden by its family.
//
// The undo, within 30 days of the merge (after, refused with the date it ended): the same locks,
// then the trees moved by the merge that are still in the kept memorial go back (moveTrees), the
// entries, subscriptions, waiting plantings and ceremony recorded go back, the portrait copied is
// removed, merged_into_id is cleared (the 301 stops), the pair is 'unmerged' (listed again, to merge the
// other way or to mark "not the same person"). Event memorial.unmerged. A merge whose kept memorial
// was merged into a third one since is undone after that later merge.
//
// A folder of its own: a merge moves trees (lib/trees), and lib/trees reads lib/memorials, so a
// merge in lib/memorials would make the folders a cycle (.dependency-cruiser.cjs). The detection,
// the pairs and mergedInto are in lib/memorials/duplicates.ts (the creation needs them).
import { withEvents } from "@memorial/lib/changes/record";
import { db, type Tx } from "@memorial/lib/db/client";
import { invalid, notFound } from "@memorial/lib/errors";
import type { MergePayload } from "@memorial/lib/events/payloads";
import { UNDO_DAYS } from "@memorial/lib/memorials/duplicates";
import { moveTrees } from "@memorial/lib/trees/move-trees";

export interface MergeInput {
  operatorId: number;
  duplicateId: number;
  /** The memorial that stays: one of the pair. */
  keepMemorialId: number;
  /** Who: the dashboard user's e-mail, "cli". */
  by: string;
  /** The base of the links of the families' e-mails (APP_URL, else the request's). */
  linkBase?: string | null;
}

/** What a merge (or its undo) moved: its events' payload but for who did it. */
export type MergeResult = Omit<MergePayload, "by">;

interface LockedMemorial {
  id: number;
  operator_id: number;
  status: string;
  is_test: boolean;
  merged_into_id: number | null;
  person_id: number | null;
  /** Its family hid it, took it down or asked for its erasure. */
  withdrawn: boolean;
}

/** Both memorial rows, locked in id order (the order of every use case that locks two). */
async function lockMemorials(tx: Tx, a: number, b: number): Promise<Map<number, LockedMemorial>> {
  const rows = await tx.$queryRaw<LockedMemorial[]>`
    SELECT "id", "operator_id", "status"::text AS "status", "is_test", "merged_into_id", "person_id",
      ("hidden_at" IS NOT NULL OR "taken_down_at" IS NOT NULL OR "erasure_requested_at" IS NOT NULL
        OR "erased_at" IS NOT NULL) AS "withdrawn"
    FROM "memorial" WHERE "id" IN (${a}, ${b}) ORDER BY "id" FOR UPDATE`;
  return new Map(rows.map((row) => [row.id, row]));
}

const pairNotFound = (id: number) =>
  notFound(`possible duplicate ${id} does not exist`, { field: "duplicate.id", reason: "not-found" });

export async function mergeMemorials(input: MergeInput): Promise<MergeResult> {
  const pair = await findPair(input.operatorId, input.duplicateId);
  const { first_memorial_id: first, second_memorial_id: second } = pair;
  if (input.keepMemorialId !== first && input.keepMemorialId !== second) {
    throw invalid(`memorial ${input.keepMemorialId} is not one of possible duplicate ${input.duplicateId}`, {
      field: "duplicate.keep",
      reason: "not-in-pair",
    });
  }
  const keptId = input.keepMemorialId;
  const mergedId = keptId === first ? second : first;
  const by = input.by.trim().slice(0, 200) || "service";
  return withEvents(async (tx, changes) => {
    const memorials = await lockMemorials(tx, first, second);
    const [locked] = await tx.$queryRaw<{ state: string }[]>`
      SELECT "state" FROM "memorial_duplicate" WHERE "id" = ${input.duplicateId} FOR UPDATE`;
    if (locked?.state !== "open" && locked?.state !== "unmerged") {
      throw invalid(
        locked?.state === "merged"
          ? `possible duplicate ${input.duplicateId} is already merged`
          : `possible duplicate ${input.duplicateId} was marked "not the same person"`,
        { field: "duplicate.id", reason: locked?.state === "merged" ? "already-merged" : "not-open" },
      );
    }
    for (const id of [keptId, mergedId]) {
      const memorial = memorials.get(id);
      if (!memorial || memorial.operator_id !== input.operatorId) throw pairNotFound(input.duplicateId);
      if (memorial.merged_into_id !== null) {
        throw invalid(`memorial ${id} is already merged into memorial ${memorial.merged_into_id}`, {
          field: "duplicate.id",
          reason: "already-merged",
        });
      }
      if (memorial.status !== "visible") {
        throw invalid(
          memorial.status === "awaiting_confirmation"
            ? `memorial ${id} awaits its family's confirmation: merge it once confirmed`
            : `memorial ${id} is closed (never confirmed, or declined by its family)`,
          { field: "duplicate.id", reason: "not-visible" },
        );
      }
      // What a family withdrew (hidden, taken down, erasure asked or done) must not reappear on
      // the other memorial's public page, nor escape its erasure by moving.
      if (memorial.withdrawn) {
        throw invalid(
          `memorial ${id} was hidden, taken down or is being erased by its family: it cannot be merged`,
          { field: "duplicate.id", reason: "withdrawn" },
        );
      }
    }
    // A merge moves the operator's own trees (moveTrees). A tree another partner planted in the
    // memorial merged away (a newspaper's, in a funeral home's public memorial) would stay behind a
    // 301, shown nowhere: such a memorial is the one to keep.
    const [foreign] = await tx.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS "n" FROM "tree" WHERE "memorial_id" = ${mergedId} AND "operator_id" <> ${input.operatorId}`;
    if ((foreign?.n ?? 0) > 0) {
      throw invalid(
        `memorial ${mergedId} holds trees another partner planted: keep memorial ${mergedId}, and merge the other into it`,
        { field: "duplicate.keep", reason: "foreign-trees" },
      );
    }
    const kept = memorials.get(keptId)!;
    const merged = memorials.get(mergedId)!;
    const [{ id: mergeId }] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO "memorial_merge" ("operator_id", "duplicate_id", "kept_memorial_id", "merged_memorial_id", "merged_by")
      VALUES (${input.operatorId}, ${input.duplicateId}, ${keptId}, ${mergedId}, ${by})
      RETURNING "id"`;
    const { movedTreeIds } = await moveTrees(tx, changes, {
      operatorId: input.operatorId,
      fromMemorialId: mergedId,
      toMemorialId: keptId,
      treeIds: "all",
      by,
      mergeId,
    });
    const moved = await moveItems(tx, mergeId, mergedId, keptId, kept.person_id);
    // The ceremony, when only the merged memorial has one. Both rows are locked, and a ceremony is
    // set only under its memorial's lock (lib/ceremonies/own-memorial.ts): none appears meanwhile.
    const [ceremony] = await tx.$queryRaw<{ id: number }[]>`
      WITH moved AS (
        UPDATE "ceremony" SET "memorial_id" = ${keptId}
        WHERE "memorial_id" = ${mergedId}
          AND NOT EXISTS (SELECT 1 FROM "ceremony" WHERE "memorial_id" = ${keptId})
        RETURNING "id")
      INSERT INTO "memorial_merge_item" ("merge_id", "kind", "item_id")
      SELECT ${mergeId}::int, 'ceremony', "id" FROM moved
      RETURNING "item_id" AS "id"`;
    // The deceased's portrait, when only the merged memorial's person has one.
    await tx.$executeRaw`
      WITH copied AS (
        UPDATE "person" k SET "image_url" = o."image_url"
        FROM "person" o
        WHERE k."id" = ${kept.person_id} AND o."id" = ${merged.person_id}
          AND k."image_url" IS NULL AND o."image_url" IS NOT NULL
        RETURNING k."id")
      INSERT INTO "memorial_merge_item" ("merge_id", "kind", "item_id")
      SELECT ${mergeId}::int, 'portrait', "id" FROM copied`;
    await tx.$executeRaw`UPDATE "memorial" SET "merged_into_id" = ${keptId} WHERE "id" = ${mergedId}`;
    await tx.$executeRaw`
      UPDATE "memorial_duplicate" SET "state" = 'merged', "decided_at" = now(), "decided_by" = ${by}
      WHERE "id" = ${input.duplicateId}`;
    const result: MergeResult = {
      mergeId,
      keptMemorialId: keptId,
      mergedMemorialId: mergedId,
      treeIds: movedTreeIds,
      ...moved,
    };
    const payload: MergePayload = { ...result, by };
    await changes.record({
      kind: "memorial.merged",
      target: { type: "memorial", id: mergedId },
      operatorId: input.operatorId,
      memorialId: mergedId,
      before: { mergedIntoId: null },
      after: {
        mergedIntoId: keptId,
        mergeId,
        treeIds: movedTreeIds,
        guestbookEntries: moved.guestbookEntries,
        ...(ceremony ? { ceremonyId: ceremony.id } : {}),
      },
      event: {
        isTest: kept.is_test,
        memorialId: keptId,
        memorialIds: [mergedId],
        payload: input.linkBase ? { ...payload, linkBase: input.linkBase } : payload,
      },
    });
    return result;
  });
}

async function findPair(operatorId: number, duplicateId: number) {
  if (!Number.isSafeInteger(duplicateId) || duplicateId < 1) throw pairNotFound(duplicateId);
  const [pair] = await db.$queryRaw<
    { first_memorial_id: number; second_memorial_id: number }[]
  >`SELECT "first_memorial_id", "second_memorial_id" FROM "memorial_duplicate"
    WHERE "id" = ${duplicateId} AND "operator_id" = ${operatorId}`;
  if (!pair) throw pairNotFound(duplicateId);
  return pair;
}

/** The guestbook, the subscriptions and the waiting plantings of `from`, moved to `to` and recorded. */
async function moveItems(tx: Tx, mergeId: number, from: number, to: number, toPersonId: number | null) {
  const [counts] = await tx.$queryRaw<{ entries: number; subscriptions: number }[]>`
    WITH e AS (
      UPDATE "guestbook_entry" SET "memorial_id" = ${to} WHERE "memorial_id" = ${from} RETURNING "id"),
    s AS (
      UPDATE "reminder_subscription" SET "memorial_id" = ${to} WHERE "memorial_id" = ${from} RETURNING "id"),
    q AS (
      UPDATE "queued_planting" SET "memorial_id" = ${to}, "person_id" = ${toPersonId}
      WHERE "memorial_id" = ${from} AND "planted_at" IS NULL AND "given_up_at" IS NULL RETURNING "id"),
    items AS (
      INSERT INTO "memorial_merge_item" ("merge_id", "kind", "item_id")
      SELECT ${mergeId}::int, 'guestbook_entry', "id" FROM e
      UNION ALL SELECT ${mergeId}::int, 'reminder_subscription', "id" FROM s
      UNION ALL SELECT ${mergeId}::int, 'queued_planting', "id" FROM q
      RETURNING 1)
    SELECT (SELECT count(*)::int FROM e) AS "entries", (SELECT count(*)::int FROM s) AS "subscriptions",
      (SELECT count(*)::int FROM items) AS "items"`;
  return { guestbookEntries: counts!.entries, subscriptions: counts!.subscriptions };
}

export interface UndoInput {
  operatorId: number;
  mergeId: number;
  by: string;
}

export async function undoMerge(input: UndoInput): Promise<MergeResult> {
  const found = Number.isSafeInteger(input.mergeId)
    ? await db.memorialMerge.findFirst({ where: { id: input.mergeId, operatorId: input.operatorId } })
    : null;
  if (!found) {
    throw notFound(`merge ${input.mergeId} does not exist`, { field: "merge.id", reason: "not-found" });
  }
  const keptId = found.keptMemorialId;
  const mergedId = found.mergedMemorialId;
  const by = input.by.trim().slice(0, 200) || "service";
  return withEvents(async (tx, changes) => {
    const memorials = await lockMemorials(tx, keptId, mergedId);
    const [merge] = await tx.$queryRaw<
      { undone: boolean; in_time: boolean; ends_at: Date; duplicate_id: number }[]
    >`
      SELECT "undone_at" IS NOT NULL AS "undone", "merged_at" > now() - make_interval(days => ${UNDO_DAYS}) AS "in_time",
        "merged_at" + make_interval(days => ${UNDO_DAYS}) AS "ends_at", "duplicate_id"
      FROM "memorial_merge" WHERE "id" = ${input.mergeId} FOR UPDATE`;
    if (!merge || merge.undone) {
      throw invalid(`merge ${input.mergeId} is already undone`, {
        field: "merge.id",
        reason: "already-undone",
      });
    }
    if (!merge.in_time) {
      throw invalid(
        `merge ${input.mergeId} can no longer be undone: a merge can be undone within ${UNDO_DAYS} days, until ${merge.ends_at.toISOString().slice(0, 10)}`,
        { field: "merge.id", reason: "undo-expired" },
      );
    }
    const kept = memorials.get(keptId)!;
    if (kept.merged_into_id !== null) {
      throw invalid(
        `memorial ${keptId} was merged into memorial ${kept.merged_into_id} since: undo that merge first`,
        { field: "merge.id", reason: "kept-merged" },
      );
    }
    const merged = memorials.get(mergedId)!;
    await tx.$executeRaw`UPDATE "memorial" SET "merged_into_id" = NULL WHERE "id" = ${mergedId}`;
    // The trees the merge moved that are still in the kept memorial (one moved on since stays).
    const back = await tx.$queryRaw<{ id: number }[]>`
      SELECT t."id" FROM "tree" t
      WHERE t."memorial_id" = ${keptId}
        AND t."id" IN (SELECT "tree_id" FROM "tree_move" WHERE "merge_id" = ${input.mergeId})
      ORDER BY t."id"`;
    const treeIds =
      back.length === 0
        ? []
        : (
            await moveTrees(tx, changes, {
              operatorId: input.operatorId,
              fromMemorialId: keptId,
              toMemorialId: mergedId,
              treeIds: back.map((tree) => tree.id),
              by,
              mergeId: input.mergeId,
            })
          ).movedTreeIds;
    const [counts] = await tx.$queryRaw<{ entries: number; subscriptions: number }[]>`
      WITH items AS (SELECT "kind", "item_id" FROM "memorial_merge_item" WHERE "merge_id" = ${input.mergeId}),
      e AS (
        UPDATE "guestbook_entry" SET "memorial_id" = ${mergedId}
        WHERE "memorial_id" = ${keptId} AND "id" IN (SELECT "item_id" FROM items WHERE "kind" = 'guestbook_entry')
        RETURNING 1),
      s AS (
        UPDATE "reminder_subscription" SET "memorial_id" = ${mergedId}
        WHERE "memorial_id" = ${keptId} AND "id" IN (SELECT "item_id" FROM items WHERE "kind" = 'reminder_subscription')
        RETURNING 1),
      q AS (
        UPDATE "queued_planting" SET "memorial_id" = ${mergedId}, "person_id" = ${merged.person_id}
        WHERE "memorial_id" = ${keptId} AND "planted_at" IS NULL AND "given_up_at" IS NULL
          AND "id" IN (SELECT "item_id" FROM items WHERE "kind" = 'queued_planting')
        RETURNING 1),
      p AS (
        UPDATE "person" k SET "image_url" = NULL
        FROM "person" o
        WHERE k."id" IN (SELECT "item_id" FROM items WHERE "kind" = 'portrait')
          AND o."id" = ${merged.person_id} AND k."image_url" = o."image_url"
        RETURNING 1)
      SELECT (SELECT count(*)::int FROM e) AS "entries", (SELECT count(*)::int FROM s) AS "subscriptions",
        (SELECT count(*)::int FROM q) AS "queued", (SELECT count(*)::int FROM p) AS "portraits"`;
    // The ceremony the merge moved, back to its memorial. A merged memorial takes no ceremony of its
    // own (lib/ceremonies/own-memorial.ts), so its place there is free; checked all the same, since
    // a second ceremony would break the one-per-memorial rule.
    const [ceremony] = await tx.$queryRaw<{ id: number }[]>`
      UPDATE "ceremony" SET "memorial_id" = ${mergedId}
      WHERE "memorial_id" = ${keptId}
        AND "id" IN (SELECT "item_id" FROM "memorial_merge_item" WHERE "merge_id" = ${input.mergeId} AND "kind" = 'ceremony')
        AND NOT EXISTS (SELECT 1 FROM "ceremony" WHERE "memorial_id" = ${mergedId})
      RETURNING "id"`;
    await tx.$executeRaw`
      UPDATE "memorial_merge" SET "undone_at" = now(), "undone_by" = ${by} WHERE "id" = ${input.mergeId}`;
    await tx.$executeRaw`
      UPDATE "memorial_duplicate" SET "state" = 'unmerged', "decided_at" = now(), "decided_by" = ${by}
      WHERE "id" = ${merge.duplicate_id}`;
    const result: MergeResult = {
      mergeId: input.mergeId,
      keptMemorialId: keptId,
      mergedMemorialId: mergedId,
      treeIds,
      guestbookEntries: counts!.entries,
      subscriptions: counts!.subscriptions,
    };
    const payload: MergePayload = { ...result, by };
    await changes.record({
      kind: "memorial.unmerged",
      target: { type: "memorial", id: mergedId },
      operatorId: input.operatorId,
      memorialId: mergedId,
      before: { mergedIntoId: keptId },
      after: {
        mergedIntoId: null,
        mergeId: input.mergeId,
        treeIds,
        ...(ceremony ? { ceremonyId: ceremony.id } : {}),
      },
      event: {
        isTest: merged.is_test,
        memorialIds: [keptId],
        payload,
      },
    });
    return result;
  });
}
