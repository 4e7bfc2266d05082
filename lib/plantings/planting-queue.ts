// The queue of plantings waiting for stock. A family's confirmation never fails for want of a
// tree: when none is available, the memorial becomes visible anyway and its first tree waits in
// table queued_planting (queuePlanting, in the confirmation's own transaction). The job
// `serve-planting-queue` (lib/jobs; added when stock is added, and every minute) serves the queue
// oldest first: each row is planted in a transaction of its own that locks it (FOR UPDATE SKIP
// LOCKED, so several workers or instances share the work), writes the tree, its Plantation transaction and the tree.planted
// event, and marks the row planted (its unique tree_id). A crash before the commit leaves the row
// waiting; nothing is planted twice, nothing is lost across a restart.
// A row with replaces_tree_id is a dead tree's replacement waiting for stock (the replacement
// guarantee, lib/plantings/replace-tree.ts): it is served with the replacement's own choice of stock
// (not the operator's rules), sets the dead tree `replaced` and writes its history and
// tree.replaced. It never holds back the operator's other plantings.
// A row with visitor_planting_id is a visitor's tree (lib/visitors): planted with its
// origin, its payment and its words' moderation, it marks the visitor's planting planted. A row the
// queue gave up on (given_up_at, lib/visitors/give-up.ts: a paid tree refunded) is never served.
import { recordChange, withEvents } from "@memorial/lib/changes/record";
import type { Prisma, Tx } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";
import { plantReplacement } from "@memorial/lib/plantings/replace-tree";
import {
  type PlantedTree,
  type PlantTreeInput,
  plantTree,
  recordTreePlanted,
  type VisitorTree,
} from "./plant-tree";

/** The job that serves the queue (lib/jobs): added when stock is added, and every minute. */
export const SERVE_QUEUE_JOB = "serve-planting-queue";

export type QueuedPlantingInput = Omit<PlantTreeInput, "specialEmailType" | "visitor"> & {
  /** A visitor's planting: the queue plants it with its origin and payment. */
  visitorPlantingId?: number;
};

function isNoTree(error: unknown): boolean {
  return error instanceof DomainError && error.code === "NO_TREE_AVAILABLE";
}

/** Puts a planting in the queue, in the caller's transaction; returns the queue row's id. */
async function queuePlanting(tx: Tx, input: QueuedPlantingInput): Promise<number> {
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "queued_planting" ("memorial_id", "operator_id", "context_id", "epf_id", "person_id",
      "planter", "message", "external_id", "memorials_lot", "u_event_id", "is_test", "visitor_planting_id")
    VALUES (${input.memorialId}, ${input.operatorId}, ${input.contextId}, ${input.epfId}, ${input.personId},
      ${input.planter}, ${input.message},
      ${input.externalId === null ? null : BigInt(input.externalId)}, ${input.memorialsLot},
      ${input.uEventId}, ${input.isTest}, ${input.visitorPlantingId ?? null}::int)
    RETURNING "id"`;
  await recordChange(tx, {
    kind: "tree.queued",
    target: { type: "tree", id: `queued ${row.id}` },
    operatorId: input.operatorId,
    memorialId: input.memorialId,
    after: { queuedPlantingId: row.id, visitorPlantingId: input.visitorPlantingId ?? null },
  });
  return row.id;
}

/**
 * Plants now, or puts the planting in the queue: behind the operator's plantings already waiting
 * (they go first), or when no tree is in stock. The one way of every planting that must not fail
 * for want of a tree: a family's confirmation, a visitor's tree, the tree of a memorial never
 * confirmed sent to the global memorial. In the caller's transaction; allocateTree writes nothing
 * before it finds no tree, so the transaction goes on cleanly.
 */
export async function plantOrQueue(
  tx: Tx,
  input: QueuedPlantingInput & { visitor?: VisitorTree },
): Promise<{ tree: PlantedTree; queuedId: null } | { tree: null; queuedId: number }> {
  if (!(await hasWaitingPlantings(tx, input.operatorId, input.isTest))) {
    const { visitorPlantingId: _queued, ...planting } = input;
    try {
      return { tree: await plantTree(tx, { ...planting, specialEmailType: null }), queuedId: null };
    } catch (error) {
      if (!isNoTree(error)) throw error;
    }
  }
  const { visitor: _visitor, ...queued } = input;
  return { tree: null, queuedId: await queuePlanting(tx, queued) };
}

/** Whether the operator (in this environment) has plantings waiting: newcomers queue behind them. */
export async function hasWaitingPlantings(tx: Tx, operatorId: number, isTest: boolean): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM "queued_planting"
    WHERE "planted_at" IS NULL AND "given_up_at" IS NULL AND "operator_id" = ${operatorId}
      AND "is_test" = ${isTest} AND "replaces_tree_id" IS NULL LIMIT 1`;
  return rows.length > 0;
}

interface QueuedRow {
  id: number;
  memorial_id: number;
  operator_id: number;
  context_id: number | null;
  epf_id: number | null;
  person_id: number | null;
  planter: string;
  message: string | null;
  external_id: bigint | null;
  memorials_lot: number | null;
  u_event_id: number | null;
  is_test: boolean;
  replaces_tree_id: number | null;
  visitor_planting_id: number | null;
  visitor_origin: "visitor_code" | "visitor_payment" | null;
  visitor_payment: string | null;
  /** The visitor's claim code set a prepaid tree aside. */
  visitor_prepaid: boolean;
  /** The visitor's words are published in the guestbook. */
  visitor_words_published: boolean;
}

type QueueStep =
  | { kind: "planted"; queuedId: number; treeId: number; transactionId: number }
  | { kind: "blocked"; key: string }
  | { kind: "empty" };

/** Rolls back the attempt of an operator that still has no tree (nothing was written anyway). */
class StillNoTree extends Error {
  constructor(readonly key: string) {
    super("no tree available yet");
  }
}

const keyOf = (operatorId: number, isTest: boolean) => `${operatorId}:${isTest}`;
/** A replacement has its own availability: it is skipped alone in a pass. */
const replacementKeyOf = (queuedId: number) => `r${queuedId}`;

/**
 * Plants the oldest waiting planting not locked by another loop, skipping the (operator,
 * environment) pairs in `blocked` (known to have no tree in this pass).
 */
async function plantNextQueued(blocked: string[] = []): Promise<QueueStep> {
  try {
    return await withEvents(async (tx, changes): Promise<QueueStep> => {
      const skip = blocked.length ? blocked : [""];
      const [row] = await tx.$queryRaw<QueuedRow[]>`
        SELECT q."id", q."memorial_id", q."operator_id", q."context_id", q."epf_id", q."person_id", q."planter",
               q."message", q."external_id", q."memorials_lot", q."u_event_id", q."is_test", q."replaces_tree_id",
               q."visitor_planting_id", vp."origin"::text AS "visitor_origin", vp."payment_intent" AS "visitor_payment",
               COALESCE(cc."prepaid", false) AS "visitor_prepaid",
               EXISTS (SELECT 1 FROM "guestbook_entry" g
                       WHERE g."visitor_planting_id" = vp."id" AND g."status" = 'published') AS "visitor_words_published"
        FROM "queued_planting" q
        LEFT JOIN "visitor_planting" vp ON vp."id" = q."visitor_planting_id"
        LEFT JOIN "claim_code" cc ON cc."id" = vp."claim_code_id"
        WHERE q."planted_at" IS NULL AND q."given_up_at" IS NULL
          AND NOT ((CASE WHEN q."replaces_tree_id" IS NULL THEN q."operator_id"::text || ':' || q."is_test"::text
                         ELSE 'r' || q."id"::text END) = ANY(${skip}::text[]))
        ORDER BY q."created_at", q."id" LIMIT 1 FOR UPDATE OF q SKIP LOCKED`;
      if (!row) return { kind: "empty" };
      if (row.replaces_tree_id !== null) {
        const replacement = await plantReplacement(tx, changes, row.replaces_tree_id, "service");
        if (!replacement) throw new StillNoTree(replacementKeyOf(row.id));
        const [{ transaction_id }] = await tx.$queryRaw<{ transaction_id: number }[]>`
          UPDATE "queued_planting" SET "planted_at" = now(), "tree_id" = ${replacement.treeId} WHERE "id" = ${row.id}
          RETURNING (SELECT "transaction_id" FROM "tree" WHERE "id" = ${replacement.treeId}) AS "transaction_id"`;
        return {
          kind: "planted",
          queuedId: row.id,
          treeId: replacement.treeId,
          transactionId: transaction_id,
        };
      }
      let tree: Awaited<ReturnType<typeof plantTree>>;
      try {
        tree = await plantTree(tx, {
          operatorId: row.operator_id,
          isTest: row.is_test,
          memorialId: row.memorial_id,
          personId: row.person_id,
          contextId: row.context_id,
          epfId: row.epf_id,
          planter: row.planter,
          message: row.message,
          externalId: row.external_id,
          memorialsLot: row.memorials_lot,
          uEventId: row.u_event_id,
          specialEmailType: null,
          visitor: visitorTreeOf(row),
        });
      } catch (error) {
        if (isNoTree(error)) throw new StillNoTree(keyOf(row.operator_id, row.is_test));
        throw error;
      }
      await tx.$executeRaw`
        UPDATE "queued_planting" SET "planted_at" = now(), "tree_id" = ${tree.treeId} WHERE "id" = ${row.id}`;
      if (row.visitor_planting_id !== null) {
        await tx.$executeRaw`
          UPDATE "visitor_planting" SET "status" = 'planted', "tree_id" = ${tree.treeId}, "planted_at" = now()
          WHERE "id" = ${row.visitor_planting_id}`;
      }
      await recordTreePlanted(changes, tree, {
        operatorId: row.operator_id,
        memorialId: row.memorial_id,
        isTest: row.is_test,
        after: {
          queuedPlantingId: row.id,
          speciesId: tree.speciesId,
          origin: row.visitor_origin ?? "partner",
        },
        payload: {
          queuedPlantingId: row.id,
          ...(row.visitor_origin
            ? { origin: row.visitor_origin, visitorPlantingId: row.visitor_planting_id ?? undefined }
            : {}),
        },
      });
      return { kind: "planted", queuedId: row.id, treeId: tree.treeId, transactionId: tree.transactionId };
    });
  } catch (error) {
    if (error instanceof StillNoTree) return { kind: "blocked", key: error.key };
    throw error;
  }
}

/** A queued visitor's tree: its origin, how it is paid, whether its words wait for the family. */
function visitorTreeOf(row: QueuedRow): VisitorTree | undefined {
  if (row.visitor_origin === null) return undefined;
  return {
    origin: row.visitor_origin,
    prepaid: row.visitor_origin === "visitor_payment" ? "none" : row.visitor_prepaid ? "reserved" : "use",
    paymentReference: row.visitor_payment,
    wordsHidden: !row.visitor_words_published,
  };
}

/** One pass: plants every waiting planting that has a tree now, oldest first; returns how many. */
export async function servePlantingQueue(maxPlantings = 1000): Promise<number> {
  const blocked: string[] = [];
  let planted = 0;
  while (planted < maxPlantings) {
    const step = await plantNextQueued(blocked);
    if (step.kind === "empty") break;
    if (step.kind === "blocked") blocked.push(step.key);
    else planted++;
  }
  return planted;
}

/** The waiting plantings of some memorials (dashboard and public page): memorial id → count. */
export async function waitingPlantings(tx: Tx | Prisma.TransactionClient, memorialIds: number[]) {
  if (memorialIds.length === 0) return new Map<number, number>();
  const rows = await tx.$queryRaw<{ memorial_id: number; waiting: number }[]>`
    SELECT "memorial_id", count(*)::int AS "waiting" FROM "queued_planting"
    WHERE "planted_at" IS NULL AND "given_up_at" IS NULL AND "memorial_id" = ANY(${memorialIds}::int[])
    GROUP BY "memorial_id"`;
  return new Map(rows.map((r) => [r.memorial_id, r.waiting]));
}
