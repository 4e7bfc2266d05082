// The family (its management page) or the operator (its dashboard) publishes a visitor's photo or
// removes it, at any time. The actor is the one of the family's controls
// (lib/memorials/family-actor.ts): a management link reaches its own memorial's photos only, an
// operator its own memorials' only. Removing deletes the row, then the files once committed.

import { withEvents } from "@memorial/lib/changes/record";
import type { Tx } from "@memorial/lib/db/client";
import { notFound } from "@memorial/lib/errors";
import { actedBy, type FamilyActor, memorialForActor } from "@memorial/lib/memorials/family-actor";
import { deletePhotoFiles } from "./files";
import { recordPhotoChange } from "./record";

async function photoOf(tx: Tx, actor: FamilyActor, photoId: number) {
  const memorial = await memorialForActor(tx, actor);
  const photo = await tx.memorialPhoto.findFirst({
    where: { id: photoId, memorialId: memorial.id },
    select: { id: true, status: true, fileKeys: true },
  });
  if (!photo)
    throw notFound(`photo ${photoId} is not a photo of this memorial`, {
      field: "photoId",
      reason: "not-found",
    });
  return { memorial, photo };
}

/** Publishes a waiting photo in the gallery; changed: false when it already was. */
export function publishPhoto(actor: FamilyActor, photoId: number): Promise<{ changed: boolean }> {
  return withEvents(async (tx, changes) => {
    const { memorial, photo } = await photoOf(tx, actor, photoId);
    if (photo.status === "published") return { changed: false };
    const by = actedBy(actor);
    await tx.memorialPhoto.update({
      where: { id: photo.id },
      data: { status: "published", publishedAt: new Date(), decidedBy: by.by },
    });
    await recordPhotoChange(changes, { photoId: photo.id, memorial }, { kind: "published", by });
    return { changed: true };
  });
}

/** Removes a photo, waiting or published: its row, then its files. */
export async function removePhoto(actor: FamilyActor, photoId: number): Promise<{ changed: boolean }> {
  const fileKeys = await withEvents(async (tx, changes) => {
    const { memorial, photo } = await photoOf(tx, actor, photoId);
    await tx.memorialPhoto.delete({ where: { id: photo.id } });
    await recordPhotoChange(
      changes,
      { photoId: photo.id, memorial },
      { kind: "removed", by: actedBy(actor), wasPublished: photo.status === "published" },
    );
    return photo.fileKeys;
  });
  await deletePhotoFiles(fileKeys);
  return { changed: true };
}
