// A memorial its family never confirmed (its link expired) or declined is closed once,
// as "not confirmed": status 'expired', closed_at and closed_reason ('expired' | 'declined'). Its
// waiting tree (the planting kept with its confirmation links) goes where the operator chose
// (operator.unconfirmed_outcome): 'credit', not planted and nothing charged (the creation used
// no prepaid tree and wrote no planting: the operator keeps its balance); 'global', planted in the
// operator's global memorial (or queued there when no stock is left), as any of its plantings. The memorial row is locked FOR UPDATE, as the
// confirmation locks it (confirm-memorial.ts), so a confirmation and a closing at the same moment
// give exactly one outcome: whichever comes second finds the other's status and does nothing.
import type { ChangeRecorder } from "@memorial/lib/changes/record";
import type { Tx } from "@memorial/lib/db/client";
import { epfOf, loadChain } from "@memorial/lib/operators/contexts";
import type { UnconfirmedOutcomeChoice } from "@memorial/lib/operators/create-operator";
import { plantOrQueue } from "@memorial/lib/plantings/planting-queue";
import { globalMemorial } from "./create-memorial";

export type ClosedReason = "expired" | "declined";
type UnconfirmedOutcome = UnconfirmedOutcomeChoice;

export type CloseOutcome =
  | { closed: true; outcome: UnconfirmedOutcome; treeId: number | null; globalMemorialId: number | null }
  | { closed: false; status: string };

/**
 * Closes the memorial as not confirmed, in the caller's transaction, if it still awaits its family
 * (and, for an expiry, if none of its links works any more). Locks the memorial row.
 */
export async function closeUnconfirmed(
  tx: Tx,
  changes: ChangeRecorder,
  memorialId: number,
  reason: ClosedReason,
): Promise<CloseOutcome> {
  const [memorial] = await tx.$queryRaw<
    { status: string; is_test: boolean; operator_id: number; person_id: number | null }[]
  >`SELECT "status"::text AS "status", "is_test", "operator_id", "person_id"
    FROM "memorial" WHERE "id" = ${memorialId} FOR UPDATE`;
  if (memorial?.status !== "awaiting_confirmation") {
    return { closed: false, status: memorial?.status ?? "unknown" };
  }
  if (reason === "expired") {
    // A link still valid (a reminder's, a resent one) keeps the memorial open.
    const [alive] = await tx.$queryRaw<unknown[]>`
      SELECT 1 FROM "confirmation_token"
      WHERE "memorial_id" = ${memorialId} AND "used_at" IS NULL AND "expires_at" > now()`;
    if (alive) return { closed: false, status: memorial.status };
  }
  // The waiting planting: the one the newest link carries.
  const planting = await tx.confirmationToken.findFirst({
    where: { memorialId },
    orderBy: { id: "desc" },
  });
  await tx.$executeRaw`
    UPDATE "memorial" SET "status" = 'expired'::"MemorialStatus", "closed_at" = now(), "closed_reason" = ${reason}
    WHERE "id" = ${memorialId}`;
  // Its links are left as they are (updating them here could deadlock with a confirmation, which
  // locks its link, then the memorial): the confirmation and the page read the memorial's status.
  const operator = await tx.operator.findUniqueOrThrow({
    where: { id: memorial.operator_id },
    select: { name: true, language: true, unconfirmedOutcome: true },
  });
  const outcome = operator.unconfirmedOutcome;
  let treeId: number | null = null;
  let globalId: number | null = null;
  const operatorId = memorial.operator_id;
  const isTest = memorial.is_test;
  // "credit": the tree is not planted and nothing is charged. A creation awaiting its family
  // reserved nothing (no transaction, no prepaid tree used: 4.1 rule 4), so there is nothing to
  // give back either; adding a prepaid tree here would give the operator a free one per memorial
  // never confirmed.
  if (planting && outcome === "global") {
    const global = await globalMemorial(tx, changes, {
      operatorId: memorial.operator_id,
      operatorName: operator.name,
      operatorLanguage: operator.language,
      environment: memorial.is_test ? "test" : "production",
    });
    globalId = global.id;
    const chain = await loadChain(tx, planting.operatorId, planting.contextId);
    const input = {
      operatorId: planting.operatorId,
      isTest: memorial.is_test,
      memorialId: global.id,
      personId: null,
      contextId: planting.contextId,
      epfId: epfOf(chain),
      planter: planting.planter,
      message: planting.message,
      externalId: planting.externalId,
      memorialsLot: planting.memorialsLot,
      uEventId: planting.uEventId,
    };
    const { tree, queuedId } = await plantOrQueue(tx, input);
    if (tree) {
      treeId = tree.treeId;
      await changes.record({
        kind: "event.tree.planted",
        operatorId,
        memorialId: global.id,
        event: {
          isTest,
          payload: { treeId: tree.treeId, transactionId: tree.transactionId, speciesId: tree.speciesId },
        },
      });
    } else {
      await changes.record({
        kind: "event.planting.queued",
        operatorId,
        memorialId: global.id,
        event: { isTest, payload: { queuedPlantingId: queuedId } },
      });
    }
  }
  // A decline is the family's (its confirmation page); an expiry, the daily job's.
  await changes.record({
    kind: reason === "declined" ? "memorial.declined" : "memorial.expired",
    target: { type: "memorial", id: memorialId },
    operatorId: memorial.operator_id,
    memorialId,
    before: { status: "awaiting_confirmation" },
    after: { status: "expired", closedReason: reason, outcome, treeId, globalMemorialId: globalId },
    event: { isTest, payload: { reason, outcome, treeId, globalMemorialId: globalId } },
  });
  return { closed: true, outcome, treeId, globalMemorialId: globalId };
}
