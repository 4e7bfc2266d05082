// Photos of trees: stored once, read by key, served at /photos/<key>.jpg
// (app/photos/[file]/route.ts). Callers keep the key (tree.photo_key) and build the address with
// photoUrl.
import { recordChange } from "@memorial/lib/changes/record";
import { transaction } from "@memorial/lib/db/client";
import { settings } from "@memorial/lib/settings";
import { isPhotoKey, preparePhoto } from "./prepare-photo";
import { photoStorage } from "./storage";

export { isPhotoKey } from "./prepare-photo";

const PHOTO_CONTENT_TYPE = "image/jpeg";

/**
 * Checks, cleans (upright, ≤ 1600 px, JPEG, no metadata) and keeps a photo; its key is the hash
 * of the kept bytes, so storing the same photo again gives the same key and nothing new. Refuses
 * with invalid(..., {field: "photo", reason: "not-an-image" | "too-large"}).
 */
export async function storePhoto(bytes: Uint8Array): Promise<{ key: string }> {
  const { key, body } = await preparePhoto(bytes, settings().PHOTO_MAX_BYTES);
  await photoStorage().put(key, body);
  // The audit log's row of the upload (a step of a tree that shows it records its key too).
  await transaction((tx) =>
    recordChange(tx, {
      kind: "tree.photo_added",
      target: { type: "photo", id: key },
      after: { photoKey: key },
    }),
  );
  return { key };
}

/** The photo kept under `key`, or null (unknown key, or not a key at all: never a path). */
export async function readPhoto(
  key: string,
): Promise<{ body: Uint8Array; contentType: "image/jpeg" } | null> {
  if (!isPhotoKey(key)) return null;
  const body = await photoStorage().get(key);
  return body ? { body, contentType: PHOTO_CONTENT_TYPE } : null;
}

/** What a photo's public address starts with, on the service at `origin`. */
export const photoUrlPrefix = (origin: string) => `${origin.replace(/\/+$/, "")}/photos/`;
/** What a photo's public address ends with. */
export const PHOTO_URL_SUFFIX = ".jpg";

/** The photo's public address on the service, e.g. https://trees.example.org/photos/<key>.jpg. */
export function photoUrl(key: string, origin: string): string {
  return `${photoUrlPrefix(origin)}${key}${PHOTO_URL_SUFFIX}`;
}
