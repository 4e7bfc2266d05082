// A visitor shares a photo of a memorial from its page (app/memorial/[id]/photos/route.ts): the
// limits are counted first (a refused file still counts, as the planting form's tries do), then
// the file is cleaned and stored in its widths, then its row is written, waiting for the family.
// A failure after the files are stored deletes them: nothing is left of a refused share.

import { withEvents } from "@memorial/lib/changes/record";
import { db } from "@memorial/lib/db/client";
import { notFound } from "@memorial/lib/errors";
import { hit, RateLimitedError, subjectDigest } from "@memorial/lib/limits/rate-limit";
import { memorialsVisibleTo, PUBLIC } from "@memorial/lib/memorials/policy";
import { deletePhotoFiles, storePhotoFiles } from "./files";
import { recordPhotoChange } from "./record";
import {
  CLIENT_LIMIT,
  CLIENT_WINDOW_SECONDS,
  MEMORIAL_LIMIT,
  MEMORIAL_WINDOW_SECONDS,
  photoWords,
} from "./rules";

export interface SharePhotoInput {
  memorialId: number;
  bytes: Uint8Array;
  caption?: string | null;
  name?: string | null;
  /** The client's address as the limits count it (lib/auth/client-address.ts). */
  client: string;
}

/**
 * Keeps the photo, waiting for the family's approval. Refuses with a DomainError: 404 (no public
 * memorial that takes photos), INVALID_INPUT (words; not an image; too large), RateLimitedError.
 */
export async function sharePhoto(input: SharePhotoInput): Promise<{ photoId: number }> {
  const words = photoWords(input);
  const memorial = await db.memorial.findFirst({
    where: { AND: [{ id: input.memorialId, kind: { not: "global" } }, memorialsVisibleTo(PUBLIC)] },
    select: { id: true, operatorId: true, isTest: true },
  });
  if (!memorial) throw notFound(`memorial ${input.memorialId} does not take photos`);
  const limited = await hit([
    {
      bucket: "photo-client",
      subject: input.client,
      max: CLIENT_LIMIT,
      windowSeconds: CLIENT_WINDOW_SECONDS,
    },
    {
      bucket: "photo-memorial",
      subject: memorial.id,
      max: MEMORIAL_LIMIT,
      windowSeconds: MEMORIAL_WINDOW_SECONDS,
    },
  ]);
  if (!limited.allowed) throw new RateLimitedError(limited.bucket, limited.retryAfterSeconds);
  const files = await storePhotoFiles(input.bytes);
  try {
    return await withEvents(async (tx, changes) => {
      const photo = await tx.memorialPhoto.create({
        data: {
          memorialId: memorial.id,
          ...files,
          caption: words.caption,
          authorName: words.authorName,
          clientHash: subjectDigest(input.client),
        },
        select: { id: true },
      });
      await recordPhotoChange(changes, { photoId: photo.id, memorial }, { kind: "shared" });
      return { photoId: photo.id };
    });
  } catch (error) {
    await deletePhotoFiles(files.fileKeys);
    throw error;
  }
}
