// The operator cancels its memorial's ceremony (POST /v1/Memorial/{id}/Ceremonie/Annuler, the
// dashboard), or the family from its management page (who acts: own-memorial.ts). The ceremony
// stays, marked cancelled: the page says so plainly and the calendar file says CANCELLED with a
// higher SEQUENCE, so that calendars that imported it drop it. Setting it again schedules it again
// (set-ceremony.ts). Cancelling a cancelled ceremony writes nothing.
import { withEvents } from "@memorial/lib/changes/record";
import type { Ceremony } from "@memorial/lib/db/generated/client";
import { notFound } from "@memorial/lib/errors";
import type { FamilyActor } from "@memorial/lib/memorials/family-actor";
import { ceremonyPayload } from "./events";
import { lockOwnMemorial } from "./own-memorial";

export async function cancelCeremony(
  actor: FamilyActor,
  now: Date = new Date(),
): Promise<{ ceremony: Ceremony; changed: boolean }> {
  return withEvents(async (tx, changes) => {
    const memorial = await lockOwnMemorial(tx, actor);
    const current = await tx.ceremony.findUnique({ where: { memorialId: memorial.id } });
    if (!current) throw notFound(`memorial ${memorial.id} has no ceremony`);
    if (current.status === "cancelled") return { ceremony: current, changed: false };
    const ceremony = await tx.ceremony.update({
      where: { id: current.id },
      data: { status: "cancelled", sequence: { increment: 1 }, updatedAt: now },
    });
    await changes.record({
      kind: "ceremony.cancelled",
      target: { type: "memorial", id: memorial.id },
      operatorId: memorial.operatorId,
      memorialId: memorial.id,
      before: { status: "scheduled" },
      after: { status: "cancelled" },
      event: {
        isTest: memorial.isTest,
        payload: ceremonyPayload(ceremony),
      },
    });
    return { ceremony, changed: true };
  });
}
