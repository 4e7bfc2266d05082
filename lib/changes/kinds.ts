// The catalogue of changes: every kind of change the service records, with the target its audit
// row names, whether it has an audit row, and the domain event it publishes. The one recorder
// (lib/changes/record.ts) reads it to write both from one call; the audit log's filters and words
// (the dashboard, test/audit-views.test.ts) read its audited kinds; the webhooks' event types are
// among its events (test/one-recorder.test.ts), and the database holds those as the rows of
// webhook_event_type that endpoints' choices reference (test/webhook-event-types.test.ts holds the
// rows equal to lib/webhooks/event-types.ts).
//
// A kind's name is its audit action ("domain.verb", past tense: rows of it exist, so it never
// changes), or, for an event published with no audit row of its own (the change it belongs to
// has the row: a confirmation plants the waiting tree), "event." and the event's type. An event's
// type never changes either: partners' webhooks subscribe to it. Where the two names differ for
// one change (the audit's "memorial.confirmation_resent", the event "confirmation.resent"), the
// catalogue maps them. A module without the database: the dashboard's client reads it.
import type { EventType } from "@memorial/lib/events/payloads";

export const AUDIT_TARGET_TYPES = [
  "memorial",
  "person",
  "tree",
  "guestbook",
  "photo",
  "key",
  "user",
  "invitation",
  "webhook",
  "operator",
  "context",
  "species",
  "code",
  "subscription",
  "archive",
  "subject",
  "plantation",
  "stock",
  "planting",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** An audited change with no event. */
const audited = <const T extends readonly AuditTargetType[]>(...target: T) =>
  ({ audited: true, target, event: null }) as const;

/** An audited change that publishes an event. */
const publishing = <const E extends EventType, const T extends readonly AuditTargetType[]>(
  event: E,
  ...target: T
) => ({ audited: true, target, event }) as const;

/** An event with no audit row of its own (part of a change whose row says it). */
const eventOnly = <const E extends EventType>(event: E) => ({ audited: false, target: [], event }) as const;

export const CHANGE_KINDS = {
  "memorial.created": publishing("memorial.created", "memorial"),
  "memorial.confirmed": publishing("memorial.confirmed", "memorial"),
  // A memorial closed unconfirmed: declined by its family, or its link expired.
  "memorial.declined": publishing("memorial.expired", "memorial"),
  "memorial.expired": publishing("memorial.expired", "memorial"),
  "memorial.hidden": publishing("memorial.hidden", "memorial"),
  "memorial.shown": publishing("memorial.shown", "memorial"),
  "memorial.privacy_changed": publishing("memorial.privacy_changed", "memorial"),
  "memorial.taken_down": publishing("memorial.taken_down", "memorial"),
  "memorial.restored": publishing("memorial.restored", "memorial"),
  "memorial.erasure_requested": publishing("memorial.erasure_requested", "memorial"),
  "memorial.erasure_cancelled": publishing("memorial.erasure_cancelled", "memorial"),
  "memorial.erased": publishing("memorial.erased", "memorial"),
  "memorial.archive_requested": audited("archive"),
  "memorial.merged": publishing("memorial.merged", "memorial"),
  "memorial.unmerged": publishing("memorial.unmerged", "memorial"),
  "memorial.confirmation_resent": publishing("confirmation.resent", "memorial"),
  "memorial.manage_link_sent": publishing("manage_link.sent", "memorial"),
  "memorial.not_duplicate": audited("memorial"),
  "memorial.anonymised": publishing("memorial.anonymised", "memorial"),
  "memorial.unanonymised": publishing("memorial.unanonymised", "memorial"),
  "memorial.title_changed": publishing("memorial.title_changed", "memorial"),
  "memorial.summary_sent": audited("memorial"),
  "person.modified": publishing("person.modified", "person"),
  "tree.planted": publishing("tree.planted", "tree"),
  "tree.queued": audited("tree"),
  "tree.moved": publishing("tree.moved", "tree", "memorial"),
  "tree.in_ground": publishing("tree.in_ground", "tree"),
  "tree.checked": publishing("tree.checked", "tree"),
  "tree.replaced": publishing("tree.replaced", "tree"),
  "tree.death_declared": publishing("tree.died", "tree"),
  "tree.photo_added": audited("photo"),
  "tree.imported": audited("operator"),
  "tree.message_hidden": publishing("message.hidden", "tree"),
  "tree.message_shown": publishing("message.shown", "tree"),
  "guestbook.posted": publishing("guestbook.entry_received", "guestbook"),
  "guestbook.approved": publishing("guestbook.entry_published", "guestbook"),
  // Rows of the first moderation, whose refusal now hides the entry (guestbook.hidden).
  "guestbook.rejected": audited("guestbook"),
  "guestbook.hidden": publishing("guestbook.entry_hidden", "guestbook"),
  "guestbook.withdrawn": publishing("guestbook.entry_withdrawn", "guestbook"),
  "guestbook.mode_changed": publishing("memorial.guestbook_mode_changed", "memorial"),
  "guestbook.deleted": publishing("guestbook.entry_deleted", "guestbook"),
  "key.created": audited("key"),
  "key.revoked": publishing("key.revoked", "key"),
  "user.invited": audited("invitation"),
  "user.role_changed": audited("user"),
  "user.removed": audited("user"),
  "user.password_changed": audited("user"),
  "user.password_reset": audited("user"),
  "user.created": audited("user"),
  "invitation.revoked": audited("invitation"),
  "webhook.created": audited("webhook"),
  "webhook.deleted": audited("webhook"),
  "webhook.redelivered": audited("webhook"),
  "operator.settings_changed": audited("operator"),
  "operator.created": audited("operator"),
  "operator.prepaid_added": audited("operator"),
  "stock.added": audited("stock"),
  "context.created": audited("context"),
  "context.modified": audited("context"),
  "species.created": audited("species"),
  "species.modified": audited("species"),
  "code.issued": audited("code"),
  "code.redeemed": audited("code"),
  "code.credited": audited("code"),
  "visitor.settings_changed": audited("operator", "context"),
  "subscription.created": audited("subscription"),
  "subscription.confirmed": audited("subscription"),
  "subscription.deleted": audited("subscription"),
  "subscription.modified": audited("subscription"),
  "subscription.cancelled": audited("subscription"),
  "subject.exported": audited("subject"),
  "subject.erased": audited("subject"),
  "plantation.created": audited("plantation"),
  "plantation.modified": audited("plantation"),
  "plantation.deactivated": audited("plantation"),
  "planting.payment_started": audited("planting"),
  "planting.paid": audited("planting"),
  "planting.given_up": audited("planting"),
  "planting.refunded": audited("planting"),
  // A visitor's Checkout session that ended unpaid (Stripe tells it).
  "planting.payment_failed": audited("planting"),
  "planting.payment_expired": audited("planting"),
  "ceremony.scheduled": publishing("ceremony.scheduled", "memorial"),
  "ceremony.changed": publishing("ceremony.changed", "memorial"),
  "ceremony.cancelled": publishing("ceremony.cancelled", "memorial"),
  // A visitor's photo of the memorial (lib/memorial-photos): shared, published by the family or
  // the operator, removed.
  "photo.shared": publishing("photo.shared", "photo"),
  "photo.published": publishing("photo.published", "photo"),
  "photo.removed": publishing("photo.removed", "photo"),
  // Events of a change recorded by another kind's row, or by none (a visitor's message, which
  // its planting's row says; a tree planted on a confirmation; a merge's moves).
  "event.memorial.created": eventOnly("memorial.created"),
  "event.tree.planted": eventOnly("tree.planted"),
  "event.planting.queued": eventOnly("planting.queued"),
  "event.tree.moved": eventOnly("tree.moved"),
  // The hide that a privacy level brings with it (the privacy change has the row).
  "event.memorial.hidden": eventOnly("memorial.hidden"),
  "event.memorial.shown": eventOnly("memorial.shown"),
  "event.guestbook.entry_received": eventOnly("guestbook.entry_received"),
  "event.guestbook.entry_published": eventOnly("guestbook.entry_published"),
  "event.memorial.personal_data_erased": eventOnly("memorial.personal_data_erased"),
} as const;

export type ChangeKinds = typeof CHANGE_KINDS;
export type ChangeKind = keyof ChangeKinds;

/** The event a kind publishes (null: none). */
export type EventOfKind<K extends ChangeKind> = ChangeKinds[K]["event"];

/** The kinds that write an audit row: the audit log's actions, in the catalogue's order. */
export const AUDIT_ACTIONS = (Object.keys(CHANGE_KINDS) as ChangeKind[]).filter(
  (kind) => CHANGE_KINDS[kind].audited,
);

/** The actions by domain, in the catalogue's order: the filter's groups. */
export function actionsByDomain(): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const action of AUDIT_ACTIONS) {
    const domain = action.slice(0, action.indexOf("."));
    groups.set(domain, [...(groups.get(domain) ?? []), action]);
  }
  return [...groups];
}
