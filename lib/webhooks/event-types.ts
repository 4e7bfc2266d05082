// The webhook event types: the domain events an endpoint can choose (the command line's
// --events, the dashboard's webhooks page, the API reference's webhooks section). The database
// holds the same list as rows of webhook_event_type, which an endpoint's choices
// (webhook_endpoint_event) reference: a type added here gets its row by one INSERT in its
// migration, and test/webhook-event-types.test.ts fails while the two differ. A module of its own,
// without the database, for the reference.

import { CEREMONY_EVENTS } from "@memorial/lib/events/ceremony-events";
import type { DomainEventType } from "@memorial/lib/events/events";
import { FAMILY_CONTROL_EVENTS } from "@memorial/lib/events/family-control-events";
import { GUESTBOOK_EVENTS } from "@memorial/lib/events/guestbook-events";
import { TREE_LIFE_EVENTS } from "@memorial/lib/events/tree-life-events";

/** The domain events an endpoint can receive. */
export const WEBHOOK_EVENTS = [
  "memorial.created",
  "tree.planted",
  "memorial.confirmed",
  "person.modified",
  // A memorial never confirmed (its link expired) or declined by its family.
  "memorial.expired",
  // The family's controls (its management link) and the operator's own changes of them.
  ...FAMILY_CONTROL_EVENTS,
  // A tree's life after its order: in the ground, checked, dead, replaced.
  ...TREE_LIFE_EVENTS,
  // The guestbook: a visitor's message received, published, hidden, deleted, withdrawn by its
  // author; the mode.
  ...GUESTBOOK_EVENTS,
  // Trees moved from one of the operator's memorials to another.
  "tree.moved",
  // Duplicate memorials merged into one, and the undo of a merge.
  "memorial.merged",
  "memorial.unmerged",
  // A person's data erased at their request changed what the memorial shows.
  "memorial.personal_data_erased",
  // The memorial's ceremony set, changed (moved, or another detail) or cancelled by its operator.
  ...CEREMONY_EVENTS,
  // A visitor's photo published in the memorial's gallery by the family or the operator.
  "photo.published",
] as const satisfies readonly DomainEventType[];
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookEvent = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENTS as readonly string[]).includes(value);
