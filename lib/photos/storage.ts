// Where photos are kept: one small interface, two implementations (a folder, an S3-compatible
// bucket), chosen by the settings. Photos are content-addressed (the key is the hash of the
// bytes), so a put of a key that exists writes the same bytes again or nothing at all.
import path from "node:path";
import { type Settings, settings } from "@memorial/lib/settings";
import { directoryStorage } from "./directory-storage";
import { s3Storage } from "./s3-storage";

export interface PhotoStorage {
  /** Where the photos are, for messages and logs (a folder or s3://bucket/prefix). */
  readonly location: string;
  /** Keeps `body` (a JPEG) under `key`; whole or not at all, never half-written. */
  put(key: string, body: Uint8Array): Promise<void>;
  /** The JPEG kept under `key`, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Deletes the JPEG kept under `key`; nothing when there is none. */
  delete(key: string): Promise<void>;
}

/**
 * Where a storage keeps its photos: the tree photos at the root, served by their key alone
 * (/photos/<key>.jpg); the photos visitors share of a memorial apart, in "memorial", so that the
 * tree photos' address never serves one (a visitor's photo is shown only while published, on a
 * public memorial: app/memorial/[id]/photos).
 */
export type PhotoArea = "trees" | "memorial";

/** The storage the settings give: S3 when S3_BUCKET is set, else PHOTOS_DIR or DATA_DIR/photos. */
export function storageFor(s: Settings, area: PhotoArea = "trees"): PhotoStorage {
  if (s.S3_BUCKET) {
    return s3Storage({
      prefix: area === "trees" ? "photos/" : "photos/memorial/",
      bucket: s.S3_BUCKET,
      endpoint: s.S3_ENDPOINT,
      region: s.S3_REGION,
      forcePathStyle: s.S3_FORCE_PATH_STYLE ?? false,
      credentials:
        s.S3_ACCESS_KEY_ID && s.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: s.S3_ACCESS_KEY_ID, secretAccessKey: s.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  // turbopackIgnore: the folder is known only at run time; nothing to trace into the build.
  // A folder "memorial" beside the tree photos' two-hexadecimal-digit folders: never one of them.
  const root = path.resolve(/* turbopackIgnore: true */ s.PHOTOS_DIR ?? path.join(s.DATA_DIR, "photos"));
  return directoryStorage(area === "trees" ? root : path.join(root, "memorial"));
}

const cached = new Map<PhotoArea, { settings: Settings; storage: PhotoStorage }>();

/** This process's photo storage of an area (one S3 client per set of settings). */
export function photoStorage(area: PhotoArea = "trees"): PhotoStorage {
  const current = settings();
  const kept = cached.get(area);
  if (kept?.settings === current) return kept.storage;
  const storage = storageFor(current, area);
  cached.set(area, { settings: current, storage });
  return storage;
}
