// The family chooses how its guestbook publishes visitors' messages: open (at once),
// approval (the default: each message waits for the family) or closed (no new message; the
// published ones stay).
import { recordAudit } from "@memorial/lib/audit/record";
import { withEvents } from "@memorial/lib/events/events";
import { actedBy, type FamilyActor, memorialForActor } from "@memorial/lib/memorials/family-actor";

export type GuestbookMode = "open" | "approval" | "closed";
export const GUESTBOOK_MODES: readonly GuestbookMode[] = ["open", "approval", "closed"];

export function isGuestbookMode(value: unknown): value is GuestbookMode {
  return typeof value === "string" && (GUESTBOOK_MODES as readonly string[]).includes(value);
}

export async function setGuestbookMode(
  actor: FamilyActor,
  mode: GuestbookMode,
): Promise<{ changed: boolean }> {
  return withEvents(async (tx, events) => {
    const memorial = await memorialForActor(tx, actor);
    if (memorial.guestbookMode === mode) return { changed: false };
    await tx.memorial.update({ where: { id: memorial.id }, data: { guestbookMode: mode } });
    await events.record({
      type: "memorial.guestbook_mode_changed",
      operatorId: memorial.operatorId,
      isTest: memorial.isTest,
      memorialId: memorial.id,
      payload: { mode, previousMode: memorial.guestbookMode, ...actedBy(actor) },
    });
    await recordAudit(tx, {
      action: "guestbook.mode_changed",
      target: { type: "memorial", id: memorial.id },
      operatorId: memorial.operatorId,
      memorialId: memorial.id,
      before: { guestbookMode: memorial.guestbookMode },
      after: { guestbookMode: mode },
    });
    return { changed: true };
  });
}
