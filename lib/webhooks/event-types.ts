// The webhook event types: the domain events an endpoint can choose (the command line's
// --events, the dashboard's webhooks page, the API reference's webhooks section), read from the
// catalogue of domain events rather than listed again. A new domain event is offered to endpoints
// unless it is named below. The database holds the same list as rows of webhook_event_type, which
// an endpoint's choices (webhook_endpoint_event) reference: a new type gets its row by one INSERT
// in its migration, and test/webhook-event-types.test.ts fails while the two differ. A module
// without the database, for the reference.

import { type DomainEventType, EVENT_TYPES } from "@memorial/lib/events/event-types";

/**
 * The domain events no endpoint can receive: the service's own work on its way (a confirmation
 * sent again, a management link sent, a planting waiting for stock), a key's revocation, and a
 * visitor's photo before its family publishes it or once it is removed.
 */
const NOT_FOR_WEBHOOKS = [
  "confirmation.resent",
  "key.revoked",
  "manage_link.sent",
  "planting.queued",
  "photo.shared",
  "photo.removed",
] as const satisfies readonly DomainEventType[];

export type WebhookEventType = Exclude<DomainEventType, (typeof NOT_FOR_WEBHOOKS)[number]>;

/** The domain events an endpoint can receive: every other domain event, in the catalogue's order. */
export const WEBHOOK_EVENTS: readonly WebhookEventType[] = EVENT_TYPES.filter(
  (type): type is WebhookEventType => !(NOT_FOR_WEBHOOKS as readonly string[]).includes(type),
);

export const isWebhookEvent = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENTS as readonly string[]).includes(value);
