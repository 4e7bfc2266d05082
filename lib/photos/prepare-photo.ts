// A tree's photo as the service keeps it: decoded by sharp (so anything that is not a picture is
// refused before it is stored), turned upright by its EXIF orientation, at most 1600 px on its
// long side, re-encoded as a JPEG in sRGB with no metadata at all: a field team's phone writes
// the GPS position, the device and the time into EXIF/XMP, and a public page must not publish
// them. The key is the hash of the stored bytes, so the same photo stored twice is one photo.
import { createHash } from "node:crypto";
import { invalid } from "@memorial/lib/errors";
import sharp from "sharp";

/** The long side of a stored photo, in pixels; smaller photos are not enlarged. */
const PHOTO_LONG_SIDE = 1600;
const PHOTO_JPEG_QUALITY = 82;
/**
 * Decoded pixels at most (a 10 MiB PNG of one colour can claim 30 000 × 30 000 pixels and take
 * gigabytes to decode). 100 million is above any phone's full-resolution photo.
 */
const PHOTO_MAX_PIXELS = 100_000_000;
/**
 * The formats a camera or a phone writes. HEIF is accepted as far as this sharp decodes it (its
 * prebuilt binaries read AVIF; an HEVC-coded .heic fails to decode and is refused as not an image).
 */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

/** 32 hexadecimal digits (the first half of a SHA-256): a stored photo's name. */
const KEY = /^[0-9a-f]{32}$/;

export function isPhotoKey(key: unknown): key is string {
  return typeof key === "string" && KEY.test(key);
}

const notAnImage = () =>
  invalid("The photo is not an image in a format the service reads (JPEG, PNG, WebP or HEIF).", {
    field: "photo",
    reason: "not-an-image",
  });

const tooLarge = (what: string) =>
  invalid(`The photo is too large: ${what}.`, { field: "photo", reason: "too-large" });

/** The JPEG the service keeps for `bytes`, and its key; a DomainError when it refuses the file. */
export async function preparePhoto(
  bytes: Uint8Array,
  maxBytes: number,
): Promise<{ key: string; body: Buffer }> {
  if (bytes.byteLength > maxBytes)
    throw tooLarge(`${bytes.byteLength} bytes, more than the ${maxBytes} allowed (PHOTO_MAX_BYTES)`);
  let format: string | undefined;
  let pixels: number;
  try {
    // The header only (no pixel is decoded here), to say "too large" rather than "not an image".
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  if (pixels > PHOTO_MAX_PIXELS)
    throw tooLarge(`${pixels} pixels, more than the ${PHOTO_MAX_PIXELS} the service decodes`);
  let body: Buffer;
  try {
    body = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error" })
      .autoOrient()
      .resize({ width: PHOTO_LONG_SIDE, height: PHOTO_LONG_SIDE, fit: "inside", withoutEnlargement: true })
      // JPEG has no transparency: a transparent PNG or WebP goes onto white, not black.
      .flatten({ background: "#ffffff" })
      // No withMetadata/keepExif/keepIccProfile: sharp writes no EXIF, XMP, IPTC or ICC profile
      // and converts the pixels to sRGB.
      .jpeg({ quality: PHOTO_JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
  } catch {
    // The header was readable but the picture is not (truncated, corrupt, or a HEIC this sharp
    // cannot decode).
    throw notAnImage();
  }
  const key = createHash("sha256").update(body).digest("hex").slice(0, 32);
  return { key, body };
}
