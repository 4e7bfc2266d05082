// The words of each domain event in the dashboard (the webhooks page, a memorial's history): one
// table, in the catalogues' keys, so an event shown anywhere reads the same (the type makes a
// new webhook event without words a compile error).
import type { DomainEventType } from "@memorial/lib/events/event-types";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
import type { WebhookEventType } from "@memorial/lib/webhooks/event-types";

export const EVENT_LABEL: Record<WebhookEventType, DashboardKey> = {
  "memorial.created": "eventMemorialCreated",
  "tree.planted": "eventTreePlanted",
  "memorial.confirmed": "eventMemorialConfirmed",
  "person.modified": "eventPersonModified",
  "memorial.expired": "eventMemorialExpired",
  "memorial.hidden": "eventMemorialHidden",
  "memorial.shown": "eventMemorialShown",
  "memorial.anonymised": "eventMemorialAnonymised",
  "memorial.unanonymised": "eventMemorialUnanonymised",
  "memorial.title_changed": "eventMemorialTitleChanged",
  "message.hidden": "eventMessageHidden",
  "message.shown": "eventMessageShown",
  "memorial.privacy_changed": "eventMemorialPrivacyChanged",
  "memorial.taken_down": "eventMemorialTakenDown",
  "memorial.restored": "eventMemorialRestored",
  "memorial.erasure_requested": "eventMemorialErasureRequested",
  "memorial.erasure_cancelled": "eventMemorialErasureCancelled",
  "memorial.erased": "eventMemorialErased",
  "tree.in_ground": "eventTreeInGround",
  "tree.checked": "eventTreeChecked",
  "tree.died": "eventTreeDied",
  "tree.replaced": "eventTreeReplaced",
  "guestbook.entry_received": "eventGuestbookEntryReceived",
  "guestbook.entry_published": "eventGuestbookEntryPublished",
  "guestbook.entry_hidden": "eventGuestbookEntryHidden",
  "guestbook.entry_deleted": "eventGuestbookEntryDeleted",
  "guestbook.entry_withdrawn": "eventGuestbookEntryWithdrawn",
  "memorial.guestbook_mode_changed": "eventGuestbookModeChanged",
  "tree.moved": "eventTreeMoved",
  "memorial.merged": "eventMemorialMerged",
  "memorial.unmerged": "eventMemorialUnmerged",
  "memorial.personal_data_erased": "eventMemorialPersonalDataErased",
  "ceremony.scheduled": "eventCeremonyScheduled",
  "ceremony.changed": "eventCeremonyChanged",
  "ceremony.cancelled": "eventCeremonyCancelled",
  "photo.published": "eventPhotoPublished",
};

/** The words of an entry of a memorial's history (lib/memorials/memorial-history.ts). */
export function historyLabel(type: DomainEventType): DashboardKey {
  if (type === "manage_link.sent") return "eventManageLinkSent";
  return type in EVENT_LABEL ? EVENT_LABEL[type as WebhookEventType] : "eventMemorialCreated";
}
