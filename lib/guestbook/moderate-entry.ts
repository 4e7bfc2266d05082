// The family moderates its guestbook from its management page (approve, hide, delete a message),
// and the operator hides an abusive one from its dashboard. The actor is the one of
// the family's controls (lib/memorials/family-actor.ts): a management link reaches its own
// memorial's messages only, an operator its own memorials' only. Deleting removes the row.
// A visitor's planting words (lib/visitors) are an entry too: its tree's planter and
// message are public exactly while the entry is published (tree.message_hidden_at follows it).
import type { Tx } from "@memorial/lib/db/client";
import { notFound } from "@memorial/lib/errors";
import { actedBy, type FamilyActor, familyControl } from "@memorial/lib/memorials/family-actor";

export type ModerationAction = "approve" | "hide" | "delete";

export async function moderateGuestbookEntry(
  actor: FamilyActor,
  entryId: number,
  action: ModerationAction,
): Promise<{ changed: boolean }> {
  return familyControl(actor, async (memorial, tx, changes) => {
    const entry = await tx.guestbookEntry.findFirst({
      where: { id: entryId, memorialId: memorial.id },
      select: { id: true, status: true, visitorPlantingId: true },
    });
    if (!entry)
      throw notFound(`message ${entryId} is not a message of this guestbook`, {
        field: "entryId",
        reason: "not-found",
      });
    const who = actedBy(actor);
    const record = (
      kind: "guestbook.deleted" | "guestbook.approved" | "guestbook.hidden",
      after: string | null,
    ) =>
      changes.record({
        kind,
        target: { type: "guestbook", id: entry.id },
        operatorId: memorial.operatorId,
        memorialId: memorial.id,
        before: { status: entry.status },
        ...(after === null ? {} : { after: { status: after } }),
        event: { isTest: memorial.isTest, payload: { entryId: entry.id, ...who } },
      });
    if (action === "delete") {
      await showVisitorWords(tx, entry.visitorPlantingId, false);
      await tx.guestbookEntry.delete({ where: { id: entry.id } });
      await record("guestbook.deleted", null);
      return { changed: true };
    }
    const status = action === "approve" ? "published" : "hidden";
    if (entry.status === status) return { changed: false };
    await tx.guestbookEntry.update({
      where: { id: entry.id },
      data: { status, decidedAt: new Date(), decidedBy: who.by },
    });
    await showVisitorWords(tx, entry.visitorPlantingId, status === "published");
    await record(status === "published" ? "guestbook.approved" : "guestbook.hidden", status);
    return { changed: true };
  });
}

/** A visitor's tree shows its planter and message only while the visitor's entry is published. */
async function showVisitorWords(tx: Tx, visitorPlantingId: number | null, shown: boolean) {
  if (visitorPlantingId === null) return;
  await tx.$executeRaw`
    UPDATE "tree" t SET "message_hidden_at" = CASE WHEN ${shown} THEN NULL ELSE COALESCE(t."message_hidden_at", now()) END
    FROM "visitor_planting" vp
    WHERE vp."id" = ${visitorPlantingId} AND t."id" = vp."tree_id"`;
}
