// Webhook endpoints of an operator: registration (the secret shown once), listing, deletion, the
// delivery log and "send again". Every query names the operator, so another operator's endpoint
// or delivery is simply not found. Used by the command line and the dashboard alike.
import { db, transaction } from "@/lib/db/client";
import { invalid, notFound } from "@/lib/errors";
import { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEventType } from "./event-types";
import { encryptSecret, generateSecret } from "./secrets";
import { checkWebhookUrl, type GuardOptions } from "./url-guard";

export { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEventType } from "./event-types";

/** At most this many active endpoints per operator (each event is sent to each of them). */
export const MAX_ENDPOINTS = 20;

export interface CreateEndpointCommand {
  operatorId: number;
  url: string;
  events: string[];
  isTest: boolean;
}

export function parseEvents(events: string[]): WebhookEventType[] {
  const chosen = [...new Set(events.map((e) => e.trim()).filter(Boolean))];
  if (chosen.length === 0) {
    throw invalid(`choose at least one event among ${WEBHOOK_EVENTS.join(", ")}`, {
      field: "events",
      reason: "required",
    });
  }
  const unknown = chosen.find((e) => !isWebhookEvent(e));
  if (unknown !== undefined) {
    throw invalid(`unknown event "${unknown}"; the events are ${WEBHOOK_EVENTS.join(", ")}`, {
      field: "events",
      reason: "invalid",
    });
  }
  return chosen as WebhookEventType[];
}

/** Registers an endpoint; the result's secret is the only time it is shown. */
export async function createWebhookEndpoint(command: CreateEndpointCommand, guard: GuardOptions = {}) {
  const events = parseEvents(command.events);
  const url = await checkWebhookUrl(command.url, guard);
  const secret = generateSecret();
  // The limit is held under the operator row's lock: simultaneous registrations take turns, so a
  // count read by one cannot be outdated by another's insert.
  const endpoint = await transaction(async (tx) => {
    const [operator] = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "operator" WHERE "id" = ${command.operatorId} FOR UPDATE`;
    if (!operator)
      throw notFound(`operator ${command.operatorId} does not exist`, {
        field: "operatorId",
        reason: "not-found",
      });
    const active = await tx.webhookEndpoint.count({ where: { operatorId: operator.id, disabledAt: null } });
    if (active >= MAX_ENDPOINTS) {
      throw invalid(`an operator has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first`, {
        field: "url",
        reason: "too-many",
      });
    }
    return tx.webhookEndpoint.create({
      data: {
        operatorId: operator.id,
        url: url.href,
        events,
        isTest: command.isTest,
        secretEncrypted: encryptSecret(secret),
      },
    });
  });
  return { id: endpoint.id, secret, url: endpoint.url, events, test: endpoint.isTest };
}

/** The active endpoints (of one operator, or all for the command line), never their secrets. */
export async function listWebhookEndpoints(operatorId?: number) {
  const rows = await db.webhookEndpoint.findMany({
    where: { disabledAt: null, ...(operatorId === undefined ? {} : { operatorId }) },
    select: { id: true, operatorId: true, url: true, events: true, isTest: true, createdAt: true },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => ({
    id: row.id,
    operatorId: row.operatorId,
    url: row.url,
    events: row.events,
    test: row.isTest,
    createdAt: row.createdAt.toISOString(),
  }));
}

export type WebhookEndpointRow = Awaited<ReturnType<typeof listWebhookEndpoints>>[number];

/**
 * Deletes an endpoint: it receives nothing more (its pending deliveries stop) and its secret is
 * erased; its delivery log is kept. `operatorId` undefined: any operator's (the command line).
 */
export async function deleteWebhookEndpoint(id: number, operatorId?: number): Promise<void> {
  const { count } = await db.webhookEndpoint.updateMany({
    where: { id, disabledAt: null, ...(operatorId === undefined ? {} : { operatorId }) },
    data: { disabledAt: new Date(), secretEncrypted: "" },
  });
  if (count === 0)
    throw notFound(`webhook endpoint ${id} does not exist`, { field: "id", reason: "not-found" });
  await db.webhookDelivery.updateMany({
    where: { endpointId: id, status: "pending" },
    data: { status: "failed", lastError: "the endpoint was deleted" },
  });
}

/** The newest deliveries to the operator's active endpoints, for the dashboard's log. */
export async function listWebhookDeliveries(operatorId: number, options: { limit?: number } = {}) {
  const rows = await db.webhookDelivery.findMany({
    where: { endpoint: { operatorId, disabledAt: null } },
    select: {
      id: true,
      endpointId: true,
      messageId: true,
      eventType: true,
      status: true,
      attempts: true,
      nextAttemptAt: true,
      lastStatusCode: true,
      lastError: true,
      createdAt: true,
      deliveredAt: true,
      endpoint: { select: { url: true } },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(options.limit ?? 100, 1), 500),
  });
  return rows.map((row) => ({
    id: row.id,
    endpointId: row.endpointId,
    url: row.endpoint.url,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  }));
}

export type WebhookDeliveryRow = Awaited<ReturnType<typeof listWebhookDeliveries>>[number];

/**
 * "Send again": the delivery goes back to the queue, due now, with the same message (and
 * webhook-id, so a receiver that had it already can tell). Its attempts start again.
 */
export async function resendWebhookDelivery(operatorId: number, deliveryId: number): Promise<void> {
  const { count } = await db.webhookDelivery.updateMany({
    where: { id: deliveryId, endpoint: { operatorId, disabledAt: null } },
    data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), lastError: null },
  });
  if (count === 0) {
    throw notFound(`webhook delivery ${deliveryId} does not exist`, { field: "id", reason: "not-found" });
  }
}
