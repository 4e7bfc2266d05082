// Each change of a visitor's photo is recorded once, here: one change (lib/changes/record.ts)
// whose domain event drops the memorial's page from the caches and reaches the webhooks
// ("photo.published"), and whose audit row says the photo's status before and after.
import type { ChangeRecorder } from "@memorial/lib/changes/record";
import type { ActedBy } from "@memorial/lib/events/payloads";

type PhotoChange =
  | { kind: "shared" }
  | { kind: "published"; by: ActedBy }
  | { kind: "removed"; by: ActedBy; wasPublished: boolean };

interface PhotoOfMemorial {
  photoId: number;
  memorial: { id: number; operatorId: number; isTest: boolean };
}

export function recordPhotoChange(
  changes: ChangeRecorder,
  { photoId, memorial }: PhotoOfMemorial,
  change: PhotoChange,
): Promise<void> {
  const about = {
    target: { type: "photo" as const, id: photoId },
    operatorId: memorial.operatorId,
    memorialId: memorial.id,
  };
  const isTest = memorial.isTest;
  switch (change.kind) {
    case "shared":
      return changes.record({
        kind: "photo.shared",
        ...about,
        after: { status: "waiting" },
        event: { isTest, payload: { photoId } },
      });
    case "published":
      return changes.record({
        kind: "photo.published",
        ...about,
        before: { status: "waiting" },
        after: { status: "published" },
        event: { isTest, payload: { photoId, ...change.by } },
      });
    case "removed":
      return changes.record({
        kind: "photo.removed",
        ...about,
        before: { status: change.wasPublished ? "published" : "waiting" },
        event: { isTest, payload: { photoId, wasPublished: change.wasPublished, ...change.by } },
      });
  }
}
