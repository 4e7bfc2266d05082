// The family hides a planter's message on one tree of its memorial (or shows it again). The tree
// must be of the memorial the link names: a link never reaches another memorial's trees.
import { notFound } from "@memorial/lib/errors";
import { type FamilyActor, familyControl, recordFamilyChange } from "./family-actor";

export async function setMessageHidden(
  actor: FamilyActor,
  treeId: number,
  hidden: boolean,
): Promise<{ hidden: boolean; changed: boolean }> {
  return familyControl(actor, async (memorial, tx, changes) => {
    const tree = await tx.tree.findFirst({
      where: { id: treeId, memorialId: memorial.id, isTest: memorial.isTest },
      select: { id: true, messageHiddenAt: true },
    });
    if (!tree)
      throw notFound(`tree ${treeId} is not a tree of this memorial`, {
        field: "treeId",
        reason: "not-found",
      });
    if ((tree.messageHiddenAt !== null) === hidden) return { hidden, changed: false };
    await tx.tree.update({ where: { id: tree.id }, data: { messageHiddenAt: hidden ? new Date() : null } });
    await recordFamilyChange(
      changes,
      actor,
      memorial,
      hidden ? "tree.message_hidden" : "tree.message_shown",
      {
        target: { type: "tree", id: tree.id },
        before: { messageHidden: !hidden },
        after: { messageHidden: hidden },
      },
      { treeId: tree.id },
    );
    return { hidden, changed: true };
  });
}
