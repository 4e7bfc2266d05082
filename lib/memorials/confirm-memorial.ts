// The family's confirmation (part 3): the memorial becomes visible and its first tree is planted
// on behalf of the request's context. Reading a link (GET, HEAD, e-mail scanners) never confirms;
// only confirmMemorial does, once: the token row is locked, so simultaneous presses plant one tree.
// Confirmation never fails the family: with no tree available at that moment (or plantings of the
// operator already waiting, served first), the tree waits in the planting queue
// (lib/plantings/planting-queue.ts) and is planted as soon as stock returns.
import { withEvents } from "@memorial/lib/changes/record";
import { db } from "@memorial/lib/db/client";
import type { Language } from "@memorial/lib/i18n/languages";
import { epfOf, loadChain } from "@memorial/lib/operators/contexts";
import { plantOrQueue, type QueuedPlantingInput } from "@memorial/lib/plantings/planting-queue";
import { hashSecretToken as hashToken } from "@memorial/lib/secret-token";
import { familyLanguage, requesterName } from "./family";
import { displayTitle } from "./policy";

export type ConfirmationLookup =
  | {
      state: "pending";
      memorialId: number;
      title: string;
      /** Who asks: the context of the pending planting (the funeral home), else the operator. */
      operatorName: string;
      familyName: string | null;
      language: Language;
      expiresAt: Date;
    }
  | { state: "used"; memorialId: number; language: Language }
  /** Closed as not confirmed (its link expired, or the family declined it). */
  | { state: "closed"; reason: "expired" | "declined"; language: Language }
  | { state: "expired"; language: Language }
  | { state: "unknown" };

/** A string that can be a confirmation link's token (anything else is never looked up). */
export function plausible(token: string): boolean {
  return /^[A-Za-z0-9_-]{20,100}$/.test(token);
}

export async function lookupConfirmation(token: string): Promise<ConfirmationLookup> {
  if (!plausible(token)) return { state: "unknown" };
  const row = await db.confirmationToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: {
      memorial: {
        include: {
          family: true,
          operator: { select: { name: true } },
          person: { select: { firstName: true, lastName: true } },
        },
      },
    },
  });
  if (!row) return { state: "unknown" };
  // The page speaks to the family: in the family's language (Famille.Langue), as its e-mail.
  const language = familyLanguage(row.memorial);
  if (row.memorial.status === "expired") {
    return {
      state: "closed",
      reason: row.memorial.closedReason === "declined" ? "declined" : "expired",
      language,
    };
  }
  if (row.usedAt || row.memorial.status === "visible") {
    return { state: "used", memorialId: row.memorialId, language };
  }
  if (row.expiresAt.getTime() <= Date.now()) return { state: "expired", language };
  // The family dealt with a funeral home (the context the planting is made for), not with the
  // operator company behind it: the page names that context when there is one, as the e-mail does.
  const operatorName = await requesterName(db, {
    operatorId: row.operatorId,
    contextId: row.contextId,
    operatorName: row.memorial.operator.name,
  });
  return {
    state: "pending",
    memorialId: row.memorialId,
    title: displayTitle(row.memorial, language),
    operatorName,
    familyName: row.memorial.family?.name ?? null,
    language,
    expiresAt: row.expiresAt,
  };
}

export type ConfirmationOutcome =
  | { outcome: "confirmed" | "already-confirmed"; memorialId: number }
  | { outcome: "expired" | "unknown" }
  /** The memorial was closed as not confirmed (expired or declined) before this press. */
  | { outcome: "closed"; reason: "expired" | "declined" };

export async function confirmMemorial(token: string): Promise<ConfirmationOutcome> {
  if (!plausible(token)) return { outcome: "unknown" };
  return withEvents(async (tx, changes): Promise<ConfirmationOutcome> => {
    const [locked] = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "confirmation_token" WHERE "token_hash" = ${hashToken(token)} FOR UPDATE`;
    if (!locked) return { outcome: "unknown" };
    const row = await tx.confirmationToken.findUniqueOrThrow({ where: { id: locked.id } });
    if (row.usedAt) return { outcome: "already-confirmed", memorialId: row.memorialId };
    if (row.expiresAt.getTime() <= Date.now()) {
      // The memorial was closed as not confirmed: say that, not only "expired".
      const closed = await tx.memorial.findUniqueOrThrow({
        where: { id: row.memorialId },
        select: { status: true, closedReason: true },
      });
      if (closed.status !== "expired") return { outcome: "expired" };
      return { outcome: "closed", reason: closed.closedReason === "declined" ? "declined" : "expired" };
    }
    // Another link of the same memorial (a resent e-mail) may have confirmed it already.
    // The memorial's row lock orders this confirmation with a closing (close-unconfirmed.ts): one outcome.
    const [memorial] = await tx.$queryRaw<
      { status: string; person_id: number | null; is_test: boolean; closed_reason: string | null }[]
    >`SELECT "status"::text AS "status", "person_id", "is_test", "closed_reason"
      FROM "memorial" WHERE "id" = ${row.memorialId} FOR UPDATE`;
    if (memorial.status === "expired") {
      return { outcome: "closed", reason: memorial.closed_reason === "declined" ? "declined" : "expired" };
    }
    await tx.confirmationToken.update({ where: { id: row.id }, data: { usedAt: new Date() } });
    if (memorial.status === "visible") return { outcome: "already-confirmed", memorialId: row.memorialId };
    const chain = await loadChain(tx, row.operatorId, row.contextId);
    const planting: QueuedPlantingInput = {
      operatorId: row.operatorId,
      isTest: memorial.is_test,
      memorialId: row.memorialId,
      personId: memorial.person_id,
      contextId: row.contextId,
      epfId: epfOf(chain),
      planter: row.planter,
      message: row.message,
      externalId: row.externalId,
      memorialsLot: row.memorialsLot,
      uEventId: row.uEventId,
    };
    const { tree, queuedId } = await plantOrQueue(tx, planting);
    await tx.memorial.update({
      where: { id: row.memorialId },
      data: { status: "visible", confirmedAt: new Date() },
    });
    const about = { operatorId: row.operatorId, memorialId: row.memorialId };
    await changes.record({
      kind: "memorial.confirmed",
      target: { type: "memorial", id: row.memorialId },
      ...about,
      before: { status: "awaiting_confirmation" },
      after: { status: "visible", treeId: tree?.treeId ?? null, queuedPlantingId: queuedId },
      event: { isTest: memorial.is_test },
    });
    // The waiting tree, planted or queued: the confirmation's row says which.
    if (tree) {
      await changes.record({
        kind: "event.tree.planted",
        ...about,
        event: {
          isTest: memorial.is_test,
          payload: { treeId: tree.treeId, transactionId: tree.transactionId, speciesId: tree.speciesId },
        },
      });
    } else if (queuedId !== null) {
      await changes.record({
        kind: "event.planting.queued",
        ...about,
        event: { isTest: memorial.is_test, payload: { queuedPlantingId: queuedId } },
      });
    }
    return { outcome: "confirmed", memorialId: row.memorialId };
  });
}
