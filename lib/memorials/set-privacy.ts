// The family chooses its memorial's privacy level: public (found by the home page's
// search), link only (seen by whoever has its address, never searched, noindex) or hidden (the
// family's hide, hide-memorial.ts: 404 to the public). Until it chooses, the funeral home's default
// applies (context.default_privacy). Reversible; recorded as memorial.privacy_changed (and, when the
// hide changes with it, memorial.hidden / memorial.shown, as the hide control records them).
import { recordChange } from "@memorial/lib/changes/record";
import type { PrivacyLevel } from "@memorial/lib/events/payloads";
import { type FamilyActor, familyControl, recordFamilyChange } from "./family-actor";
import { memorialPrivacy } from "./privacy";

export async function setMemorialPrivacy(
  actor: FamilyActor,
  level: PrivacyLevel,
): Promise<{ privacy: PrivacyLevel; changed: boolean }> {
  return familyControl(actor, async (memorial, tx, changes) => {
    const before = await memorialPrivacy(memorial.id, tx);
    const hidden = level === "hidden";
    const wasHidden = memorial.hiddenAt !== null;
    // Hidden keeps the stored level (showing the memorial again returns to it); the others are stored.
    const stored = hidden ? memorial.privacy : level;
    const storedChanged = stored !== memorial.privacy;
    if (!storedChanged && hidden === wasHidden) return { privacy: level, changed: false };
    await tx.memorial.update({
      where: { id: memorial.id },
      data: { privacy: stored, ...(hidden === wasHidden ? {} : { hiddenAt: hidden ? new Date() : null }) },
    });
    if (hidden !== wasHidden) {
      await recordFamilyChange(
        changes,
        actor,
        memorial,
        hidden ? "event.memorial.hidden" : "event.memorial.shown",
        {},
      );
    }
    const audit = {
      before: { privacy: before?.level ?? null, hidden: wasHidden },
      after: { privacy: level, hidden },
    };
    if (before?.level !== level) {
      await recordFamilyChange(changes, actor, memorial, "memorial.privacy_changed", audit, {
        privacy: level,
        previousPrivacy: before?.level ?? null,
      });
    } else {
      // Only the stored level changed, not the one shown (it was the default): no event.
      await recordChange(tx, {
        kind: "memorial.privacy_changed",
        target: { type: "memorial", id: memorial.id },
        operatorId: memorial.operatorId,
        memorialId: memorial.id,
        ...audit,
        event: null,
      });
    }
    return { privacy: level, changed: true };
  });
}
