// The webhook fixture of the tests, for vitest and Playwright alike: real receivers on the
// loopback (node:http) that record every request and answer as the test says (a status, or no
// answer at all: a hanging receiver), the operator's endpoint to a receiver, and the waits for
// deliveries (the receiver's next requests, the endpoint's deliveries settled in the database).
// verifySignature checks a delivery with node:crypto alone, as a partner following the Standard
// Webhooks specification would, independently of the library the service signs with.
//
//   const webhooks = webhookFixture(afterAll);            // vitest; test.afterAll in Playwright
//   const { receiver, endpoint } = await webhooks.receiving(operatorId, ["tree.planted"]);
//   await receiver.waitFor(1);
//   expect(verifySignature(endpoint.secret, receiver.received[0])).toBe(true);
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { actingAs } from "@memorial/lib/audit/actor";
import { db } from "@memorial/lib/db/client";
import { type Environment, serviceAdminScope } from "@memorial/lib/scope";
import { createWebhookEndpoint } from "@memorial/lib/webhooks/endpoints";

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: the JSON the service sent
  json: any;
}

/** What to do with the next request: answer with a status, or hang (never answer). */
export type Behaviour = number | "hang";

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Answers of the next requests, in order; then `otherwise` (200 by default). */
  script: Behaviour[];
  otherwise: Behaviour;
  /** Resolves once `count` requests have arrived, as they arrive (no polling). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  /** The first request the test has not read yet by `next`, once it has arrived. */
  next(timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

export async function startReceiver(script: Behaviour[] = []): Promise<Receiver> {
  const hanging = new Set<http.ServerResponse>();
  const waiters = new Set<() => void>();
  let read = 0;
  const receiver: Receiver = {
    url: "",
    received: [],
    script,
    otherwise: 200,
    waitFor(count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (receiver.received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(receiver.received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the receiver got ${receiver.received.length} requests, expected ${count}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async next(timeoutMs) {
      read += 1;
      return (await receiver.waitFor(read, timeoutMs))[read - 1];
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      let json = null;
      try {
        json = JSON.parse(body);
      } catch {}
      receiver.received.push({ headers: request.headers, body, json });
      for (const check of [...waiters]) check();
      const behaviour = receiver.script.length ? receiver.script.shift()! : receiver.otherwise;
      if (behaviour === "hang") {
        hanging.add(response);
        return;
      }
      response.writeHead(behaviour, { "content-type": "text/plain" });
      response.end(behaviour < 300 ? "ok" : "receiver failure");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

/** The Standard Webhooks check: v1 HMAC-SHA256 of `${id}.${timestamp}.${body}` with the secret. */
export function verifySignature(secret: string, received: ReceivedWebhook): boolean {
  const id = String(received.headers["webhook-id"] ?? "");
  const timestamp = String(received.headers["webhook-timestamp"] ?? "");
  const signatures = String(received.headers["webhook-signature"] ?? "").split(" ");
  if (!id || !/^\d+$/.test(timestamp)) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${received.body}`).digest();
  return signatures.some((s) => {
    const [version, value] = s.split(",");
    const given = Buffer.from(value ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Deliveries are not ordered (each is sent on its own): sorted by their event's type. */
export const byType = (received: ReceivedWebhook[]) =>
  [...received].sort((a, b) => a.json.type.localeCompare(b.json.type));

/** The operator's endpoint to `url` (registered as the service's administrator would, acting). */
export const subscribe = (
  operatorId: number,
  url: string,
  events: readonly string[],
  environment: Environment = "production",
) => {
  const scope = serviceAdminScope(operatorId);
  return actingAs(scope.actor, () => createWebhookEndpoint({ scope, url, events: [...events], environment }));
};

export type Endpoint = Awaited<ReturnType<typeof subscribe>>;

/**
 * Waits until `count` deliveries of the endpoint are in a final state (sent or failed): the
 * service writes a delivery's outcome after its receiver has answered.
 */
export async function settled(endpointId: number, count: number, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = await db.webhookDelivery.count({ where: { endpointId, status: { not: "pending" } } });
    if (done === count) return;
    if (Date.now() > deadline) {
      throw new Error(`endpoint ${endpointId}: ${done} deliveries settled, expected ${count}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The receivers of a test file, all closed after its tests: give it the runner's afterAll
 * (vitest's `afterAll`, Playwright's `test.afterAll`).
 */
export function webhookFixture(afterAll: (close: () => Promise<void>) => void) {
  const open: Receiver[] = [];
  afterAll(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()));
  });
  const receiver = async (...script: Behaviour[]) => {
    const r = await startReceiver(script);
    open.push(r);
    return r;
  };
  return {
    /** A receiver answering as scripted (then 200). */
    receiver,
    /** A receiver and the operator's endpoint to it, for these events (production by default). */
    async receiving(
      operatorId: number,
      events: readonly string[],
      options: { environment?: Environment; script?: Behaviour[] } = {},
    ): Promise<{ receiver: Receiver; endpoint: Endpoint }> {
      const r = await receiver(...(options.script ?? []));
      return { receiver: r, endpoint: await subscribe(operatorId, r.url, events, options.environment) };
    },
  };
}
