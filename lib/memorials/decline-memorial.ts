// The family declines the memorial from its confirmation page ("we do not wish this
// memorial"): the memorial is closed at once as not confirmed, with the same outcome as an expiry
// (the operator's setting: its tree not planted, or planted in the global memorial), and no
// e-mail follows (the reminders are for memorials still awaiting their family). The link is locked
// first, then the memorial, in the confirmation's order: a decline and a confirmation at the same
// moment give exactly one outcome.
import { withEvents } from "@memorial/lib/changes/record";
import { hashSecretToken as hashToken } from "@memorial/lib/secret-token";
import { closeUnconfirmed } from "./close-unconfirmed";
import { plausible } from "./confirm-memorial";

export type DeclineOutcome =
  | { outcome: "declined"; memorialId: number }
  | { outcome: "confirmed"; memorialId: number }
  | { outcome: "closed"; reason: "expired" | "declined" }
  | { outcome: "expired" | "unknown" };

export async function declineMemorial(token: string): Promise<DeclineOutcome> {
  if (!plausible(token)) return { outcome: "unknown" };
  return withEvents(async (tx, changes): Promise<DeclineOutcome> => {
    const [link] = await tx.$queryRaw<{ id: number; memorial_id: number; used: boolean; expired: boolean }[]>`
      SELECT "id", "memorial_id", "used_at" IS NOT NULL AS "used", "expires_at" <= now() AS "expired"
      FROM "confirmation_token" WHERE "token_hash" = ${hashToken(token)} FOR UPDATE`;
    if (!link) return { outcome: "unknown" };
    const memorialId = link.memorial_id;
    const closed = link.expired ? null : await closeUnconfirmed(tx, changes, memorialId, "declined");
    if (closed?.closed) return { outcome: "declined", memorialId };
    const row = await tx.memorial.findUniqueOrThrow({
      where: { id: memorialId },
      select: { status: true, closedReason: true },
    });
    if (row.status === "visible") return { outcome: "confirmed", memorialId };
    if (row.status === "expired") {
      return { outcome: "closed", reason: row.closedReason === "declined" ? "declined" : "expired" };
    }
    return { outcome: "expired" };
  });
}
