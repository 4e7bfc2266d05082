// Webhook endpoints of an operator: registration (the secret shown once), listing, deletion, the
// delivery log and "send again". Every query takes the Scope of who asks (lib/scope.ts) and names
// its operator, so another operator's endpoint or delivery is simply not found; a scope without an
// operator is refused, never read as "every operator". Only the command line lists or deletes
// across operators, through the functions that say so (listAllWebhookEndpoints,
// deleteWebhookEndpointOfAnyOperator). Used by the command line and the dashboard alike.
import { recordChange } from "@memorial/lib/changes/record";
import { db, transaction } from "@memorial/lib/db/client";
import { invalid, notFound } from "@memorial/lib/errors";
import {
  type Environment,
  environmentOf,
  isTestEnvironment,
  type OperatorScope,
  requireOperatorScope,
} from "@memorial/lib/scope";
import { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEventType } from "./event-types";
import { encryptSecret, generateSecret } from "./secrets";
import { checkWebhookUrl, type GuardOptions } from "./url-guard";

export { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEventType } from "./event-types";

/** At most this many active endpoints per operator (each event is sent to each of them). */
export const MAX_ENDPOINTS = 20;

export interface CreateEndpointCommand {
  /** Who registers it, for which operator (the dashboard's admin, or the command line). */
  scope: OperatorScope;
  url: string;
  events: string[];
  /** The events it receives: those of this environment only. */
  environment: Environment;
}

function parseEvents(events: string[]): WebhookEventType[] {
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
  const { operatorId } = requireOperatorScope(command.scope);
  const events = parseEvents(command.events);
  const url = await checkWebhookUrl(command.url, guard);
  const secret = generateSecret();
  // The limit is held under the operator row's lock: simultaneous registrations take turns, so a
  // count read by one cannot be outdated by another's insert.
  const endpoint = await transaction(async (tx) => {
    const [operator] = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "operator" WHERE "id" = ${operatorId} FOR UPDATE`;
    if (!operator)
      throw notFound(`operator ${operatorId} does not exist`, {
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
    const created = await tx.webhookEndpoint.create({
      data: {
        operatorId: operator.id,
        url: url.href,
        // One row per event type, in the order given: the order the endpoint is listed with.
        events: { create: events.map((eventType, index) => ({ eventType, position: index + 1 })) },
        isTest: isTestEnvironment(command.environment),
        secretEncrypted: encryptSecret(secret),
      },
    });
    await recordChange(tx, {
      kind: "webhook.created",
      target: { type: "webhook", id: created.id },
      operatorId: operator.id,
      after: { url: created.url, events, environment: command.environment },
    });
    return created;
  });
  return { id: endpoint.id, secret, url: endpoint.url, events, environment: environmentOf(endpoint.isTest) };
}

/** The scope's operator's active endpoints, never their secrets. */
export async function listWebhookEndpoints(scope: OperatorScope) {
  return endpointsWhere({ operatorId: requireOperatorScope(scope).operatorId });
}

/** Every operator's active endpoints: the command line's `webhook list` without --operator only. */
export async function listAllWebhookEndpoints() {
  return endpointsWhere({});
}

async function endpointsWhere(owner: { operatorId?: number }) {
  const rows = await db.webhookEndpoint.findMany({
    where: { disabledAt: null, ...owner },
    select: {
      id: true,
      operatorId: true,
      url: true,
      events: { select: { eventType: true }, orderBy: { position: "asc" } },
      isTest: true,
      createdAt: true,
    },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => ({
    id: row.id,
    operatorId: row.operatorId,
    url: row.url,
    events: row.events.map((chosen) => chosen.eventType),
    environment: environmentOf(row.isTest),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Deletes one of the scope's operator's endpoints: it receives nothing more (its pending deliveries
 * stop) and its secret is erased; its delivery log is kept. Another operator's is not found.
 */
export async function deleteWebhookEndpoint(scope: OperatorScope, id: number): Promise<void> {
  await deleteEndpointWhere(id, { operatorId: requireOperatorScope(scope).operatorId });
}

/** Deletes an endpoint whichever operator's it is: the command line's `webhook delete --id` only. */
export async function deleteWebhookEndpointOfAnyOperator(id: number): Promise<void> {
  await deleteEndpointWhere(id, {});
}

async function deleteEndpointWhere(id: number, owner: { operatorId?: number }): Promise<void> {
  await transaction(async (tx) => {
    const [endpoint] = await tx.webhookEndpoint.updateManyAndReturn({
      where: { id, disabledAt: null, ...owner },
      data: { disabledAt: new Date(), secretEncrypted: "" },
      select: { operatorId: true, url: true },
    });
    if (!endpoint)
      throw notFound(`webhook endpoint ${id} does not exist`, { field: "id", reason: "not-found" });
    await tx.webhookDelivery.updateMany({
      where: { endpointId: id, status: "pending" },
      data: { status: "failed", lastError: "the endpoint was deleted" },
    });
    await recordChange(tx, {
      kind: "webhook.deleted",
      target: { type: "webhook", id },
      operatorId: endpoint.operatorId,
      before: { url: endpoint.url },
    });
  });
}

/** The newest deliveries to the scope's operator's active endpoints, for the dashboard's log. */
export async function listWebhookDeliveries(scope: OperatorScope, options: { limit?: number } = {}) {
  const { operatorId } = requireOperatorScope(scope);
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

/**
 * "Send again": the delivery goes back to the queue, due now, with the same message (and
 * webhook-id, so a receiver that had it already can tell). Its attempts start again.
 */
export async function resendWebhookDelivery(scope: OperatorScope, deliveryId: number): Promise<void> {
  const { operatorId } = requireOperatorScope(scope);
  await transaction(async (tx) => {
    const [delivery] = await tx.webhookDelivery.updateManyAndReturn({
      where: { id: deliveryId, endpoint: { operatorId, disabledAt: null } },
      data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), lastError: null },
      select: { endpointId: true, eventType: true },
    });
    if (!delivery) {
      throw notFound(`webhook delivery ${deliveryId} does not exist`, { field: "id", reason: "not-found" });
    }
    await recordChange(tx, {
      kind: "webhook.redelivered",
      target: { type: "webhook", id: delivery.endpointId },
      operatorId,
      after: { deliveryId, eventType: delivery.eventType },
    });
  });
}
