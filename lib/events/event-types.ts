// The types of domain events, in a module without the database: the webhooks' catalogue and the
// API reference read them too (lib/webhooks/event-types.ts). lib/events/events.ts records them.
import { CEREMONY_EVENTS } from "@memorial/lib/events/ceremony-events";
import { FAMILY_CONTROL_EVENTS } from "@memorial/lib/events/family-control-events";
import { GUESTBOOK_EVENTS } from "@memorial/lib/events/guestbook-events";
import { MEMORIAL_PHOTO_EVENTS } from "@memorial/lib/events/memorial-photo-events";
import { TREE_LIFE_EVENTS } from "@memorial/lib/events/tree-life-events";

export const EVENT_TYPES = [
  "memorial.created",
  "tree.planted",
  "memorial.confirmed",
  // Never confirmed (its link expired) or declined by its family.
  "memorial.expired",
  "person.modified",
  "confirmation.resent",
  "key.revoked",
  // The family's controls (lib/memorials/*-memorial.ts, hide-message.ts); payload.by says who.
  ...FAMILY_CONTROL_EVENTS,
  "manage_link.sent",
  "planting.queued",
  // A tree's life after its order (lib/trees): in the ground, checked, dead, replaced.
  ...TREE_LIFE_EVENTS,
  // The guestbook (lib/guestbook): a visitor's message, its moderation, the mode.
  ...GUESTBOOK_EVENTS,
  // Trees moved from one of the operator's memorials to another (lib/trees/move-trees.ts).
  "tree.moved",
  // Duplicate memorials merged into one (lib/duplicates/merge-memorials.ts), and the undo.
  "memorial.merged",
  "memorial.unmerged",
  // A data subject's erasure changed what the memorial shows (lib/privacy/subject-erase.ts).
  "memorial.personal_data_erased",
  // The memorial's ceremony set, changed or cancelled by its operator (lib/ceremonies).
  ...CEREMONY_EVENTS,
  // The photos visitors share: shared, published by the family or the operator, removed.
  ...MEMORIAL_PHOTO_EVENTS,
] as const;
export type DomainEventType = (typeof EVENT_TYPES)[number];
