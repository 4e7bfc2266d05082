// A visitor pays for a tree with Stripe Checkout (the `stripe` SDK; cards and
// Bancontact; EUR), at the price of the operator's visitor setting. No card data ever reaches the
// service: the visitor pays on Stripe's page, and the service only hears, by the signed webhook
// (app/stripe/webhook/route.ts), that the session was paid, failed or expired.
// - startCheckout: the Checkout session is made first (its Idempotency-Key and
//   client_reference_id are the visitor_planting id, taken from the sequence beforehand), then
//   the visitor_planting is written (awaiting_payment, the amount, the session) in one transaction
//   with the memorial's checks; only then is the visitor sent to the session's page, so a session
//   whose row could not be written is never paid.
// - handleStripeEvent: checkout.session.completed (paid) and async_payment_succeeded plant the
//   tree (plantForVisitor, the same use case as a claim code's) in the transaction of a
//   conditional UPDATE awaiting_payment -> queued ... RETURNING: of duplicated events, replayed
//   sessions and simultaneous deliveries, one plants and the others find nothing to update.
//   async_payment_failed -> failed, expired -> expired; nothing planted. Any other event or an
//   unknown session is ignored (200: Stripe stops sending it).
import { recordChange, withEvents } from "@memorial/lib/changes/record";
import { db, type Tx, transaction } from "@memorial/lib/db/client";
import { memorialUrl } from "@memorial/lib/links";
import { displayTitle, TITLE_SELECT } from "@memorial/lib/memorials/policy";
import { settings } from "@memorial/lib/settings";
import Stripe from "stripe";
import { type VisitorSettings, visitorSettingsFor } from "./settings";
import {
  plantableMemorial,
  plantForVisitor,
  recordVisitorPlanting,
  type VisitorWords,
} from "./visitor-planting";

/** Stripe could not be reached or refused the request: the visitor may try again later (503). */
export class PaymentUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the payment service is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "PaymentUnavailableError";
  }
}

/** Payments are possible: the secret key and the webhook's secret are set (lib/settings.ts). */
export function stripeConfigured(): boolean {
  const s = settings();
  return Boolean(s.STRIPE_SECRET_KEY && s.STRIPE_WEBHOOK_SECRET);
}

/**
 * The operators whose visitor settings ask for payments while the service cannot take them (no
 * Stripe keys): their pages offer codes only. Empty when Stripe is configured.
 */
export async function operatorsAskingPayments(): Promise<number[]> {
  if (stripeConfigured()) return [];
  const rows = await db.visitorSetting.findMany({
    where: { enabled: true, NOT: { payments: { isEmpty: true } } },
    select: { operatorId: true },
    distinct: ["operatorId"],
    orderBy: { operatorId: "asc" },
  });
  return rows.map((row) => row.operatorId);
}

/** A memorial offers payment when its setting has ways and a price, and Stripe is configured. */
export const paymentOffered = (visitor: VisitorSettings): boolean =>
  visitor.enabled && visitor.payments.length > 0 && visitor.price !== null && stripeConfigured();

let cached: { fingerprint: string; client: Stripe } | undefined;

/** The Stripe client of the settings (one per set of values). */
export function stripeClient(): Stripe {
  const s = settings();
  if (!s.STRIPE_SECRET_KEY) throw new PaymentUnavailableError("STRIPE_SECRET_KEY is not set");
  const fingerprint = [s.STRIPE_SECRET_KEY, s.STRIPE_API_HOST, s.STRIPE_API_PORT, s.STRIPE_API_PROTOCOL].join(
    " ",
  );
  if (cached?.fingerprint !== fingerprint) {
    cached = {
      fingerprint,
      client: new Stripe(s.STRIPE_SECRET_KEY, {
        ...(s.STRIPE_API_HOST ? { host: s.STRIPE_API_HOST } : {}),
        ...(s.STRIPE_API_PORT ? { port: s.STRIPE_API_PORT } : {}),
        ...(s.STRIPE_API_PROTOCOL ? { protocol: s.STRIPE_API_PROTOCOL } : {}),
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
      }),
    };
  }
  return cached.client;
}

/** Euros as text ("12.50") to Stripe's cents. */
const cents = (euros: string): number => Math.round(Number(euros) * 100);

export interface CheckoutInput {
  memorialId: number;
  words: VisitorWords;
  linkBase: string;
}

/**
 * Opens the Checkout session of a visitor's tree and records it; returns the session's address.
 * Throws NOT_FOUND when the memorial may not take it, PaymentUnavailableError when Stripe fails.
 */
export async function startCheckout(input: CheckoutInput): Promise<string> {
  const memorial = await db.memorial.findUniqueOrThrow({
    where: { id: input.memorialId },
    select: { operatorId: true, contextId: true, isTest: true },
  });
  const visitor = await visitorSettingsFor(db, memorial.operatorId, memorial.contextId);
  if (!paymentOffered(visitor) || visitor.price === null)
    throw new PaymentUnavailableError("payments are off");
  const price = visitor.price;
  const [{ id }] = await db.$queryRaw<{ id: number }[]>`
    SELECT nextval(pg_get_serial_sequence('visitor_planting', 'id'))::int AS "id"`;
  const titled = await db.memorial.findUniqueOrThrow({
    where: { id: input.memorialId },
    select: TITLE_SELECT,
  });
  const title = displayTitle(titled, input.words.language);
  const form = `${input.linkBase}/memorial/${input.memorialId}/plant?lang=${input.words.language}`;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient().checkout.sessions.create(
      {
        mode: "payment",
        currency: "eur",
        // The setting's ways (card, bancontact). The SDK's API version (2026-10-28) names them so:
        // payment_method_types is its former name.
        allowed_payment_method_types: visitor.payments,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "eur",
              unit_amount: cents(price),
              product_data: { name: `Tree in memory of ${title}` },
            },
          },
        ],
        customer_email: input.words.email,
        client_reference_id: `visitor-planting-${id}`,
        metadata: {
          visitorPlantingId: String(id),
          memorialId: String(input.memorialId),
          memorialUrl: memorialUrl(input.linkBase, { id: input.memorialId, language: "" }),
        },
        locale: input.words.language as Stripe.Checkout.SessionCreateParams.Locale,
        success_url: `${form}&paid={CHECKOUT_SESSION_ID}`,
        cancel_url: `${form}&cancelled=1`,
      },
      // One key per planting: the SDK's own retries of this request make one session.
      { idempotencyKey: `visitor-planting-${id}-checkout` },
    );
  } catch (error) {
    throw new PaymentUnavailableError(error);
  }
  if (!session.url) throw new PaymentUnavailableError("the Checkout session has no address");
  await db.$transaction(async (tx) => {
    const plantable = await plantableMemorial(tx, input.memorialId);
    const now = await visitorSettingsFor(tx, plantable.operatorId, plantable.contextId);
    if (!paymentOffered(now) || now.price !== price) throw new PaymentUnavailableError("the price changed");
    await recordVisitorPlanting(tx, {
      id,
      memorial: plantable,
      origin: "visitor_payment",
      words: input.words,
      linkBase: input.linkBase,
      checkoutSession: session.id,
      amount: price,
    });
    await recordChange(tx, {
      kind: "planting.payment_started",
      target: { type: "planting", id },
      operatorId: plantable.operatorId,
      memorialId: plantable.id,
      after: {
        status: "awaiting_payment",
        amount: price,
        planter: input.words.planter,
        email: input.words.email,
      },
    });
  });
  return session.url;
}

/** A webhook's answer: what was done with the event (logged; Stripe only reads the status). */
export type StripeEventOutcome =
  | { handled: "planted" | "queued" | "failed" | "expired"; visitorPlantingId: number }
  | { handled: "ignored"; why: string };

/** The payment intent's id of a session (an id, or the object when expanded). */
const paymentIntentOf = (session: Stripe.Checkout.Session): string | null =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

/** Handles one verified event from Stripe; idempotent (a duplicate finds nothing to change). */
export async function handleStripeEvent(event: Stripe.Event): Promise<StripeEventOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // Bancontact and other delayed ways complete unpaid; their async_payment_succeeded follows.
      if (session.payment_status !== "paid") return { handled: "ignored", why: "not paid yet" };
      return payForSession(session.id, paymentIntentOf(session));
    }
    case "checkout.session.async_payment_failed":
      return endSession(event.data.object.id, "failed");
    case "checkout.session.expired":
      return endSession(event.data.object.id, "expired");
    default:
      return { handled: "ignored", why: `event type ${event.type}` };
  }
}

async function payForSession(sessionId: string, paymentIntent: string | null): Promise<StripeEventOutcome> {
  return withEvents(async (tx, changes) => {
    const [row] = await tx.$queryRaw<{ id: number; memorial_id: number; operator_id: number }[]>`
      UPDATE "visitor_planting" SET "status" = 'queued', "payment_intent" = ${paymentIntent}, "paid_at" = now()
      WHERE "checkout_session" = ${sessionId} AND "status" = 'awaiting_payment'
      RETURNING "id", "memorial_id", "operator_id"`;
    if (!row) return { handled: "ignored", why: "unknown session, or already handled" } as const;
    await auditSession(tx, row, "planting.paid", "queued");
    const outcome = await plantForVisitor(tx, changes, row.id, {
      prepaid: "none",
      paymentReference: paymentIntent,
    });
    return { handled: outcome.kind, visitorPlantingId: row.id };
  });
}

async function endSession(sessionId: string, status: "failed" | "expired"): Promise<StripeEventOutcome> {
  const row = await transaction(async (tx) => {
    const [ended] = await tx.$queryRaw<{ id: number; memorial_id: number; operator_id: number }[]>`
      UPDATE "visitor_planting" SET "status" = ${status}::"VisitorPlantingStatus"
      WHERE "checkout_session" = ${sessionId} AND "status" = 'awaiting_payment'
      RETURNING "id", "memorial_id", "operator_id"`;
    if (ended) await auditSession(tx, ended, `planting.payment_${status}`, status);
    return ended;
  });
  return row
    ? { handled: status, visitorPlantingId: row.id }
    : { handled: "ignored", why: "unknown session" };
}

/** The audit row of a Checkout session's outcome (Stripe tells it for the visitor who paid). */
function auditSession(
  tx: Tx,
  row: { id: number; memorial_id: number; operator_id: number },
  kind: "planting.paid" | "planting.payment_failed" | "planting.payment_expired",
  status: string,
) {
  return recordChange(tx, {
    kind,
    target: { type: "planting", id: row.id },
    operatorId: row.operator_id,
    memorialId: row.memorial_id,
    before: { status: "awaiting_payment" },
    after: { status },
  });
}

/** Verifies a webhook's signature (STRIPE_WEBHOOK_SECRET) and reads its event; throws when bad. */
export function verifiedEvent(payload: string | Buffer, signature: string): Stripe.Event {
  const secret = settings().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
  return stripeClient().webhooks.constructEvent(payload, signature, secret);
}
