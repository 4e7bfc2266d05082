// The background sender of webhook deliveries (the outbox sender's pattern, lib/mail/outbox-sender.ts).
// Each pass claims due deliveries with a lease (next_attempt_at moves forward before sending, in
// the claiming statement, FOR UPDATE SKIP LOCKED: several instances share the work and never send
// one delivery at once), signs each with its endpoint's secret (Standard Webhooks), POSTs it, and
// records the outcome. A receiver that fails (not 2xx, refused, unreachable) or hangs longer than
// WEBHOOK_TIMEOUT_MS is retried with exponential backoff over more than 24 hours; a service that
// stops mid-delivery puts what it was sending back in the queue, and one that dies leaves it to be
// claimed again when its lease ends: nothing is lost (a receiver may get a message twice after a
// crash; the webhook-id, stable across retries, lets it tell).

import type { LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { decryptSecret } from "./secrets";
import { type GuardOptions, resolveWebhookHost } from "./url-guard";

/** Attempts before a delivery is given up: with the default base, more than 26 hours of retries. */
export const MAX_ATTEMPTS = 14;
const BATCH = 20;
/** What is kept of a receiver's answer or error in the log. */
const ERROR_MAX = 500;

export interface SenderSettings {
  /** Wait before the first retry; doubles at each failure, up to 720 times itself (6 h by default). */
  retryBaseMs: number;
  timeoutMs: number;
  intervalMs: number;
}

export function senderSettings(env: Record<string, string | undefined> = process.env): SenderSettings {
  const number = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return env[name] && Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    retryBaseMs: number("WEBHOOK_RETRY_BASE_MS", 30_000),
    timeoutMs: number("WEBHOOK_TIMEOUT_MS", 10_000),
    intervalMs: number("WEBHOOK_POLL_MS", 1000),
  };
}

/**
 * Milliseconds to wait before the attempt after the `attempts`-th failure: 30 s, 1 min, 2 min … 6 h,
 * 6 h … with the default base (after the 14th attempt, 26.5 hours after the first, it is given up).
 */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 720, baseMs * 2 ** Math.max(0, attempts - 1));
}

interface Claimed {
  id: number;
  message_id: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret_encrypted: string;
}

export interface DeliveryOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

export interface WebhookSender {
  /** Runs one pass now (tests, and the loop itself); returns how many deliveries it tried. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startWebhookSender(
  options: Partial<SenderSettings> & GuardOptions & { loop?: boolean } = {},
): WebhookSender {
  const settings = { ...senderSettings(), ...definedOf(options) };
  const leaseSeconds = Math.ceil(settings.timeoutMs / 1000) + 60;
  const inFlight = new Set<AbortController>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function pass(): Promise<number> {
    if (stopped) return 0;
    const claimed = await db.$queryRaw<Claimed[]>`
      UPDATE "webhook_delivery" d SET "next_attempt_at" = now() + make_interval(secs => ${leaseSeconds})
      FROM "webhook_endpoint" e
      WHERE e."id" = d."endpoint_id" AND d."id" IN (
        SELECT dd."id" FROM "webhook_delivery" dd JOIN "webhook_endpoint" ee ON ee."id" = dd."endpoint_id"
        WHERE dd."status" = 'pending' AND dd."next_attempt_at" <= now() AND ee."disabled_at" IS NULL
        ORDER BY dd."next_attempt_at" LIMIT ${BATCH} FOR UPDATE OF dd SKIP LOCKED)
      RETURNING d."id", d."message_id", d."payload", d."attempts", e."url", e."secret_encrypted"`;
    // Each receiver in parallel: a hanging one holds up only its own delivery.
    await Promise.all(claimed.map((delivery) => attempt(delivery)));
    return claimed.length;
  }

  async function attempt(delivery: Claimed) {
    const abort = new AbortController();
    inFlight.add(abort);
    let outcome: DeliveryOutcome;
    try {
      outcome = await deliver(delivery, settings.timeoutMs, abort.signal, options);
    } finally {
      inFlight.delete(abort);
    }
    if (abort.signal.aborted) {
      // Stopped mid-delivery: back in the queue at once, the attempt not counted.
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

  function runOnce(): Promise<number> {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule() {
    if (stopped || options.loop === false) return;
    timer = setTimeout(async () => {
      try {
        await runOnce();
      } catch (error) {
        console.error("[webhooks] sender pass failed", (error as Error).message);
      }
      schedule();
    }, settings.intervalMs);
  }
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const abort of inFlight) abort.abort();
      await running?.catch(() => {});
    },
  };
}

function definedOf<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Signs and POSTs one delivery; never throws. */
export async function deliver(
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
