// A visitor pays for a tree with Stripe Checkout, against the local fake Stripe
// (e2e/support/fake-stripe.ts, started by global-setup; the service's SDK points at it and it
// sends events signed with the SDK's own helper): the tree is planted only by the signed
// checkout.session.completed, exactly once for duplicated or replayed events; a failed or expired
// payment plants nothing; a bad signature is 400 and writes nothing; a paid tree without stock
// waits in the planting queue and is refunded once when the queue gives up.
// The form is posted to a second instance with TRUST_PROXY=1, each test a client of its own (the
// form's limits count per client); the fake sends its events to the main instance.
import { GIVE_UP_JOB, giveUpWaitingVisitorTrees, refundKey } from "@memorial/lib/visitors/give-up";
import { expect, test } from "@playwright/test";
import Stripe from "stripe";
import { asJob, baseUrl, db, makeIsolatedOperator } from "../support/factories";
import { proxiedInstance } from "../support/instances";
import { lambertMemorial, setVisitors } from "../support/visitors";

test.describe.configure({ mode: "default" });

const second = proxiedInstance();

const fake = () => process.env.E2E_FAKE_STRIPE_URL as string;
let clients = 0;
const aClient = () => `10.${(process.pid % 250) + 1}.${Math.floor(++clients / 250)}.${clients % 250}`;

/** A public memorial whose visitors may pay 12.50 € a tree (card, Bancontact); `stock` trees left. */
async function payableMemorial(stock = 10) {
  const op = await makeIsolatedOperator({ stock: stock + 1, language: "en" });
  const memorialId = await lambertMemorial(op.key);
  await setVisitors(op.operatorId, null, {
    enabled: true,
    payments: ["card", "bancontact"],
    price: "12.50",
  });
  return { op, memorialId };
}

/** The form's way=pay: the Checkout session's address and id. */
async function checkout(memorialId: number, planter = "Cousin Paul") {
  const response = await fetch(`${second.url}/memorial/${memorialId}/trees`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: second.url,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": aClient(),
    },
    body: new URLSearchParams({
      lang: "en",
      planter,
      message: "For Anne, who loved the forest.",
      email: "paul@example.org",
      website: "",
      way: "pay",
    }).toString(),
  });
  expect(response.status, await response.clone().text()).toBe(303);
  const location = response.headers.get("location") as string;
  expect(location.startsWith(`${fake()}/pay/cs_test_`)).toBe(true);
  return { url: location, sessionId: location.split("/").pop() as string };
}

async function sendEvents(sessionId: string, type: string, times = 1, sameId = true) {
  const response = await fetch(`${fake()}/_fake/sessions/${sessionId}/events`, {
    method: "POST",
    body: JSON.stringify({ type, times, sameId }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { statuses: number[]; session: Record<string, unknown> };
}

const plantingOf = (sessionId: string) =>
  db.visitorPlanting.findUniqueOrThrow({ where: { checkoutSession: sessionId } });

async function written(memorialId: number) {
  const [trees, entries] = await Promise.all([
    db.tree.count({ where: { memorialId } }),
    db.guestbookEntry.count({ where: { memorialId } }),
  ]);
  return { trees, entries };
}

test("a paid checkout plants exactly once, though the completed event comes twice, five times at once, or replayed", async () => {
  const { memorialId } = await payableMemorial();
  const { sessionId } = await checkout(memorialId);
  // The session as the service asked for it.
  const asked = (await (await fetch(`${fake()}/_fake/sessions/${sessionId}`)).json()).session;
  const planting = await plantingOf(sessionId);
  expect(planting).toMatchObject({
    status: "awaiting_payment",
    origin: "visitor_payment",
    planter: "Cousin Paul",
  });
  expect(planting.amount?.toFixed(2)).toBe("12.50");
  expect(asked).toMatchObject({
    mode: "payment",
    currency: "eur",
    amount_total: 1250,
    payment_method_types: ["card", "bancontact"],
    customer_email: "paul@example.org",
    client_reference_id: `visitor-planting-${planting.id}`,
    metadata: { visitorPlantingId: String(planting.id), memorialId: String(memorialId) },
    success_url: `${second.url}/memorial/${memorialId}/plant?lang=en&paid={CHECKOUT_SESSION_ID}`,
    cancel_url: `${second.url}/memorial/${memorialId}/plant?lang=en&cancelled=1`,
  });
  expect(asked.line_items_given[0].price_data.product_data.name).toBe("Tree in memory of Anne Lambert");
  // Nothing is planted before the payment.
  const before = await written(memorialId);

  const five = await sendEvents(sessionId, "checkout.session.completed", 5);
  expect(five.statuses).toEqual([200, 200, 200, 200, 200]);
  const twice = await sendEvents(sessionId, "checkout.session.completed", 2);
  expect(twice.statuses).toEqual([200, 200]);
  // Replayed: new event ids for the same session.
  await sendEvents(sessionId, "checkout.session.completed", 2, false);
  await sendEvents(sessionId, "checkout.session.async_payment_succeeded", 1);
  expect(await written(memorialId)).toEqual({ trees: before.trees + 1, entries: before.entries + 1 });

  const paid = await plantingOf(sessionId);
  const paymentIntent = five.session.payment_intent as string;
  expect(paymentIntent).toMatch(/^pi_/);
  expect(paid).toMatchObject({ status: "planted", paymentIntent });
  expect(paid.paidAt).not.toBeNull();
  const tree = await db.tree.findUniqueOrThrow({ where: { id: paid.treeId as number } });
  expect(tree.origin).toBe("visitor_payment");
  const transaction = await db.transaction.findUniqueOrThrow({ where: { id: tree.transactionId } });
  expect(transaction).toMatchObject({ origin: "visitor_payment", paymentReference: paymentIntent });
});

test("a failed payment and an expired session plant nothing", async () => {
  const { memorialId } = await payableMemorial();
  const before = await written(memorialId);
  // Failed: through the fake's page, as a visitor's Bancontact payment that fails.
  const failed = await checkout(memorialId);
  const pay = await fetch(failed.url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "outcome=fail",
  });
  expect(pay.status).toBe(303);
  expect(pay.headers.get("location")).toBe(
    `${second.url}/memorial/${memorialId}/plant?lang=en&paid=${failed.sessionId}`,
  );
  expect((await plantingOf(failed.sessionId)).status).toBe("failed");
  // Expired; a completed event arriving after it changes nothing.
  const expired = await checkout(memorialId, "Aunt Rose");
  expect((await sendEvents(expired.sessionId, "checkout.session.expired")).statuses).toEqual([200]);
  expect((await plantingOf(expired.sessionId)).status).toBe("expired");
  await sendEvents(expired.sessionId, "checkout.session.completed");
  expect((await plantingOf(expired.sessionId)).status).toBe("expired");
  expect(await written(memorialId)).toEqual(before);
});

test("a bad or missing signature is 400 and writes nothing; an unknown session or event type is 200, ignored", async () => {
  const { memorialId } = await payableMemorial();
  const { sessionId } = await checkout(memorialId);
  const session = (await (await fetch(`${fake()}/_fake/sessions/${sessionId}`)).json()).session;
  const event = (type: string, object: Record<string, unknown>) =>
    JSON.stringify({
      id: `evt_test_${Date.now()}`,
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
  const paid = event("checkout.session.completed", {
    ...session,
    payment_status: "paid",
    payment_intent: "pi_forged",
  });
  const post = (payload: string, signature?: string) =>
    fetch(`${baseUrl()}/stripe/webhook`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(signature ? { "Stripe-Signature": signature } : {}),
      },
      body: payload,
    });
  const signer = new Stripe(process.env.STRIPE_SECRET_KEY as string);
  const forged = signer.webhooks.generateTestHeaderString({ payload: paid, secret: "whsec_not_the_secret" });
  expect((await post(paid, forged)).status).toBe(400);
  expect((await post(paid)).status).toBe(400);
  // Signed rightly, but the body changed after signing.
  const rightly = signer.webhooks.generateTestHeaderString({
    payload: paid,
    secret: process.env.STRIPE_WEBHOOK_SECRET as string,
  });
  expect((await post(paid.replace("pi_forged", "pi_changed"), rightly)).status).toBe(400);
  expect((await plantingOf(sessionId)).status).toBe("awaiting_payment");
  expect((await written(memorialId)).trees).toBe(1);

  // Past STRIPE_EVENT_BYTES (512 KiB): refused before it is read whole.
  const huge = event("checkout.session.completed", { ...session, padding: "x".repeat(600 * 1024) });
  expect(
    (
      await post(
        huge,
        signer.webhooks.generateTestHeaderString({
          payload: huge,
          secret: process.env.STRIPE_WEBHOOK_SECRET as string,
        }),
      )
    ).status,
  ).toBe(413);
  expect((await plantingOf(sessionId)).status).toBe("awaiting_payment");

  const sign = (payload: string) =>
    signer.webhooks.generateTestHeaderString({
      payload,
      secret: process.env.STRIPE_WEBHOOK_SECRET as string,
    });
  const unknown = event("checkout.session.completed", {
    ...session,
    id: "cs_test_unknown",
    payment_status: "paid",
  });
  const unknownAnswer = await post(unknown, sign(unknown));
  expect(unknownAnswer.status).toBe(200);
  expect(await unknownAnswer.json()).toMatchObject({ received: true, handled: "ignored" });
  const other = event("payment_intent.created", { id: "pi_other", object: "payment_intent" });
  expect((await post(other, sign(other))).status).toBe(200);
  expect((await plantingOf(sessionId)).status).toBe("awaiting_payment");
});

test("a paid tree without stock waits in the queue, and past the give-up delay is refunded once", async () => {
  const { memorialId } = await payableMemorial(0);
  const first = await checkout(memorialId);
  const other = await checkout(memorialId, "Aunt Rose");
  const paidFirst = await sendEvents(first.sessionId, "checkout.session.completed");
  const paidSecond = await sendEvents(other.sessionId, "checkout.session.completed");
  for (const { sessionId } of [first, other]) {
    const planting = await plantingOf(sessionId);
    expect(planting.status).toBe("queued");
    expect(
      await db.queuedPlanting.count({ where: { visitorPlantingId: planting.id, plantedAt: null } }),
    ).toBe(1);
  }
  const one = await plantingOf(first.sessionId);
  const two = await plantingOf(other.sessionId);
  // The first has waited past VISITOR_QUEUE_GIVE_UP_DAYS (30); the second was given up by a run
  // that crashed before its refund (given_up_at set, not refunded).
  await db.queuedPlanting.update({
    where: { visitorPlantingId: one.id },
    data: { createdAt: new Date(Date.now() - 31 * 86_400_000) },
  });
  await db.queuedPlanting.update({ where: { visitorPlantingId: two.id }, data: { givenUpAt: new Date() } });

  // Twice (and another file's run may come between): each tree is refunded once.
  await asJob(GIVE_UP_JOB, giveUpWaitingVisitorTrees);
  await asJob(GIVE_UP_JOB, giveUpWaitingVisitorTrees);
  const refunds = (await (await fetch(`${fake()}/_fake/refunds`)).json()).refunds as Record<
    string,
    unknown
  >[];
  for (const [planting, paid] of [
    [one, paidFirst],
    [two, paidSecond],
  ] as const) {
    const intent = paid.session.payment_intent as string;
    const mine = refunds.filter((r) => r.payment_intent === intent);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: 1250, idempotency_key: refundKey(planting.id) });
    const after = await db.visitorPlanting.findUniqueOrThrow({ where: { id: planting.id } });
    expect(after).toMatchObject({ status: "refunded", refundId: mine[0]?.id });
    expect(after.refundedAt).not.toBeNull();
    expect(
      (await db.queuedPlanting.findUniqueOrThrow({ where: { visitorPlantingId: planting.id } })).givenUpAt,
    ).not.toBeNull();
  }
});
