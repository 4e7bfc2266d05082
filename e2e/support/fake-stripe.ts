// A local server speaking the parts of Stripe's HTTP API the service uses, so that the
// payment tests run offline with the real SDK pointed at it (STRIPE_API_HOST/PORT/PROTOCOL):
// - POST /v1/checkout/sessions (form-encoded, Stripe's bracketed keys), GET /v1/checkout/sessions/:id,
//   POST /v1/refunds (once per payment intent: a second refund is Stripe's charge_already_refunded);
//   the secret key is checked (401), and an Idempotency-Key replays the first answer, as Stripe does
//   (another request under the same key: 400 idempotency_error).
// - A session's url is a page of its own (GET /pay/:id) with Pay and Fail buttons, so Chromium can
//   go through it: Pay completes the session (paid, a payment intent) and Fail completes it unpaid
//   then fails it (a delayed way such as Bancontact), each sending the signed events to the
//   service's webhook, then 303 to the session's success_url, {CHECKOUT_SESSION_ID} filled in.
// - Events are signed with the SDK's own helper (stripe.webhooks.generateTestHeaderString).
// - For the tests, under /_fake/: GET sessions/:id (the session and the events sent), POST
//   sessions/:id/events {type, times, sameId} (sends an event `times` times at once; answers the
//   service's statuses), GET refunds.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface FakeStripe {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** Where the events go (the service's /stripe/webhook). */
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Stripe's form encoding (a[b][0][c]=d) read back into objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[index + 1] as string);
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_fake_${randomBytes(8).toString("hex")}`;
  const webhookSecret = `whsec_fake_${randomBytes(16).toString("hex")}`;
  const signer = new Stripe(secretKey);
  let webhookUrl = "";
  const sessions = new Map<string, Json>();
  const sent = new Map<string, { type: string; status: number }[]>();
  const refunds: Json[] = [];
  const idempotent = new Map<string, { request: string; status: number; body: Json }>();

  const send = (response: ServerResponse, status: number, body: Json) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const stripeError = (
    response: ServerResponse,
    status: number,
    type: string,
    message: string,
    code?: string,
  ) => send(response, status, { error: { type, message, ...(code ? { code } : {}) } });

  function event(session: Json, type: string, eventId = id("evt")): Json {
    return {
      id: eventId,
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { ...session } },
    };
  }

  /** Sends one event to the service, signed; its status. */
  async function deliver(sessionId: string, body: Json): Promise<number> {
    const payload = JSON.stringify(body);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
      body: payload,
    });
    await response.arrayBuffer();
    const list = sent.get(sessionId) ?? [];
    list.push({ type: body.type as string, status: response.status });
    sent.set(sessionId, list);
    return response.status;
  }

  function complete(session: Json, paid: boolean) {
    session.status = "complete";
    session.payment_status = paid ? "paid" : "unpaid";
    session.payment_intent ??= id("pi");
  }

  /** The API's requests, with the key and Idempotency-Key checks. */
  async function api(request: IncomingMessage, response: ServerResponse, path: string, body: string) {
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return stripeError(response, 401, "invalid_request_error", "Invalid API Key provided");
    const key = request.headers["idempotency-key"];
    const fingerprint = `${request.method} ${path} ${body}`;
    if (request.method === "POST" && typeof key === "string") {
      const earlier = idempotent.get(key);
      if (earlier) {
        if (earlier.request !== fingerprint)
          return stripeError(
            response,
            400,
            "idempotency_error",
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          );
        response.setHeader("Idempotent-Replayed", "true");
        return send(response, earlier.status, earlier.body);
      }
    }
    const answer = (status: number, json: Json) => {
      if (request.method === "POST" && typeof key === "string")
        idempotent.set(key, { request: fingerprint, status, body: json });
      send(response, status, json);
    };
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const params = parseStripeForm(body);
      const items = params.line_items as Json[] | undefined;
      const line = items?.[0]?.price_data as Json | undefined;
      if (params.mode !== "payment" || !line || !params.success_url || !params.cancel_url)
        return answer(400, { error: { type: "invalid_request_error", message: "Missing required param" } });
      const sessionId = id("cs_test");
      const session: Json = {
        id: sessionId,
        object: "checkout.session",
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        currency: params.currency ?? line.currency,
        amount_total: Number(line.unit_amount) * Number(items?.[0]?.quantity ?? 1),
        customer_email: params.customer_email ?? null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        payment_method_types: params.allowed_payment_method_types ?? params.payment_method_types ?? ["card"],
        line_items_given: items,
        locale: params.locale ?? null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        payment_intent: null,
        url: `${url}/pay/${sessionId}`,
        livemode: false,
      };
      sessions.set(sessionId, session);
      return answer(200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (request.method === "GET" && sessionMatch) {
      const session = sessions.get(sessionMatch[1] as string);
      if (!session) return stripeError(response, 404, "invalid_request_error", "No such checkout.session");
      return send(response, 200, session);
    }
    if (request.method === "POST" && path === "/v1/refunds") {
      const params = parseStripeForm(body);
      const intent = params.payment_intent as string | undefined;
      const session = [...sessions.values()].find(
        (s) => s.payment_intent === intent && s.payment_status === "paid",
      );
      if (!intent || !session)
        return answer(404, {
          error: { type: "invalid_request_error", message: `No such payment_intent: '${intent}'` },
        });
      if (refunds.some((r) => r.payment_intent === intent))
        return answer(400, {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: "Charge has already been refunded.",
          },
        });
      const refund = {
        id: id("re"),
        object: "refund",
        amount: session.amount_total,
        currency: session.currency,
        payment_intent: intent,
        status: "succeeded",
        metadata: params.metadata ?? {},
        idempotency_key: typeof key === "string" ? key : null,
      };
      refunds.push(refund);
      return answer(200, refund);
    }
    return stripeError(
      response,
      404,
      "invalid_request_error",
      `Unrecognized request URL (${request.method}: ${path})`,
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? "/", url).pathname;
    const body = await readBody(request);
    if (path.startsWith("/v1/")) return api(request, response, path, body);

    const pay = /^\/pay\/([\w-]+)$/.exec(path);
    const session = pay ? sessions.get(pay[1] as string) : undefined;
    if (pay && !session) return send(response, 404, { error: "no such session" });
    if (pay && session && request.method === "GET") {
      const euros = (Number(session.amount_total) / 100).toFixed(2);
      const line = (session.line_items_given as { price_data: { product_data: { name: string } } }[])[0];
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return response.end(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Fake Checkout</title></head>
<body><h1>Fake Stripe Checkout</h1><p data-testid="item">${escapeHtml(String(line?.price_data.product_data.name))}</p>
<p data-testid="amount">EUR ${euros}</p><p>${escapeHtml(String(session.customer_email ?? ""))}</p>
<form method="post"><button name="outcome" value="pay">Pay</button> <button name="outcome" value="fail">Fail</button></form>
<p><a href="${escapeHtml(String(session.cancel_url))}">Cancel</a></p></body></html>`);
    }
    if (pay && session && request.method === "POST") {
      const outcome = new URLSearchParams(body).get("outcome");
      if (session.status !== "open") return send(response, 409, { error: "the session is not open" });
      complete(session, outcome === "pay");
      await deliver(session.id as string, event(session, "checkout.session.completed"));
      if (outcome !== "pay")
        await deliver(session.id as string, event(session, "checkout.session.async_payment_failed"));
      const success = String(session.success_url).replace("{CHECKOUT_SESSION_ID}", String(session.id));
      response.writeHead(303, { Location: success });
      return response.end();
    }

    const control = /^\/_fake\/sessions\/([\w-]+)(\/events)?$/.exec(path);
    const controlled = control ? sessions.get(control[1] as string) : undefined;
    if (control && !controlled) return send(response, 404, { error: "no such session" });
    if (control && controlled && !control[2] && request.method === "GET")
      return send(response, 200, { session: controlled, sent: sent.get(controlled.id as string) ?? [] });
    if (control && controlled && control[2] && request.method === "POST") {
      const order = JSON.parse(body || "{}") as { type: string; times?: number; sameId?: boolean };
      if (
        order.type === "checkout.session.completed" ||
        order.type === "checkout.session.async_payment_succeeded"
      )
        complete(controlled, true);
      if (order.type === "checkout.session.expired") controlled.status = "expired";
      const eventId = id("evt");
      const statuses = await Promise.all(
        Array.from({ length: order.times ?? 1 }, () =>
          deliver(
            controlled.id as string,
            event(controlled, order.type, order.sameId === false ? id("evt") : eventId),
          ),
        ),
      );
      return send(response, 200, { statuses, session: controlled });
    }
    if (path === "/_fake/refunds" && request.method === "GET") return send(response, 200, { refunds });
    return send(response, 404, { error: "not found" });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: String(error) });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    secretKey,
    webhookSecret,
    setWebhookUrl(target: string) {
      webhookUrl = target;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
