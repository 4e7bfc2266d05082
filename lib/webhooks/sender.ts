// The sender of webhook deliveries. A delivery row is written by the webhook consumer of the
// domain events; a trigger gives each pending delivery a job (lib/jobs, due at its
// next_attempt_at) in that transaction. The job `deliver-webhook` signs it with its endpoint's
// secret (Standard Webhooks), POSTs it and records the outcome on the row, which the dashboard
// shows. A receiver that fails (not 2xx, refused, unreachable) or hangs longer than
// WEBHOOK_TIMEOUT_MS is retried by the jobs' retry policy (lib/jobs/retry.ts: with the default
// base, 14 attempts over more than 24 hours). A service that stops mid-delivery puts what it was
// sending back in the queue at once, and one that dies leaves its job to be taken again (lib/jobs/runner.ts):
// nothing is lost (a receiver may get a message twice after a crash; the webhook-id, stable across
// retries, lets it tell).
import type { LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { db } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";
import { retryDelayMs } from "@memorial/lib/jobs/retry";
import { settings } from "@memorial/lib/settings";
import { Webhook } from "standardwebhooks";
import { decryptSecret } from "./secrets";
import { type GuardOptions, resolveWebhookHost } from "./url-guard";

/** Attempts before a delivery is given up: with the default base, more than 26 hours of retries. */
export const MAX_ATTEMPTS = 14;
/** What is kept of a receiver's answer or error in the log. */
const ERROR_MAX = 500;

export interface SenderSettings {
  /** The jobs' retry policy's base (lib/jobs/retry.ts): JOB_RETRY_BASE_MS, or WEBHOOK_RETRY_BASE_MS. */
  retryBaseMs: number;
  timeoutMs: number;
}

function senderSettings(): SenderSettings {
  const { JOB_RETRY_BASE_MS, WEBHOOK_TIMEOUT_MS } = settings();
  return { retryBaseMs: JOB_RETRY_BASE_MS, timeoutMs: WEBHOOK_TIMEOUT_MS };
}

/** The policy's wait (lib/jobs/retry.ts), re-exported: 30 s, 1 min, 2 min … 6 h with the default base. */
export { retryDelayMs };

interface Claimed {
  id: number;
  message_id: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret_encrypted: string;
}

interface DeliveryOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

export interface WebhookContext {
  settings: SenderSettings;
  guard: GuardOptions;
  /** Aborted when the service stops: deliveries in progress go back to the queue at once. */
  signal: AbortSignal;
}

export function webhookContext(
  options: Partial<SenderSettings> & GuardOptions & { signal?: AbortSignal } = {},
): WebhookContext {
  const { signal, ...rest } = options;
  return {
    settings: { ...senderSettings(), ...definedOf(rest) },
    guard: rest,
    signal: signal ?? new AbortController().signal,
  };
}

/** The job `deliver-webhook`: one attempt at the delivery `id`, if it is still pending and due. */
export async function deliverWebhook(id: number, context: WebhookContext): Promise<void> {
  const { settings, signal } = context;
  const [delivery] = await db.$queryRaw<Claimed[]>`
    SELECT d."id", d."message_id", d."payload", d."attempts", e."url", e."secret_encrypted"
    FROM "webhook_delivery" d JOIN "webhook_endpoint" e ON e."id" = d."endpoint_id"
    WHERE d."id" = ${id} AND d."status" = 'pending' AND d."next_attempt_at" <= now() + interval '1 second'
      AND e."disabled_at" IS NULL`;
  // Sent, given up, its endpoint deleted, or rescheduled later (that time's job will do it).
  if (!delivery) return;
  // Stopping (this job was taken before): left to the runner's retry.
  if (signal.aborted) throw new Error("the service is stopping");
  const outcome = await deliver(delivery, settings.timeoutMs, signal, context.guard);
  if (signal.aborted) {
    // Stopped mid-delivery: back in the queue at once (a new job, for another instance or the
    // next start), the attempt not counted.
    await db.webhookDelivery.updateMany({
      where: { id: delivery.id, status: "pending" },
      data: { nextAttemptAt: new Date() },
    });
    return;
  }
  const attempts = delivery.attempts + 1;
  if (outcome.ok) {
    await db.webhookDelivery.updateMany({
      where: { id: delivery.id },
      data: {
        status: "sent",
        attempts,
        deliveredAt: new Date(),
        lastStatusCode: outcome.statusCode,
        lastError: null,
      },
    });
    return;
  }
  const giveUp = attempts >= MAX_ATTEMPTS;
  // The next attempt's job is added by the row's trigger, due at next_attempt_at.
  await db.webhookDelivery.updateMany({
    where: { id: delivery.id, status: "pending" },
    data: {
      attempts,
      status: giveUp ? "failed" : "pending",
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts, settings.retryBaseMs)),
    },
  });
  console.error(
    `[webhooks] delivery ${delivery.id} (${delivery.message_id}) to ${delivery.url} failed, attempt ${attempts}${giveUp ? ", given up" : ""}: ${outcome.error}`,
  );
}

function definedOf<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Signs and POSTs one delivery; never throws. */
async function deliver(
  delivery: Pick<Claimed, "message_id" | "payload" | "url" | "secret_encrypted">,
  timeoutMs: number,
  signal: AbortSignal,
  guard: GuardOptions = {},
): Promise<DeliveryOutcome> {
  let url: URL;
  let addresses: LookupAddress[];
  let body: string;
  let headers: Record<string, string>;
  try {
    url = new URL(delivery.url);
    // Checked again now: the host may resolve elsewhere than at registration.
    addresses = await resolveWebhookHost(url, guard);
    body = typeof delivery.payload === "string" ? delivery.payload : JSON.stringify(delivery.payload);
    const secret = decryptSecret(delivery.secret_encrypted);
    const now = new Date();
    headers = {
      "content-type": "application/json",
      "user-agent": "memorial-trees-webhooks/1",
      "webhook-id": delivery.message_id,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(delivery.message_id, now, body),
    };
  } catch (error) {
    return {
      ok: false,
      statusCode: null,
      error: short(error instanceof DomainError ? error.message : String((error as Error).message ?? error)),
    };
  }
  // The connection goes to the addresses just checked, not to a second DNS answer.
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
  if (signal.aborted)
    return { ok: false, statusCode: null, error: "the service stopped before the delivery" };
  return new Promise<DeliveryOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: DeliveryOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      lookup,
      // No redirect is followed (Standard Webhooks: a 3xx is a failure).
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, statusCode: null, error: `no answer within ${timeoutMs} ms (WEBHOOK_TIMEOUT_MS)` });
    }, timeoutMs);
    const onAbort = () => {
      request.destroy();
      finish({ ok: false, statusCode: null, error: "the service stopped during the delivery" });
    };
    signal.addEventListener("abort", onAbort);
    request.on("error", (error) => finish({ ok: false, statusCode: null, error: short(error.message) }));
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (text.length < ERROR_MAX) text += chunk;
      });
      response.on("error", () => finish({ ok: false, statusCode: status, error: "the answer was cut" }));
      response.on("end", () => {
        const ok = status >= 200 && status < 300;
        finish({
          ok,
          statusCode: status,
          error: ok ? null : short(`HTTP ${status}${text ? `: ${text}` : ""}`),
        });
      });
    });
    request.end(body);
  });
}

const short = (text: string) => (text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX)}…` : text);
