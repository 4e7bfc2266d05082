// The webhooks screen's data: the operator's active endpoints (never their secrets) and the
// newest deliveries to them.
import { listWebhookDeliveries, listWebhookEndpoints, WEBHOOK_EVENTS } from "@/lib/webhooks/endpoints";

export async function webhooksOverview(operatorId: number) {
  const [endpoints, deliveries] = await Promise.all([
    listWebhookEndpoints(operatorId),
    listWebhookDeliveries(operatorId, { limit: 100 }),
  ]);
  return { events: [...WEBHOOK_EVENTS], endpoints, deliveries };
}

export type WebhooksOverview = Awaited<ReturnType<typeof webhooksOverview>>;
export type { WebhookDeliveryRow, WebhookEndpointRow } from "@/lib/webhooks/endpoints";
