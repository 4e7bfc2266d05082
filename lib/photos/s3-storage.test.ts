// Photos kept in S3-compatible object storage, against a real S3 server on the loopback
// (s3rver, test/support/s3-server.ts: the S3 REST API over HTTP), chosen by the
// settings exactly as in production (S3_BUCKET and its companions).
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { actingAs } from "@memorial/lib/audit/actor";
import { readSettings } from "@memorial/lib/settings";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE } from "@/e2e/support/factories";
import { type RunningS3, startS3Server } from "@/test/support/s3-server";
import { readPhoto, storePhoto as store } from "./photos";
import { storageFor } from "./storage";

const NAMES = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "PHOTOS_DIR",
] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
let s3: RunningS3;
let client: S3Client;
let localDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  localDir = mkdtempSync(path.join(os.tmpdir(), "photos-local-"));
  Object.assign(process.env, {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: "eu-west-1",
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: "1",
    // Set to show that S3_BUCKET wins: nothing may land here.
    PHOTOS_DIR: localDir,
  });
  client = new S3Client({
    endpoint: s3.endpoint,
    region: "eu-west-1",
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
});

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  if (localDir) rmSync(localDir, { recursive: true, force: true });
});

async function gpsPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#3c8d3c" } })
    .jpeg()
    .withMetadata({ orientation: 8 })
    .withExifMerge({ IFD3: { GPSLatitudeRef: "S", GPSLatitude: "12/1 3/1 0/1" } })
    .toBuffer();
}

/** A photo uploaded as the command line uploads one: its audit row names who acts. */
const storePhoto = (bytes: Uint8Array) => actingAs(COMMAND_LINE, () => store(bytes));

describe("photos in S3-compatible object storage", () => {
  it("stores the cleaned photo as an object photos/<key>.jpg and reads it back", async () => {
    const { key } = await storePhoto(await gpsPhoto());
    const photo = await readPhoto(key);
    expect(photo?.contentType).toBe("image/jpeg");
    const metadata = await sharp(photo!.body).metadata();
    // Orientation 8 turns 3000 × 2000 into 2000 × 3000, scaled to 1067 × 1600; no EXIF, no GPS.
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1067, 1600]);
    expect(metadata.exif).toBeUndefined();

    // What the bucket holds, read by another client: the same bytes, typed and cacheable.
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `photos/${key}.jpg` }));
    expect(object.ContentType).toBe("image/jpeg");
    expect(object.CacheControl).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(Buffer.from(photo!.body))).toBe(
      true,
    );

    // Storing it again gives the same key; nothing went to the local folder.
    expect((await storePhoto(await gpsPhoto())).key).toBe(key);
    expect(readdirSync(localDir)).toEqual([]);
  });

  it("gives null for a key the bucket does not hold, and for a malformed key", async () => {
    expect(await readPhoto("ffffffffffffffffffffffffffffffff")).toBeNull();
    expect(await readPhoto("../photos/x")).toBeNull();
  });

  it("fails loudly, not as a missing photo, when the bucket or the access key is wrong", async () => {
    const settingsWith = (changes: Record<string, string>) =>
      readSettings({ ...process.env, ...changes } as Record<string, string | undefined>);
    const noBucket = storageFor(settingsWith({ S3_BUCKET: "no-such-bucket" }));
    await expect(noBucket.get("ffffffffffffffffffffffffffffffff")).rejects.toMatchObject({
      name: "NoSuchBucket",
    });
    // s3rver knows its access key id but does not verify a V4 signature: an unknown key id is
    // what it refuses.
    const badKey = storageFor(settingsWith({ S3_ACCESS_KEY_ID: "NOT-A-KEY" }));
    await expect(badKey.get("ffffffffffffffffffffffffffffffff")).rejects.toMatchObject({
      name: "InvalidAccessKeyId",
    });
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    await expect(badKey.put("0123456789abcdef0123456789abcdef", jpeg)).rejects.toMatchObject({
      name: "InvalidAccessKeyId",
    });
  });
});
