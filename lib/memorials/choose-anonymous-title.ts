// The family chooses how its anonymous memorial is titled: the specification's
// anonymous title (MemorialAnonymeNom, "In memoriam" without one) or the deceased's initials
// ("In memoriam A. L."); displayTitle in policy.ts applies the choice everywhere people read it.
// Reversible, recorded as memorial.title_changed.
import { recordAudit } from "@memorial/lib/audit/record";
import { invalid } from "@memorial/lib/errors";
import { withEvents } from "@memorial/lib/events/events";
import { type FamilyActor, memorialForActor, recordFamilyChange } from "./family-actor";
import type { AnonymousTitle } from "./policy";

export async function setAnonymousTitle(
  actor: FamilyActor,
  choice: AnonymousTitle,
): Promise<{ anonymousTitle: AnonymousTitle; changed: boolean }> {
  return withEvents(async (tx, events) => {
    const memorial = await memorialForActor(tx, actor);
    if (memorial.kind !== "anonymous") {
      throw invalid("only an anonymous memorial's title can be chosen", {
        field: "kind",
        reason: memorial.kind,
      });
    }
    if (memorial.anonymousTitle === choice) return { anonymousTitle: choice, changed: false };
    await tx.memorial.update({ where: { id: memorial.id }, data: { anonymousTitle: choice } });
    await recordFamilyChange(events, actor, memorial, "memorial.title_changed", { anonymousTitle: choice });
    await recordAudit(tx, {
      action: "memorial.title_changed",
      target: { type: "memorial", id: memorial.id },
      operatorId: memorial.operatorId,
      memorialId: memorial.id,
      before: { anonymousTitle: memorial.anonymousTitle },
      after: { anonymousTitle: choice },
    });
    return { anonymousTitle: choice, changed: true };
  });
}
