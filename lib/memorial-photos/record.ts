// Each change of a visitor's photo is recorded once, here: its domain event (the caches drop the
// memorial's page, the webhooks hear "photo.published") and its audit row, in the change's
// transaction.
import { recordAudit } from "@memorial/lib/audit/record";
import type { Tx } from "@memorial/lib/db/client";
import type { EventRecorder } from "@memorial/lib/events/events";
import type { ActedBy } from "@memorial/lib/events/payloads";

type PhotoChange =
  | { kind: "shared" }
  | { kind: "published"; by: ActedBy }
  | { kind: "removed"; by: ActedBy; wasPublished: boolean };

interface PhotoOfMemorial {
  photoId: number;
  memorial: { id: number; operatorId: number; isTest: boolean };
}

export async function recordPhotoChange(
  tx: Tx,
  events: EventRecorder,
  { photoId, memorial }: PhotoOfMemorial,
  change: PhotoChange,
): Promise<void> {
  const envelope = { operatorId: memorial.operatorId, isTest: memorial.isTest, memorialId: memorial.id };
  const audit = (before: string | null, after: string | null) =>
    recordAudit(tx, {
      action: `photo.${change.kind}`,
      target: { type: "photo", id: photoId },
      operatorId: memorial.operatorId,
      memorialId: memorial.id,
      ...(before === null ? {} : { before: { status: before } }),
      ...(after === null ? {} : { after: { status: after } }),
    });
  switch (change.kind) {
    case "shared":
      await events.record({ ...envelope, type: "photo.shared", payload: { photoId } });
      return audit(null, "waiting");
    case "published":
      await events.record({ ...envelope, type: "photo.published", payload: { photoId, ...change.by } });
      return audit("waiting", "published");
    case "removed":
      await events.record({
        ...envelope,
        type: "photo.removed",
        payload: { photoId, wasPublished: change.wasPublished, ...change.by },
      });
      return audit(change.wasPublished ? "published" : "waiting", null);
  }
}
