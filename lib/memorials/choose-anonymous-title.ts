// The family chooses how its anonymous memorial is titled: the specification's
// anonymous title (MemorialAnonymeNom, "In memoriam" without one) or the deceased's initials
// ("In memoriam A. L."); displayTitle in policy.ts applies the choice everywhere people read it.
// Reversible, recorded as memorial.title_changed.
import { invalid } from "@memorial/lib/errors";
import { type FamilyActor, familyControl, recordFamilyChange } from "./family-actor";
import type { AnonymousTitle } from "./policy";

export async function setAnonymousTitle(
  actor: FamilyActor,
  choice: AnonymousTitle,
): Promise<{ anonymousTitle: AnonymousTitle; changed: boolean }> {
  return familyControl(actor, async (memorial, tx, changes) => {
    if (memorial.kind !== "anonymous") {
      throw invalid("only an anonymous memorial's title can be chosen", {
        field: "kind",
        reason: memorial.kind,
      });
    }
    if (memorial.anonymousTitle === choice) return { anonymousTitle: choice, changed: false };
    await tx.memorial.update({ where: { id: memorial.id }, data: { anonymousTitle: choice } });
    await recordFamilyChange(
      changes,
      actor,
      memorial,
      "memorial.title_changed",
      { before: { anonymousTitle: memorial.anonymousTitle }, after: { anonymousTitle: choice } },
      { anonymousTitle: choice },
    );
    return { anonymousTitle: choice, changed: true };
  });
}
