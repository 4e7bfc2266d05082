// The webhooks screen's data: the operator's active endpoints (never their secrets) and the
// newest deliveries to them.
import type { OperatorScope } from "@memorial/lib/scope";
import {
  listWebhookDeliveries,
  listWebhookEndpoints,
  WEBHOOK_EVENTS,
} from "@memorial/lib/webhooks/endpoints";

export async function webhooksOverview(scope: OperatorScope) {
  const [endpoints, deliveries] = await Promise.all([
    listWebhookEndpoints(scope),
    listWebhookDeliveries(scope, { limit: 100 }),
  ]);
  return { events: [...WEBHOOK_EVENTS], endpoints, deliveries };
}

export type WebhooksOverview = Awaited<ReturnType<typeof webhooksOverview>>;
