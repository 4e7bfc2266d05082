// GET/HEAD /photos/{key}.jpg: a tree's photo served by the running service. The photo
// is stored with storePhoto into the service's own storage: the workers inherit DATA_DIR from the
// global setup (e2e/support/global-setup.ts), so DATA_DIR/photos is the folder the service reads.

import { actingAs } from "@memorial/lib/audit/actor";
import { photoUrl, readPhoto, storePhoto } from "@memorial/lib/photos/photos";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { baseUrl, COMMAND_LINE } from "../support/factories";

/** A photo with its GPS position in EXIF, as a phone writes it (a random colour: a new key). */
async function fieldPhoto(): Promise<Buffer> {
  const colour = { r: Math.floor(Math.random() * 256), g: Math.floor(Math.random() * 256), b: 90 };
  return sharp({ create: { width: 1800, height: 900, channels: 3, background: colour } })
    .jpeg()
    .withExifMerge({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "50/1 51/1 0/1" } })
    .toBuffer();
}

/** The photo stored as the command line uploads a tree's photo. */
const storeAsCommandLine = (bytes: Buffer) => actingAs(COMMAND_LINE, () => storePhoto(bytes));

test("a stored photo is served as an immutable JPEG without metadata, for GET and HEAD", async () => {
  const { key } = await storeAsCommandLine(await fieldPhoto());
  const url = photoUrl(key, baseUrl());
  expect(url).toBe(`${baseUrl()}/photos/${key}.jpg`);

  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/jpeg");
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(response.headers.get("etag")).toBe(`"${key}"`);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  const body = Buffer.from(await response.arrayBuffer());
  expect(body.equals(Buffer.from((await readPhoto(key))!.body))).toBe(true);
  const metadata = await sharp(body).metadata();
  expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual([
    "jpeg",
    1600,
    800,
    undefined,
  ]);

  const head = await fetch(url, { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(head.headers.get("content-type")).toBe("image/jpeg");
  expect(head.headers.get("etag")).toBe(`"${key}"`);
  expect(head.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect((await head.arrayBuffer()).byteLength).toBe(0);

  // A browser that holds it asks again only by its ETag, and gets no body.
  for (const ifNoneMatch of [`"${key}"`, `W/"${key}"`, `"other", "${key}"`]) {
    const again = await fetch(url, { headers: { "if-none-match": ifNoneMatch } });
    expect(again.status, ifNoneMatch).toBe(304);
    expect(again.headers.get("etag")).toBe(`"${key}"`);
  }
  expect((await fetch(url, { headers: { "if-none-match": '"other"' } })).status).toBe(200);
});

test("an unknown or malformed photo address is a plain 404", async () => {
  const { key } = await storeAsCommandLine(await fieldPhoto());
  for (const path of [
    "/photos/0123456789abcdef0123456789abcdef.jpg", // well formed, never stored
    `/photos/${key.toUpperCase()}.jpg`,
    `/photos/${key}`,
    `/photos/${key}.png`,
    `/photos/${key}.jpg.jpg`,
    `/photos/${key.slice(2)}.jpg`,
    `/photos/..%2F${key.slice(0, 2)}%2F${key}.jpg`,
    "/photos/..%2F..%2F..%2Fetc%2Fpasswd",
    "/photos/%2e%2e%2fpostgres%2fPG_VERSION",
    `/photos/${"a".repeat(3000)}.jpg`,
  ]) {
    for (const method of ["GET", "HEAD"]) {
      const response = await fetch(`${baseUrl()}${path}`, { method, redirect: "manual" });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get("content-type"), path).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      if (method === "GET") expect(await response.text()).toBe("Not found\n");
    }
  }
});
