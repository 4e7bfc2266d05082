// The photos visitors share of a memorial (lib/memorial-photos), on the real PostgreSQL and a real
// photo folder: what is kept of a phone's photo (every metadata gone, three widths), what is
// refused with nothing written, the limits per client and per memorial, the family's approval and
// removal (events, audit rows, files), the public file only while published on a public memorial,
// and an erasure that deletes rows and files.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { actingAs } from "@memorial/lib/audit/actor";
import { db, transaction } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";
import { enqueue } from "@memorial/lib/jobs/enqueue";
import { RateLimitedError } from "@memorial/lib/limits/rate-limit";
import { publishPhoto, removePhoto } from "@memorial/lib/memorial-photos/moderate-photo";
import {
  familyPhotoFile,
  familyPhotos,
  operatorPhotoFile,
  publicPhotoFile,
  publishedPhotos,
} from "@memorial/lib/memorial-photos/queries";
import { CLIENT_LIMIT, MEMORIAL_LIMIT } from "@memorial/lib/memorial-photos/rules";
import { sharePhoto } from "@memorial/lib/memorial-photos/share-photo";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { buildArchive } from "@memorial/lib/privacy/archive";
import { ERASURE_JOB, setErasureRequested } from "@memorial/lib/privacy/erasure";
import { setMemorialTakenDown } from "@memorial/lib/privacy/takedown";
import { serviceAdminScope } from "@memorial/lib/scope";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator, unique, uniqueEmail } from "@/e2e/support/factories";
import { hitsOf } from "@/e2e/support/rate-limits";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { runItemJobs } from "./support/daily-jobs";
import { callerMemorial } from "./support/memorials";
import { notPictures, PHONE_EXIF } from "./support/photo-files";

let dir: string;
const saved = process.env.PHOTOS_DIR;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "memorial-photos-"));
  process.env.PHOTOS_DIR = dir;
});
afterAll(async () => {
  if (saved === undefined) delete process.env.PHOTOS_DIR;
  else process.env.PHOTOS_DIR = saved;
  rmSync(dir, { recursive: true, force: true });
  await db.$disconnect();
});

/** The files of the visitors' photos area (the tree photos' folders are beside it). */
function memorialFiles(): string[] {
  const area = path.join(dir, "memorial");
  try {
    return readdirSync(area, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}
const fileOf = (key: string) => `${key}.jpg`;

async function memorial() {
  const op = await makeIsolatedOperator({ stock: 10 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const email = uniqueEmail("family");
  // As the API creates it: the partner's key acts.
  const { memorialId } = await callerMemorial(
    caller,
    plantingCommand(newMemorialTarget({ family: { email, name: "Famille Dupont", language: null } })),
  );
  const { token } = await transaction((tx) => issueManageToken(tx, memorialId));
  const family: Family = { by: "family", token };
  return { memorialId, family };
}

/** A JPEG COM segment (a comment), put right after the SOI marker. */
function withComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, "latin1");
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, jpeg.subarray(2)]);
}

/** A phone's photo: 2400 × 1200, with its camera, GPS position and a comment. */
async function phonePhoto(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#3c6e8d" } })
    .jpeg({ quality: 85 })
    .withExifMerge(PHONE_EXIF)
    .toBuffer();
  return withComment(jpeg, "Taken at 12 rue des Lilas by Paul");
}

/**
 * A file as a phone's HEIC begins (brands heic/mif1, an image item coded hvc1): this sharp's
 * libheif has no HEVC decoder (and none to write one with), so an AVIF is relabelled as one.
 */
async function heicLike(): Promise<Buffer> {
  const file = Buffer.from(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: "#f00" } })
      .avif({ effort: 0 })
      .toBuffer(),
  );
  for (const [from, to] of [
    ["avif", "heic"],
    ["av01", "hvc1"],
  ]) {
    for (let at = file.indexOf(from as string); at >= 0; at = file.indexOf(from as string))
      file.write(to as string, at, "latin1");
  }
  expect(file.subarray(4, 12).toString("latin1")).toBe("ftypheic");
  return file;
}

const small = (background = "#884422") =>
  sharp({ create: { width: 120, height: 80, channels: 3, background } })
    .png()
    .toBuffer();

const client = () => unique("photo-client");
// As the routes call them: a visitor of the page shares, the family's link approves and removes.
const share = (input: Parameters<typeof sharePhoto>[0]) =>
  actingAs({ kind: "visitor" }, () => sharePhoto(input));
type Family = { by: "family"; token: string };
const asFamily = <T>(memorialId: number, work: () => Promise<T>) =>
  actingAs({ kind: "family", memorialId }, work);
const eventsOf = async (memorialId: number) =>
  (
    await db.domainEvent.findMany({
      where: { memorialId, type: { startsWith: "photo." } },
      orderBy: { id: "asc" },
    })
  ).map((e) => [e.type, (e.payload as { by?: string }).by ?? null]);
const auditsOf = async (memorialId: number) =>
  (
    await db.auditLog.findMany({
      where: { memorialId, action: { startsWith: "photo." } },
      orderBy: { id: "asc" },
    })
  ).map((row) => [row.action, row.actorKind]);

describe("sharing a photo", () => {
  it("keeps three widths of a phone's photo with no metadata at all (no EXIF, no GPS, no comment), waiting", async () => {
    const { memorialId } = await memorial();
    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    expect(before.exif?.includes("PhoneMaker")).toBe(true);
    expect(original.includes("rue des Lilas")).toBe(true);

    const { photoId } = await share({
      memorialId,
      bytes: original,
      caption: "  Au jardin,\n l’été 1998 ",
      name: "Paul",
      client: client(),
    });
    const row = await db.memorialPhoto.findUniqueOrThrow({ where: { id: photoId } });
    expect(row).toMatchObject({
      status: "waiting",
      fileWidths: [400, 800, 1600],
      width: 1600,
      height: 800,
      caption: "Au jardin, l’été 1998",
      authorName: "Paul",
      publishedAt: null,
    });
    expect(row.clientHash).toMatch(/^[0-9a-f]{64}$/);
    for (const [index, key] of row.fileKeys.entries()) {
      expect(memorialFiles()).toContain(fileOf(key));
      const bytes = readFileSync(path.join(dir, "memorial", key.slice(0, 2), fileOf(key)));
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe("jpeg");
      expect(metadata.width).toBe(row.fileWidths[index]);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.comments ?? []).toEqual([]);
      for (const trace of ["Exif", "PhoneMaker", "FieldPhone", "rue des Lilas", "Paul"])
        expect(bytes.includes(trace), trace).toBe(false);
    }
    // Not in the gallery, not at any public address, until the family approves it.
    expect(await publishedPhotos(memorialId)).toEqual([]);
    for (const key of row.fileKeys) expect(await publicPhotoFile(memorialId, key)).toBeNull();
    expect(await eventsOf(memorialId)).toEqual([["photo.shared", null]]);
    expect(await auditsOf(memorialId)).toEqual([["photo.shared", "visitor"]]);
  });

  it("refuses a file that is not an image, a broken one and one too large, writing nothing (no row, file or event)", async () => {
    const { memorialId } = await memorial();
    const filesBefore = memorialFiles();
    for (const bytes of [
      ...(await notPictures("name,message\nPaul,hello\n")),
      new Uint8Array(10 * 1024 * 1024 + 1),
      await heicLike(),
    ]) {
      const error = await share({ memorialId, bytes, client: client() }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe("INVALID_INPUT");
      expect((error as DomainError).problem?.field).toBe("photo");
    }
    // Words: a link, too long, control characters.
    for (const words of [
      { caption: "voir www.example.com" },
      { name: "x".repeat(81) },
      { caption: "a\u202Eb" },
    ]) {
      const error = await share({ memorialId, bytes: await small(), client: client(), ...words }).catch(
        (e: unknown) => e,
      );
      expect((error as DomainError).code).toBe("INVALID_INPUT");
    }
    expect(await db.memorialPhoto.count({ where: { memorialId } })).toBe(0);
    expect(await eventsOf(memorialId)).toEqual([]);
    expect(await auditsOf(memorialId)).toEqual([]);
    expect(memorialFiles()).toEqual(filesBefore);
  });

  it("refuses a memorial that does not exist or is not public", async () => {
    const { memorialId, family } = await memorial();
    await asFamily(memorialId, () => setMemorialTakenDown(family, true));
    for (const id of [memorialId, 2_000_000_000]) {
      const error = await share({ memorialId: id, bytes: await small(), client: client() }).catch(
        (e: unknown) => e,
      );
      expect((error as DomainError).status).toBe(404);
    }
    expect(await db.memorialPhoto.count({ where: { memorialId } })).toBe(0);
  });

  it(`limits one client to ${CLIENT_LIMIT} photos an hour, and a memorial to ${MEMORIAL_LIMIT} a day`, async () => {
    const { memorialId } = await memorial();
    const one = client();
    const bytes = await small();
    for (let i = 0; i < CLIENT_LIMIT; i++) await share({ memorialId, bytes, client: one });
    const refused = await share({ memorialId, bytes, client: one }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
    expect(await db.memorialPhoto.count({ where: { memorialId } })).toBe(CLIENT_LIMIT);
    // Another client may still share there.
    await share({ memorialId, bytes, client: client() });
    expect(await hitsOf({ bucket: "photo-memorial", subject: memorialId })).toBe(CLIENT_LIMIT + 1);

    // The memorial's own limit, whoever sends: its count brought to the limit.
    await db.$executeRaw`UPDATE "rate_limit" SET "hits" = ${MEMORIAL_LIMIT}
      WHERE "bucket" = 'photo-memorial' AND "subject" = encode(sha256(${String(memorialId)}::bytea), 'hex')`;
    const full = await share({ memorialId, bytes, client: client() }).catch((e: unknown) => e);
    expect(full).toBeInstanceOf(RateLimitedError);
    expect((full as RateLimitedError).bucket).toBe("photo-memorial");
    expect(await db.memorialPhoto.count({ where: { memorialId } })).toBe(CLIENT_LIMIT + 1);
  });
});

describe("the family's approval", () => {
  it("publishes a photo (gallery, public file, event and audit row), then removes it with its files", async () => {
    const { memorialId, family } = await memorial();
    const { photoId } = await share({ memorialId, bytes: await phonePhoto(), client: client() });
    const { fileKeys } = await db.memorialPhoto.findUniqueOrThrow({ where: { id: photoId } });
    expect((await familyPhotos(memorialId)).waiting.map((p) => p.id)).toEqual([photoId]);
    // Its thumbnail, waiting: the family's and its operator's to see, no one else's.
    const thumbnail = fileKeys[0] as string;
    expect(await familyPhotoFile(memorialId, thumbnail)).not.toBeNull();
    expect(await publicPhotoFile(memorialId, thumbnail)).toBeNull();
    const { operatorId, isTest } = await db.memorial.findUniqueOrThrow({ where: { id: memorialId } });
    const ownScope = serviceAdminScope(operatorId, isTest ? "test" : "production");
    expect(await operatorPhotoFile(ownScope, memorialId, thumbnail)).not.toBeNull();

    expect(await asFamily(memorialId, () => publishPhoto(family, photoId))).toEqual({ changed: true });
    expect(await asFamily(memorialId, () => publishPhoto(family, photoId))).toEqual({ changed: false });
    expect((await publishedPhotos(memorialId)).map((p) => p.id)).toEqual([photoId]);
    expect(await publicPhotoFile(memorialId, fileKeys[0] as string)).not.toBeNull();
    // Not at another memorial's address.
    const other = await memorial();
    expect(await publicPhotoFile(other.memorialId, fileKeys[0] as string)).toBeNull();
    // Another memorial's family cannot touch it.
    expect(await familyPhotoFile(other.memorialId, thumbnail)).toBeNull();
    const otherOperator = await db.memorial.findUniqueOrThrow({ where: { id: other.memorialId } });
    expect(
      await operatorPhotoFile(serviceAdminScope(otherOperator.operatorId), memorialId, thumbnail),
    ).toBeNull();
    const foreign = await publishPhoto(other.family, photoId).catch((e: unknown) => e);
    expect((foreign as DomainError).status).toBe(404);

    // Taken down: the file's address answers nothing; restored: again.
    await asFamily(memorialId, () => setMemorialTakenDown(family, true));
    expect(await publicPhotoFile(memorialId, fileKeys[0] as string)).toBeNull();
    await asFamily(memorialId, () => setMemorialTakenDown(family, false));
    expect(await publicPhotoFile(memorialId, fileKeys[0] as string)).not.toBeNull();

    expect(await asFamily(memorialId, () => removePhoto(family, photoId))).toEqual({ changed: true });
    expect(await db.memorialPhoto.count({ where: { memorialId } })).toBe(0);
    for (const key of fileKeys) expect(memorialFiles()).not.toContain(fileOf(key));
    expect(await publicPhotoFile(memorialId, fileKeys[0] as string)).toBeNull();
    expect(await eventsOf(memorialId)).toEqual([
      ["photo.shared", null],
      ["photo.published", "family"],
      ["photo.removed", "family"],
    ]);
    expect(await auditsOf(memorialId)).toEqual([
      ["photo.shared", "visitor"],
      ["photo.published", "family"],
      ["photo.removed", "family"],
    ]);
  });
});

type SharedWords = { colour: string; caption?: string; name?: string };

/** A memorial with two visitors' photos (small, of these colours): the first published by the family. */
async function memorialWithTwoPhotos(first: SharedWords, second: SharedWords) {
  const made = await memorial();
  const shared = async ({ colour, ...words }: SharedWords) =>
    share({ memorialId: made.memorialId, bytes: await small(colour), client: client(), ...words });
  const published = await shared(first);
  await shared(second);
  await asFamily(made.memorialId, () => publishPhoto(made.family, published.photoId));
  return made;
}

describe("an erasure", () => {
  it("deletes the memorial's photos: rows and files", async () => {
    const { memorialId, family } = await memorialWithTwoPhotos(
      { colour: "#aa0000", name: "Paul" },
      { colour: "#00aa00", caption: "Chez nous" },
    );
    const keys = (await db.memorialPhoto.findMany({ where: { memorialId } })).flatMap((p) => p.fileKeys);
    expect(keys.length).toBe(2);
    await asFamily(memorialId, () => setErasureRequested(family, true, "http://trees.test/manage/x"));
    await db.$executeRaw`UPDATE "memorial" SET "erasure_requested_at" = now() - make_interval(days => 14) WHERE "id" = ${memorialId}`;
    await enqueue(db, ERASURE_JOB, {}, { key: ERASURE_JOB, queue: ERASURE_JOB });
    await runItemJobs(ERASURE_JOB);
    expect((await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).erasedAt).not.toBeNull();
    expect(await db.memorialPhoto.count({ where: { memorialId } })).toBe(0);
    for (const key of keys) expect(memorialFiles()).not.toContain(fileOf(key));
  });
});

describe("the family's archive", () => {
  it("holds the visitors' photos (waiting and published) and their list", async () => {
    const { memorialId } = await memorialWithTwoPhotos(
      { colour: "#0000aa", caption: "Au lac" },
      { colour: "#aaaa00", name: "Claire" },
    );
    const { id } = await db.memorialArchive.create({ data: { memorialId } });
    expect(await buildArchive(id, "http://trees.test/manage/x")).toBe(true);
    const { content } = await db.memorialArchive.findUniqueOrThrow({ where: { id } });
    const files = unzipSync(new Uint8Array(content as Uint8Array));
    const photos = await db.memorialPhoto.findMany({ where: { memorialId }, orderBy: { id: "asc" } });
    const list = strFromU8(files["visitor-photos.csv"] as Uint8Array);
    expect(list.split("\n")[0]).toContain("photo,shared_at,status");
    expect(list).toContain("Au lac");
    expect(list).toContain("Claire");
    for (const photo of photos) {
      const body = files[`visitor-photos/${photo.id}.jpg`];
      expect(body, String(photo.id)).toBeDefined();
      expect((await sharp(body as Uint8Array).metadata()).format).toBe("jpeg");
    }
  });
});
