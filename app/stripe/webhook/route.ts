// POST /stripe/webhook: Stripe's events about the visitors' Checkout sessions (the use
// case is lib/visitors/payments.ts handleStripeEvent). The raw body (at most STRIPE_EVENT_BYTES)
// is verified against its Stripe-Signature header with STRIPE_WEBHOOK_SECRET by the SDK
// (stripe.webhooks.constructEvent) before anything is read from it: a bad or missing signature is
// 400 and writes nothing. A verified event is answered 200 once handled, or ignored (an event
// type or a session the service does not know); Stripe retries what was not answered 2xx.
import { actingAs } from "@memorial/lib/audit/actor";
import { BodyTooLargeError, readCappedBody } from "@memorial/lib/http/capped-body";
import { componentLogger } from "@memorial/lib/log";
import { handleStripeEvent, stripeConfigured, verifiedEvent } from "@memorial/lib/visitors/payments";

/** The largest event accepted: a Checkout session's event is a few kilobytes. */
const STRIPE_EVENT_BYTES = 512 * 1024;

const answer = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

async function post(request: Request) {
  if (!stripeConfigured()) return answer(404, { error: "payments are not configured on this service" });
  let payload: Buffer;
  try {
    payload = Buffer.from(await readCappedBody(request, STRIPE_EVENT_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return answer(413, { error: "the event is too large" });
    throw error;
  }
  const signature = request.headers.get("stripe-signature");
  if (!signature) return answer(400, { error: "the Stripe-Signature header is missing" });
  let event: ReturnType<typeof verifiedEvent>;
  try {
    event = verifiedEvent(payload, signature);
  } catch {
    return answer(400, { error: "the Stripe-Signature header does not verify this event" });
  }
  const outcome = await handleStripeEvent(event);
  componentLogger("stripe").info({ eventId: event.id, type: event.type, ...outcome }, "stripe event");
  return answer(200, { received: true, ...outcome });
}

// Who acts, for the audit log: the visitor who paid (Stripe tells it for them).
export function POST(request: Request) {
  return actingAs({ kind: "visitor" }, () => post(request));
}
