// The roles of an operator's dashboard users. admin: API keys, the team (invitations, roles),
// webhooks, and everything staff do. staff: planting, memorials, person edits, reports,
// transactions, the overview, their own account. Checked on the server, per request, from the
// user's row (web/auth/session.ts), so a change of role takes effect at once.
export const ROLES = ["admin", "staff"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Does a user of role `role` have what `needed` requires? (admin includes staff.) */
export function hasRole(role: Role, needed: Role): boolean {
  return needed === "staff" || role === "admin";
}
