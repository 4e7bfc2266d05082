// A visitor's photo as files: the cleaned photo (lib/photos/prepare-photo.ts: decoded, upright,
// every metadata gone, at most 1600 px) in each width of PHOTO_WIDTHS it reaches, each under a
// random key in the photo storage's "memorial" area. Random keys, not the content's hash: the
// same picture shared twice is two photos, and removing one never takes the other's file.
import { randomBytes } from "node:crypto";
import type { Tx } from "@memorial/lib/db/client";
import { preparePhoto } from "@memorial/lib/photos/prepare-photo";
import { photoStorage } from "@memorial/lib/photos/storage";
import { settings } from "@memorial/lib/settings";
import sharp from "sharp";
import { PHOTO_WIDTHS, VISITOR_PHOTO_MAX_BYTES } from "./rules";

const JPEG_QUALITY = 80;

export interface PhotoFiles {
  /** Narrowest first; fileWidths[i] is the width of fileKeys[i]. */
  fileKeys: string[];
  fileWidths: number[];
  /** The widest file's size. */
  width: number;
  height: number;
}

/** The files of the photo in `bytes`, stored; a DomainError ("not-an-image", "too-large") when refused. */
export async function storePhotoFiles(bytes: Uint8Array): Promise<PhotoFiles> {
  // The one cleaning of the tree photos: what it refuses, a visitor's photo is refused for.
  const { body } = await preparePhoto(bytes, Math.min(settings().PHOTO_MAX_BYTES, VISITOR_PHOTO_MAX_BYTES));
  const full = await sharp(body).metadata();
  const fullWidth = full.width ?? 0;
  const fullHeight = full.height ?? 0;
  const longSide = Math.max(fullWidth, fullHeight);
  const made: { body: Buffer; width: number }[] = [];
  for (const size of PHOTO_WIDTHS) {
    if (size >= longSide) {
      // The cleaned photo itself, once: it is not enlarged.
      made.push({ body, width: fullWidth });
      break;
    }
    // From the cleaned JPEG: no metadata to carry over (sharp writes none unless asked).
    const { data, info } = await sharp(body)
      .resize({ width: size, height: size, fit: "inside" })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    made.push({ body: data, width: info.width });
  }
  const fileKeys = made.map(() => randomBytes(16).toString("hex"));
  const storage = photoStorage("memorial");
  try {
    await Promise.all(made.map((file, index) => storage.put(fileKeys[index] as string, file.body)));
  } catch (error) {
    await deletePhotoFiles(fileKeys);
    throw error;
  }
  return { fileKeys, fileWidths: made.map((file) => file.width), width: fullWidth, height: fullHeight };
}

/** Deletes a photo's files (after its row is gone); one that fails is logged, the others go. */
export async function deletePhotoFiles(fileKeys: readonly string[]): Promise<void> {
  const storage = photoStorage("memorial");
  const results = await Promise.allSettled(fileKeys.map((key) => storage.delete(key)));
  for (const result of results) {
    if (result.status === "rejected")
      console.error("[memorial-photos] a file was not deleted", result.reason);
  }
}

/** The JPEG of one of a photo's files. */
export function readPhotoFile(key: string): Promise<Uint8Array | null> {
  return photoStorage("memorial").get(key);
}

/**
 * An erasure's part (lib/privacy/erasure.ts): the memorial's photos' rows deleted in its
 * transaction; their files' keys returned, to delete once it commits.
 */
export async function deleteMemorialPhotoRows(tx: Tx, memorialId: number): Promise<string[]> {
  const rows = await tx.memorialPhoto.findMany({ where: { memorialId }, select: { fileKeys: true } });
  await tx.memorialPhoto.deleteMany({ where: { memorialId } });
  return rows.flatMap((row) => row.fileKeys);
}
