// The read models of the photos visitors share: the gallery of the public page (published only),
// the family's and the operator's lists (waiting and published), the one file the public address
// of a photo serves, and the files the family's and the operator's lists show (any status: a
// waiting photo has no public address).
import { db } from "@memorial/lib/db/client";
import { memorialsVisibleTo, ownMemorialsOf, PUBLIC } from "@memorial/lib/memorials/policy";
import { isPhotoKey } from "@memorial/lib/photos/prepare-photo";
import type { OperatorScope } from "@memorial/lib/scope";
import { readPhotoFile } from "./files";

/** The most photos the gallery shows (the latest published). */
const GALLERY_LIMIT = 60;

const SHOWN = {
  id: true,
  fileKeys: true,
  fileWidths: true,
  width: true,
  height: true,
  caption: true,
  authorName: true,
} as const;

export interface GalleryPhoto {
  id: number;
  fileKeys: string[];
  fileWidths: number[];
  width: number;
  height: number;
  caption: string | null;
  authorName: string | null;
}

/** The published photos of a memorial, latest first (the page shows no other). */
export function publishedPhotos(memorialId: number): Promise<GalleryPhoto[]> {
  return db.memorialPhoto.findMany({
    where: { memorialId, status: "published" },
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    take: GALLERY_LIMIT,
    select: SHOWN,
  });
}

async function photosOf(memorialId: number) {
  const rows = await db.memorialPhoto.findMany({
    where: { memorialId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { ...SHOWN, status: true, createdAt: true },
  });
  return {
    waiting: rows.filter((row) => row.status === "waiting"),
    published: rows.filter((row) => row.status === "published"),
  };
}

/** The family's list (its management page): waiting ones first to approve, then the published. */
export function familyPhotos(memorialId: number) {
  return photosOf(memorialId);
}

/** The operator's list of one of its own memorials (its dashboard); null when not its own. */
export async function operatorPhotos(scope: OperatorScope, memorialId: number) {
  const own = await db.memorial.findFirst({
    where: { AND: [{ id: memorialId }, ownMemorialsOf(scope)] },
    select: { id: true },
  });
  return own ? photosOf(own.id) : null;
}

export type MemorialPhotos = Awaited<ReturnType<typeof familyPhotos>>;

/**
 * The JPEG of one file of a published photo of a public memorial; null otherwise (waiting,
 * removed, erased, or the memorial hidden, taken down, not public): the address then answers 404.
 */
export async function publicPhotoFile(memorialId: number, key: string): Promise<Uint8Array | null> {
  if (!isPhotoKey(key)) return null;
  const photo = await db.memorialPhoto.findFirst({
    where: {
      memorialId,
      status: "published",
      fileKeys: { has: key },
      memorial: memorialsVisibleTo(PUBLIC),
    },
    select: { id: true },
  });
  return photo ? readPhotoFile(key) : null;
}

/** One file of any photo of the memorial (its family's link, checked by the caller, names it). */
export async function familyPhotoFile(memorialId: number, key: string): Promise<Uint8Array | null> {
  if (!isPhotoKey(key)) return null;
  const photo = await db.memorialPhoto.findFirst({
    where: { memorialId, fileKeys: { has: key } },
    select: { id: true },
  });
  return photo ? readPhotoFile(key) : null;
}

/** One file of any photo of one of the operator's own memorials; null when not its own. */
export async function operatorPhotoFile(
  scope: OperatorScope,
  memorialId: number,
  key: string,
): Promise<Uint8Array | null> {
  if (!isPhotoKey(key)) return null;
  const photo = await db.memorialPhoto.findFirst({
    where: { memorialId, fileKeys: { has: key }, memorial: ownMemorialsOf(scope) },
    select: { id: true },
  });
  return photo ? readPhotoFile(key) : null;
}
