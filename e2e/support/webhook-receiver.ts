// A real webhook receiver on the loopback for the tests (node:http): it records every request it
// gets and answers as the test says (a status, or no answer at all: a hanging receiver).
// verifySignature checks a delivery with node:crypto alone, as a partner following the Standard
// Webhooks specification would, independently of the library the service signs with.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

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
  /** Resolves once `count` requests have arrived (tests of the running service). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startReceiver(script: Behaviour[] = []): Promise<Receiver> {
  const hanging = new Set<http.ServerResponse>();
  const waiters: (() => void)[] = [];
  const receiver: Receiver = {
    url: "",
    received: [],
    script,
    otherwise: 200,
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`the receiver got ${receiver.received.length} requests, expected ${count}`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return receiver.received;
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
      for (const wake of waiters.splice(0)) wake();
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
