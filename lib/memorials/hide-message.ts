// The family hides a planter's message on one tree of its memorial (or shows it again). The tree
// must be of the memorial the link names: a link never reaches another memorial's trees.
import { recordAudit } from "@memorial/lib/audit/record";
import { notFound } from "@memorial/lib/errors";
import { withEvents } from "@memorial/lib/events/events";
import { type FamilyActor, memorialForActor, recordFamilyChange } from "./family-actor";

export async function setMessageHidden(
  actor: FamilyActor,
  treeId: number,
  hidden: boolean,
): Promise<{ hidden: boolean; changed: boolean }> {
  return withEvents(async (tx, events) => {
    const memorial = await memorialForActor(tx, actor);
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
    await recordFamilyChange(events, actor, memorial, hidden ? "message.hidden" : "message.shown", {
      treeId: tree.id,
    });
    await recordAudit(tx, {
      action: hidden ? "tree.message_hidden" : "tree.message_shown",
      target: { type: "tree", id: tree.id },
      operatorId: memorial.operatorId,
      memorialId: memorial.id,
      before: { messageHidden: !hidden },
      after: { messageHidden: hidden },
    });
    return { hidden, changed: true };
  });
}
