// Photos kept in a folder: real pictures made by sharp, stored, read back and decoded again.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { actingAs } from "@memorial/lib/audit/actor";
import { DomainError } from "@memorial/lib/errors";
import { readSettings } from "@memorial/lib/settings";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE } from "@/e2e/support/factories";
import { notPictures, PHONE_EXIF } from "@/test/support/photo-files";
import { isPhotoKey, photoUrl, readPhoto, storePhoto as store } from "./photos";
import { storageFor } from "./storage";

/** A photo kept as the command line keeps one (`trees photo`): its upload is recorded as the command line's. */
const storePhoto = (bytes: Uint8Array) => actingAs(COMMAND_LINE, () => store(bytes));

let dir: string;
const saved = { PHOTOS_DIR: process.env.PHOTOS_DIR, PHOTO_MAX_BYTES: process.env.PHOTO_MAX_BYTES };

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "photos-"));
  process.env.PHOTOS_DIR = dir;
  delete process.env.PHOTO_MAX_BYTES;
});
afterEach(() => {
  delete process.env.PHOTO_MAX_BYTES;
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Every file under the photos folder (temporary files included). */
function filesKept(): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The colour of one pixel of a decoded picture. */
async function pixel(body: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

const near = (actual: number[], expected: number[]) =>
  actual.every((value, index) => Math.abs(value - (expected[index] ?? 0)) <= 12);

/**
 * A phone's photo: 2400 × 1200 stored pixels, red with a blue band on the left, to be shown
 * turned 90° clockwise (EXIF Orientation 6, so the band belongs at the top), with the camera's
 * make, the GPS position, an XMP packet and a Display P3 ICC profile.
 */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .composite([
      {
        input: { create: { width: 600, height: 1200, channels: 3, background: { r: 0, g: 0, b: 255 } } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge(PHONE_EXIF)
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="50,51.2N"/></rdf:RDF></x:xmpmeta>',
    )
    .withIccProfile("p3")
    .toBuffer();
}

/** The FieldProblem of the DomainError `action` throws. */
async function refusal(action: Promise<unknown>) {
  const error = await action.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const domainError = error as DomainError;
  expect(domainError.code).toBe("INVALID_INPUT");
  return { problem: domainError.problem, message: domainError.message };
}

describe("storePhoto", () => {
  it("turns a phone's photo upright, makes it at most 1600 px and keeps no metadata (no GPS)", async () => {
    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    // The picture really carries what must go.
    expect(before).toMatchObject({ width: 2400, height: 1200, orientation: 6 });
    expect(before.exif?.includes("PhoneMaker")).toBe(true);
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer tag
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const { key } = await storePhoto(original);
    expect(isPhotoKey(key)).toBe(true);
    const photo = await readPhoto(key);
    expect(photo?.contentType).toBe("image/jpeg");
    const body = Buffer.from(photo!.body);
    const after = await sharp(body).metadata();
    expect(after.format).toBe("jpeg");
    // Upright: 1200 × 2400 shown, scaled to 800 × 1600, and no orientation left to apply twice.
    expect([after.width, after.height]).toEqual([800, 1600]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.space).toBe("srgb");
    for (const trace of ["Exif", "PhoneMaker", "FieldPhone", "xmpmeta", "ICC_PROFILE", "50,51"])
      expect(body.includes(trace), trace).toBe(false);
    // The blue band, on the left of the stored pixels, is now at the top.
    expect(near(await pixel(body, 400, 100), [0, 0, 255])).toBe(true);
    expect(near(await pixel(body, 400, 1500), [200, 30, 30])).toBe(true);
    // Kept in the folder under its key.
    expect(filesKept()).toContain(path.join(key.slice(0, 2), `${key}.jpg`));
  });

  it("stores the same photo once: same key, one file, no temporary file left", async () => {
    const original = await phonePhoto();
    const first = await storePhoto(original);
    const countAfterFirst = filesKept().length;
    const [second, third] = await Promise.all([storePhoto(original), storePhoto(Buffer.from(original))]);
    expect(second.key).toBe(first.key);
    expect(third.key).toBe(first.key);
    expect(filesKept()).toHaveLength(countAfterFirst);
    expect(filesKept().filter((file) => !file.endsWith(".jpg"))).toEqual([]);
  });

  it("does not enlarge a small picture, and puts a transparent PNG on white", async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { key } = await storePhoto(png);
    const body = (await readPhoto(key))!.body;
    const metadata = await sharp(body).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 300, 200]);
    expect(near(await pixel(body, 150, 100), [255, 255, 255])).toBe(true);
  });

  it("reads WebP and AVIF (HEIF) too", async () => {
    const picture = sharp({ create: { width: 2000, height: 500, channels: 3, background: "#2a7a2a" } });
    for (const bytes of [
      await picture.clone().webp().toBuffer(),
      await picture.clone().avif({ effort: 0 }).toBuffer(),
    ]) {
      const { key } = await storePhoto(bytes);
      const metadata = await sharp((await readPhoto(key))!.body).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1600, 400]);
    }
  });

  it("refuses what is not a picture, a format it does not take and a broken picture, keeping nothing", async () => {
    const kept = filesKept();
    for (const bytes of await notPictures("tree_id,step,date\n1,in_ground,2026-11-20\n")) {
      const { problem, message } = await refusal(storePhoto(bytes));
      expect(problem).toEqual({ field: "photo", reason: "not-an-image" });
      expect(message).toMatch(/not an image/);
    }
    expect(filesKept()).toEqual(kept);
  });

  it("refuses more bytes than PHOTO_MAX_BYTES (10 MiB unless set) before decoding anything", async () => {
    const kept = filesKept();
    const tooBig = new Uint8Array(10 * 1024 * 1024 + 1);
    const byDefault = await refusal(storePhoto(tooBig));
    expect(byDefault.problem).toEqual({ field: "photo", reason: "too-large" });
    expect(byDefault.message).toMatch(/10485761 bytes, more than the 10485760 allowed \(PHOTO_MAX_BYTES\)/);

    // A real picture over a lower limit: refused by size; under it, stored.
    const noisy = await sharp(Buffer.from(Array.from({ length: 64 * 64 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 64, height: 64, channels: 3 },
    })
      .png()
      .toBuffer();
    process.env.PHOTO_MAX_BYTES = String(noisy.length - 1);
    expect((await refusal(storePhoto(noisy))).problem).toEqual({ field: "photo", reason: "too-large" });
    expect(filesKept()).toEqual(kept);
    process.env.PHOTO_MAX_BYTES = String(noisy.length);
    expect(isPhotoKey((await storePhoto(noisy)).key)).toBe(true);
  });

  it("refuses a small file that claims more pixels than it may decode", async () => {
    // A PNG saying 20 000 × 20 000 (400 million pixels) in a few dozen bytes.
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(Buffer.alloc(1000))), // the start of the first rows
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const { problem, message } = await refusal(storePhoto(bomb));
    expect(problem).toEqual({ field: "photo", reason: "too-large" });
    expect(message).toMatch(/400000000 pixels/);
  });
});

describe("readPhoto", () => {
  it("gives null for an unknown key and for anything that is not a key (no path is ever read)", async () => {
    expect(await readPhoto("0123456789abcdef0123456789abcdef")).toBeNull();
    const { key } = await storePhoto(await phonePhoto());
    for (const bad of [
      "../../../etc/passwd",
      `../${key.slice(0, 2)}/${key}`,
      `${key.slice(0, 2)}/${key}`,
      `${key}.jpg`,
      key.toUpperCase(),
      `${key}0`,
      key.slice(1),
      "",
    ]) {
      expect(await readPhoto(bad), bad).toBeNull();
    }
  });
});

describe("photoUrl", () => {
  it("is /photos/<key>.jpg on the origin", () => {
    const key = "0123456789abcdef0123456789abcdef";
    expect(photoUrl(key, "https://trees.example.org")).toBe(`https://trees.example.org/photos/${key}.jpg`);
    expect(photoUrl(key, "https://trees.example.org/")).toBe(`https://trees.example.org/photos/${key}.jpg`);
  });
});

describe("the storage the settings choose", () => {
  it("is DATA_DIR/photos by default, PHOTOS_DIR when set, the bucket when S3_BUCKET is set", () => {
    expect(storageFor(readSettings({ DATA_DIR: "/srv/trees" })).location).toBe("/srv/trees/photos");
    expect(storageFor(readSettings({ DATA_DIR: "/srv/trees", PHOTOS_DIR: "/mnt/photos" })).location).toBe(
      "/mnt/photos",
    );
    expect(
      storageFor(
        readSettings({
          PHOTOS_DIR: "/mnt/photos",
          S3_BUCKET: "trees",
          S3_ENDPOINT: "https://s3.example.org",
        }),
      ).location,
    ).toBe("s3://trees/photos/");
  });
});
