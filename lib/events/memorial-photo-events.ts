// The domain events of the photos visitors share (lib/memorial-photos): shared (waiting for the
// family), published (in the gallery; also a webhook event), removed. A module of its own, without
// the database, so that the webhook event types (and the API reference) can read it.
export const MEMORIAL_PHOTO_EVENTS = ["photo.shared", "photo.published", "photo.removed"] as const;
