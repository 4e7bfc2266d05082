// The audit log's actions (issue 31.5), as "domain.verb" in the past tense, and its kinds of
// target: what the dashboard's filters offer and the catalogues put in words (dashboard.audit_*;
// lib/audit/words.test.ts checks each one has its words in every language). A row of an action
// not listed here is still shown and found (by its code), only not offered in the list.
export const AUDIT_ACTIONS = [
  "memorial.created",
  "memorial.confirmed",
  "memorial.declined",
  "memorial.expired",
  "memorial.hidden",
  "memorial.shown",
  "memorial.privacy_changed",
  "memorial.taken_down",
  "memorial.restored",
  "memorial.erasure_requested",
  "memorial.erasure_cancelled",
  "memorial.erased",
  "memorial.archive_requested",
  "memorial.merged",
  "memorial.unmerged",
  "memorial.confirmation_resent",
  "memorial.manage_link_sent",
  "memorial.not_duplicate",
  "person.modified",
  "tree.planted",
  "tree.queued",
  "tree.moved",
  "tree.in_ground",
  "tree.checked",
  "tree.replaced",
  "tree.death_declared",
  "tree.photo_added",
  "tree.imported",
  "guestbook.posted",
  "guestbook.approved",
  "guestbook.rejected",
  "guestbook.hidden",
  "guestbook.withdrawn",
  "guestbook.mode_changed",
  "key.created",
  "key.revoked",
  "user.invited",
  "user.role_changed",
  "user.removed",
  "user.password_changed",
  "user.password_reset",
  "invitation.revoked",
  "webhook.created",
  "webhook.deleted",
  "webhook.redelivered",
  "operator.settings_changed",
  "operator.created",
  "stock.added",
  "context.created",
  "context.modified",
  "species.created",
  "species.modified",
  "code.issued",
  "code.redeemed",
  "code.credited",
  "visitor.settings_changed",
  "subscription.created",
  "subscription.confirmed",
  "subscription.deleted",
  "subject.exported",
  "subject.erased",
] as const;

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
] as const;

/** The actions by domain, in the list's order: the filter's groups. */
export function actionsByDomain(): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const action of AUDIT_ACTIONS) {
    const domain = action.slice(0, action.indexOf("."));
    groups.set(domain, [...(groups.get(domain) ?? []), action]);
  }
  return [...groups];
}
