// The family hides its memorial (the public and other operators get 404, as for a memorial that
// does not exist: memorialsVisibleTo in policy.ts), or shows it again. Reversible, recorded.
import { type FamilyActor, familyControl, recordFamilyChange } from "./family-actor";

export async function setMemorialHidden(
  actor: FamilyActor,
  hidden: boolean,
): Promise<{ hidden: boolean; changed: boolean }> {
  return familyControl(actor, async (memorial, tx, changes) => {
    if ((memorial.hiddenAt !== null) === hidden) return { hidden, changed: false };
    await tx.memorial.update({ where: { id: memorial.id }, data: { hiddenAt: hidden ? new Date() : null } });
    await recordFamilyChange(changes, actor, memorial, hidden ? "memorial.hidden" : "memorial.shown", {
      before: { hidden: !hidden },
      after: { hidden },
    });
    return { hidden, changed: true };
  });
}
