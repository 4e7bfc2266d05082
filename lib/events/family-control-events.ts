// The domain events of a memorial's family controls (its management link, lib/memorials/*-memorial.ts,
// hide-message.ts) and of the operator's own changes of them; payload.by says who. A module of its
// own, without the database, so that the webhook event types (and the API reference) can read it.
export const FAMILY_CONTROL_EVENTS = [
  "memorial.hidden",
  "memorial.shown",
  "memorial.anonymised",
  "memorial.unanonymised",
  "memorial.title_changed",
  "message.hidden",
  "message.shown",
  // The family chose its memorial's privacy level (public, link_only, hidden).
  "memorial.privacy_changed",
  // The family took the memorial down (410 Gone to the public), or restored it.
  "memorial.taken_down",
  "memorial.restored",
  // The family asked for the erasure, undid its request; the erasure carried out.
  "memorial.erasure_requested",
  "memorial.erasure_cancelled",
  "memorial.erased",
] as const;
