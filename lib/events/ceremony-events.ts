// The domain events of a memorial's ceremony (lib/ceremonies), also webhook events. A module of
// its own, without the database, so that the webhook event types (and the API reference) can read it.
export const CEREMONY_EVENTS = ["ceremony.scheduled", "ceremony.changed", "ceremony.cancelled"] as const;
