// What a memorial offers its visitors — the memorial page's "Plant a tree" link, the
// planting form (app/memorial/[id]/plant), the print kit and the reminder e-mails. Read for each
// render, never from the memorial's cached read model: the rendered-page cache keeps the memorial
// page, and a change of the operator's visitor settings drops the pages it concerns (settings.ts,
// expireVisitorPages). Payment is offered where the setting has ways and a price and Stripe is
// configured (payments.ts paymentOffered).
import { db, type Tx } from "@memorial/lib/db/client";
import type { VisitorKitOffer } from "@memorial/lib/documents/print-kit";
import { type Language, LOCALES } from "@memorial/lib/i18n/languages";
import { requesterName } from "@memorial/lib/memorials/family";
import { memorialsVisibleTo, PUBLIC } from "@memorial/lib/memorials/policy";
import { plantingFormUrl } from "./links";
import { paymentOffered } from "./payments";
import { type PaymentWay, visitorSettingsFor } from "./settings";

export interface VisitorOffer {
  /** The funeral home (the memorial's context) or the operator: who plants for the visitor. */
  requester: string;
  /** The payment ways offered (empty: codes only). */
  payments: PaymentWay[];
  /** The price of a tree in euros ("12.50"), or null when no payment is offered. */
  price: string | null;
  /** The memorial's guestbook mode: an open one shows the visitor's words at once. */
  guestbookMode: "open" | "approval" | "closed";
}

/** What visitors of public memorial `memorialId` may do: plant (the offer), or nothing (null). */
export async function visitorOffer(memorialId: number): Promise<VisitorOffer | null> {
  const memorial = await db.memorial.findFirst({
    where: { AND: [{ id: memorialId, kind: { not: "global" } }, memorialsVisibleTo(PUBLIC)] },
    select: {
      operatorId: true,
      contextId: true,
      guestbookMode: true,
      operator: { select: { name: true } },
    },
  });
  if (!memorial) return null;
  const settings = await visitorSettingsFor(db, memorial.operatorId, memorial.contextId);
  if (!settings.enabled) return null;
  return {
    requester: await requesterName(db, { ...memorial, operatorName: memorial.operator.name }),
    payments: paymentOffered(settings) ? settings.payments : [],
    price: paymentOffered(settings) ? settings.price : null,
    guestbookMode: memorial.guestbookMode,
  };
}

/** A price in euros ("12.50") as the language writes it: "12,50 €", "€ 12,50", "€12.50". */
export function formatPrice(price: string, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { style: "currency", currency: "EUR" }).format(
    Number(price),
  );
}

/**
 * Where a visitor's paid planting stands when Stripe sends them back (?paid={CHECKOUT_SESSION_ID}):
 * planted, queued (waiting for stock), or waiting for the payment's confirmation (the signed
 * checkout.session.completed event plants it); null for a session that is not this memorial's.
 */
export async function paidPlantingState(
  memorialId: number,
  checkoutSession: string,
): Promise<"planted" | "queued" | "waiting" | null> {
  if (!checkoutSession || checkoutSession.length > 255) return null;
  const planting = await db.visitorPlanting.findUnique({
    where: { checkoutSession },
    select: { memorialId: true, status: true },
  });
  if (!planting || planting.memorialId !== memorialId) return null;
  if (planting.status === "planted") return "planted";
  if (planting.status === "queued") return "queued";
  return planting.status === "awaiting_payment" ? "waiting" : null;
}

/**
 * What the print kit says visitors may do from memorial `memorialId`'s page: plant
 * with a card's code, and online when payments are on; null where they may not (the setting is
 * off, or the operator's global memorial).
 */
export async function visitorKitOffer(memorialId: number): Promise<VisitorKitOffer | null> {
  const memorial = await db.memorial.findUnique({
    where: { id: memorialId },
    select: { operatorId: true, contextId: true, kind: true },
  });
  if (!memorial || memorial.kind === "global") return null;
  const settings = await visitorSettingsFor(db, memorial.operatorId, memorial.contextId);
  return settings.enabled ? { online: paymentOffered(settings) } : null;
}

/**
 * What a message to the public (a reminder) offers of visitor planting for a memorial: its
 * planting form and whether visitors may pay there; null when visitors may not plant.
 */
export async function visitorPlantingOffer(
  client: Tx | typeof db,
  memorial: { id: number; operatorId: number; contextId: number | null },
  linkBase: string,
  language: string,
): Promise<{ formLink: string; payment: boolean } | null> {
  const offer = await visitorSettingsFor(client, memorial.operatorId, memorial.contextId);
  if (!offer.enabled) return null;
  return {
    formLink: plantingFormUrl(linkBase, memorial.id, undefined, language),
    payment: paymentOffered(offer),
  };
}
