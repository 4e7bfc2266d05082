// A visitor plants a tree in a memorial, with a claim code (claim-codes.ts) or a paid
// checkout (payments.ts). Both end here, in the caller's database transaction, with the same use
// case as the API's planting (lib/plantings/plant-tree.ts: stock, the operator's species rules,
// the planting queue when no tree is left or others wait, tree.planted for the webhooks):
// - the visitor's name and message become a guestbook entry of the memorial, published at once in
//   an open guestbook and otherwise waiting for the family (approval, or closed: the family may
//   still publish it); until it is published the tree's planter and message are shown nowhere
//   public (tree.message_hidden_at, kept in step by lib/guestbook/moderate-entry.ts);
// - the tree carries its origin (visitor_code, visitor_payment) and, when paid, the payment's
//   reference, into its transaction, the API's Infos and the tree.planted webhook;
// - the receipt goes to the visitor once the tree is planted (receipt-consumer.ts, on tree.planted).
import type { ChangeRecorder } from "@memorial/lib/changes/record";
import type { Tx } from "@memorial/lib/db/client";
import type { TreeOrigin } from "@memorial/lib/db/generated/enums";
import { invalid, notFound } from "@memorial/lib/errors";
import { type GuestbookReason, normalise, refusalOf } from "@memorial/lib/guestbook/rules";
import { isLanguage, type Language } from "@memorial/lib/i18n/languages";
import { mergedInto } from "@memorial/lib/memorials/duplicates";
import { memorialsVisibleTo, PUBLIC } from "@memorial/lib/memorials/policy";
import { epfOf, loadChain } from "@memorial/lib/operators/contexts";
import type { PrepaidUse } from "@memorial/lib/plantings/allocate-tree";
import { recordTreePlanted } from "@memorial/lib/plantings/plant-tree";
import { plantOrQueue } from "@memorial/lib/plantings/planting-queue";
import { email as emailSchema } from "@memorial/lib/validation";

type VisitorOrigin = Exclude<TreeOrigin, "partner">;

/** Why a visitor's words are refused: the guestbook's reasons, and an e-mail address that is not one. */
export type WordsRefusal = Exclude<GuestbookReason, "honeypot" | "rate-limited" | "closed"> | "email";

export interface VisitorWords {
  planter: string;
  message: string;
  /** Where the receipt goes. */
  email: string;
  language: Language;
}

/** The visitor's words as stored (the guestbook's rules: text only, no link), or why not. */
export function checkWords(input: {
  planter: string;
  message: string;
  email: string;
  language: string;
}): { ok: true; words: VisitorWords } | { ok: false; reason: WordsRefusal } {
  const entry = normalise({ name: input.planter, message: input.message });
  const refused = refusalOf(entry);
  if (refused) return { ok: false, reason: refused as WordsRefusal };
  const email = input.email.trim();
  if (!emailSchema(254).safeParse(email).success) return { ok: false, reason: "email" };
  return {
    ok: true,
    words: {
      planter: entry.name,
      message: entry.message,
      email,
      language: isLanguage(input.language) ? input.language : "fr",
    },
  };
}

/** A memorial a visitor may plant in: public (or, through the API, the caller's own), not global. */
export interface PlantableMemorial {
  id: number;
  operatorId: number;
  contextId: number | null;
  personId: number | null;
  isTest: boolean;
  guestbookMode: "open" | "approval" | "closed";
}

const MEMORIAL_SELECT = {
  id: true,
  operatorId: true,
  contextId: true,
  personId: true,
  isTest: true,
  guestbookMode: true,
} as const;

/**
 * The memorial, locked for the planting (FOR SHARE: a family's hide or a deletion waits), when a
 * visitor may plant in it: the public's memorials, or for a partner's API call its own ones.
 */
export async function plantableMemorial(
  tx: Tx,
  memorialId: number,
  own?: { operatorId: number; isTest: boolean },
): Promise<PlantableMemorial> {
  await tx.$queryRaw`SELECT 1 FROM "memorial" WHERE "id" = ${memorialId} FOR SHARE`;
  const memorial = await tx.memorial.findFirst({
    where: {
      AND: [
        { id: memorialId, kind: { not: "global" } },
        own
          ? {
              OR: [
                memorialsVisibleTo(PUBLIC),
                { operatorId: own.operatorId, isTest: own.isTest, status: "visible" },
              ],
            }
          : memorialsVisibleTo(PUBLIC),
      ],
    },
    select: MEMORIAL_SELECT,
  });
  if (!memorial) throw notFound(`memorial ${memorialId} does not exist`);
  return memorial;
}

export interface NewVisitorPlanting {
  /** An id taken from the table's sequence beforehand (a Checkout session names it), else a new one. */
  id?: number;
  memorial: PlantableMemorial;
  origin: VisitorOrigin;
  words: VisitorWords;
  linkBase: string;
  claimCodeId?: number;
  checkoutSession?: string;
  amount?: string;
}

/** Writes the visitor's planting, in the caller's transaction: awaiting its payment, or to plant now. */
export async function recordVisitorPlanting(tx: Tx, input: NewVisitorPlanting): Promise<number> {
  const row = await tx.visitorPlanting.create({
    data: {
      ...(input.id === undefined ? {} : { id: input.id }),
      memorialId: input.memorial.id,
      operatorId: input.memorial.operatorId,
      origin: input.origin,
      status: input.origin === "visitor_payment" ? "awaiting_payment" : "queued",
      planter: input.words.planter,
      message: input.words.message,
      email: input.words.email,
      language: input.words.language,
      isTest: input.memorial.isTest,
      claimCodeId: input.claimCodeId ?? null,
      checkoutSession: input.checkoutSession ?? null,
      amount: input.amount ?? null,
      linkBase: input.linkBase,
    },
    select: { id: true },
  });
  return row.id;
}

export type VisitorPlantingOutcome =
  | { kind: "planted"; visitorPlantingId: number; treeId: number; transactionId: number }
  | { kind: "queued"; visitorPlantingId: number; queuedPlantingId: number };

/**
 * Plants the tree of a visitor's planting (just redeemed, or just paid), or puts it in the planting
 * queue, in the caller's transaction; writes the visitor's guestbook entry and the events.
 * `prepaid`: how the tree is paid (a claim code's reserved prepaid tree, the operator's balance,
 * or the visitor's payment).
 */
export async function plantForVisitor(
  tx: Tx,
  changes: ChangeRecorder,
  visitorPlantingId: number,
  options: { prepaid: PrepaidUse; paymentReference: string | null },
): Promise<VisitorPlantingOutcome> {
  const planting = await tx.visitorPlanting.findUniqueOrThrow({ where: { id: visitorPlantingId } });
  // The memorial chosen may have been merged into another since (a payment takes minutes): the
  // words and the tree go to the kept one, as a partner's planting does. Held FOR SHARE until they
  // are written, so that a merge running now waits and then moves them too (it locks both
  // memorials FOR UPDATE first, lib/duplicates/merge-memorials.ts).
  await tx.$queryRaw`SELECT 1 AS "held" FROM "memorial" WHERE "id" = ${planting.memorialId} FOR SHARE`;
  const memorial = await tx.memorial.findUniqueOrThrow({
    where: { id: (await mergedInto(tx, planting.memorialId)) ?? planting.memorialId },
    select: MEMORIAL_SELECT,
  });
  if (planting.message === null) throw invalid("a visitor's planting has a message");
  const about = { operatorId: memorial.operatorId, memorialId: memorial.id };

  // The visitor's words, in the family's guestbook.
  const published = memorial.guestbookMode === "open";
  const entry = await tx.guestbookEntry.create({
    data: {
      memorialId: memorial.id,
      authorName: planting.planter,
      message: planting.message,
      status: published ? "published" : "pending",
      visitorPlantingId,
      ...(published ? { decidedAt: new Date() } : {}),
    },
    select: { id: true },
  });
  // The visitor's message, part of their planting: the planting's row says it.
  await changes.record({
    kind: "event.guestbook.entry_received",
    ...about,
    event: {
      isTest: memorial.isTest,
      payload: { entryId: entry.id, status: published ? "published" : "pending" },
    },
  });
  if (published) {
    await changes.record({
      kind: "event.guestbook.entry_published",
      ...about,
      event: { isTest: memorial.isTest, payload: { entryId: entry.id, by: null } },
    });
  }

  const chain = await loadChain(tx, memorial.operatorId, memorial.contextId);
  const input = {
    operatorId: memorial.operatorId,
    isTest: memorial.isTest,
    memorialId: memorial.id,
    personId: memorial.personId,
    contextId: memorial.contextId,
    epfId: epfOf(chain),
    planter: planting.planter,
    message: planting.message,
    externalId: null,
    memorialsLot: null,
    uEventId: null,
  };
  const visitor = {
    origin: planting.origin as VisitorOrigin,
    prepaid: options.prepaid,
    paymentReference: options.paymentReference,
    wordsHidden: !published,
  };
  // Others waiting for stock go first; no tree left: the visitor's waits with them.
  const { tree, queuedId } = await plantOrQueue(tx, { ...input, visitor, visitorPlantingId });
  if (tree) {
    await tx.visitorPlanting.update({
      where: { id: visitorPlantingId },
      data: { status: "planted", treeId: tree.treeId, plantedAt: new Date() },
    });
    await recordTreePlanted(changes, tree, {
      operatorId: memorial.operatorId,
      memorialId: memorial.id,
      isTest: memorial.isTest,
      after: {
        origin: visitor.origin,
        visitorPlantingId,
        guestbookEntryId: entry.id,
        planter: planting.planter,
      },
      payload: { linkBase: planting.linkBase, origin: visitor.origin, visitorPlantingId },
    });
    return { kind: "planted", visitorPlantingId, treeId: tree.treeId, transactionId: tree.transactionId };
  }
  const queuedPlantingId = queuedId;
  await tx.visitorPlanting.update({ where: { id: visitorPlantingId }, data: { status: "queued" } });
  await changes.record({
    kind: "event.planting.queued",
    ...about,
    event: { isTest: memorial.isTest, payload: { queuedPlantingId } },
  });
  return { kind: "queued", visitorPlantingId, queuedPlantingId };
}
