// The domain events of the guestbook (lib/guestbook), also webhook events. A module of
// its own, without the database, so that the webhook event types (and the API reference) can read it.
export const GUESTBOOK_EVENTS = [
  "guestbook.entry_received",
  "guestbook.entry_published",
  "guestbook.entry_hidden",
  "guestbook.entry_deleted",
  "guestbook.entry_withdrawn",
  "memorial.guestbook_mode_changed",
] as const;
export type GuestbookEvent = (typeof GUESTBOOK_EVENTS)[number];
