// The family takes its memorial down at once, from its management page. Unlike the
// hide (404, as for a memorial that never existed), a takedown says the page is gone: the public
// page answers 410 Gone with a kind sentence in the page's language (gone-page.ts), the memorial
// leaves the home page's search and every public read (memorialsVisibleTo: taken_down_at), and the
// domain event tells every instance to drop its pages and reads of the memorial (the same signal
// as every family control: lib/events/events.ts) and the partner (webhook memorial.taken_down).
// The photos visitors shared go with it: their addresses answer 404 while it is down
// (lib/memorial-photos/queries.ts reads them through memorialsVisibleTo).
// The family may undo it from the same page (memorial.restored) until an erasure is carried out:
// then the memorial stays down for good.
import { invalid } from "@memorial/lib/errors";
import { type FamilyActor, familyControl, recordFamilyChange } from "@memorial/lib/memorials/family-actor";

export async function setMemorialTakenDown(
  actor: FamilyActor,
  takenDown: boolean,
): Promise<{ takenDown: boolean; changed: boolean }> {
  return familyControl(actor, async (memorial, tx, changes) => {
    if ((memorial.takenDownAt !== null) === takenDown) return { takenDown, changed: false };
    if (!takenDown && memorial.erasedAt !== null) {
      throw invalid("this memorial was erased: it stays taken down", { field: "memorial", reason: "erased" });
    }
    await tx.memorial.update({
      where: { id: memorial.id },
      data: { takenDownAt: takenDown ? new Date() : null },
    });
    await recordFamilyChange(
      changes,
      actor,
      memorial,
      takenDown ? "memorial.taken_down" : "memorial.restored",
      { before: { takenDown: !takenDown }, after: { takenDown } },
    );
    return { takenDown, changed: true };
  });
}
