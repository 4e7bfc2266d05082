// The family chooses how its guestbook publishes visitors' messages: open (at once),
// approval (the default: each message waits for the family) or closed (no new message; the
// published ones stay).
import { actedBy, type FamilyActor, familyControl } from "@memorial/lib/memorials/family-actor";

export type GuestbookMode = "open" | "approval" | "closed";
export const GUESTBOOK_MODES: readonly GuestbookMode[] = ["open", "approval", "closed"];

export function isGuestbookMode(value: unknown): value is GuestbookMode {
  return typeof value === "string" && (GUESTBOOK_MODES as readonly string[]).includes(value);
}

export async function setGuestbookMode(
  actor: FamilyActor,
  mode: GuestbookMode,
): Promise<{ changed: boolean }> {
  return familyControl(actor, async (memorial, tx, changes) => {
    if (memorial.guestbookMode === mode) return { changed: false };
    await tx.memorial.update({ where: { id: memorial.id }, data: { guestbookMode: mode } });
    await changes.record({
      kind: "guestbook.mode_changed",
      target: { type: "memorial", id: memorial.id },
      operatorId: memorial.operatorId,
      memorialId: memorial.id,
      before: { guestbookMode: memorial.guestbookMode },
      after: { guestbookMode: mode },
      event: {
        isTest: memorial.isTest,
        payload: { mode, previousMode: memorial.guestbookMode, ...actedBy(actor) },
      },
    });
    return { changed: true };
  });
}
