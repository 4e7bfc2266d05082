// The visitors' photo form through HTTP (POST /memorial/{id}/photos, multipart): a photo shared
// waits for the family (303 back to the page, which thanks and shows nothing yet; each of its
// files answers 404), every refusal is the form's page saying why with nothing written (400, 403,
// 404, 413, 429 with Retry-After), the family's approval on its management page publishes it (its
// files answer, cleaned of every metadata; the cached page shows it at once; the webhook
// photo.published goes out), and its removal makes its addresses 404 again; while the family has
// its memorial taken down, its published photos answer 410 Gone as the page does, and come back
// with it. Against the instance
// behind a trusted proxy, so that each test is a client of its own for the limits.
import { transaction } from "@memorial/lib/db/client";
import { CLIENT_LIMIT } from "@memorial/lib/memorial-photos/rules";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { webhookMessageSchema } from "@memorial/lib/webhooks/schemas";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { familyMemorial } from "../browser/memorials";
import { db, makeIsolatedOperator } from "../support/factories";
import { proxiedInstance } from "../support/instances";
import { webhookFixture } from "../support/webhook-receiver";

const webhooks = webhookFixture(test.afterAll);
const site = proxiedInstance();

let clients = 0;
/** A client address of its own (the last X-Forwarded-For hop, read with TRUST_PROXY=1). */
const aClient = () => `10.${(process.pid + 7) % 250}.${200 + Math.floor(++clients / 250)}.${clients % 250}`;

async function memorial(op?: Awaited<ReturnType<typeof makeIsolatedOperator>>) {
  op ??= await makeIsolatedOperator({ stock: 5 });
  const { memorialId, token } = await familyMemorial(op);
  return { op, memorialId, manage: `${site.url}/manage/${token}` };
}

/** A phone's photo: a JPEG with its camera and GPS position in EXIF. */
const phonePhoto = () =>
  sharp({ create: { width: 1800, height: 1200, channels: 3, background: "#6a8caf" } })
    .jpeg()
    .withExifMerge({
      IFD0: { Make: "PhoneMaker" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "50/1 51/1 1234/100" },
    })
    .toBuffer();

function send(
  memorialId: number,
  file: { bytes: Uint8Array; type: string; name: string } | null,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
  client = aClient(),
) {
  const form = new FormData();
  form.set("lang", "en");
  if (file) form.set("photo", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return fetch(`${site.url}/memorial/${memorialId}/photos?lang=en`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site.url, "X-Forwarded-For": client, ...headers },
    body: form,
  });
}

const jpeg = async () => ({ bytes: await phonePhoto(), type: "image/jpeg", name: "IMG_0001.jpg" });
const photosOf = (memorialId: number) =>
  db.memorialPhoto.findMany({ where: { memorialId }, orderBy: { id: "asc" } });
/** A form of the family's management page, posted as its browser posts it. */
const familyForm = (manage: string, fields: Record<string, string>) =>
  fetch(manage, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
const fileUrl = (memorialId: number, key: string) => `${site.url}/memorial/${memorialId}/photos/${key}.jpg`;

test("a shared photo waits for the family: 303 to the page's thanks; nothing shown, its files 404", async () => {
  const { memorialId } = await memorial();
  const response = await send(memorialId, await jpeg(), { caption: "Au jardin", name: "Paul" });
  expect(response.status).toBe(303);
  const location = response.headers.get("location") ?? "";
  expect(location).toBe(`/memorial/${memorialId}?lang=en&photo=sent#photos`);
  const [photo] = await photosOf(memorialId);
  expect(photo).toMatchObject({ status: "waiting", caption: "Au jardin", authorName: "Paul" });
  const page = await (await fetch(`${site.url}${location}`)).text();
  expect(page).toContain("The family will see your photo and approve it before it appears on this page.");
  expect(page).not.toContain('data-testid="gallery-photo"');
  for (const key of photo?.fileKeys ?? []) {
    expect(page).not.toContain(key);
    expect((await fetch(fileUrl(memorialId, key))).status).toBe(404);
    // Nor at the tree photos' address.
    expect((await fetch(`${site.url}/photos/${key}.jpg`)).status).toBe(404);
  }
});

test("refusals answer the form's page saying why, and write nothing", async () => {
  const { memorialId } = await memorial();
  const cases: [Parameters<typeof send>[1], Record<string, string>, number, string][] = [
    [
      { bytes: Buffer.from("not,a,photo\n"), type: "image/jpeg", name: "x.jpg" },
      {},
      400,
      "not a photo we can read",
    ],
    [
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        type: "image/svg+xml",
        name: "x.svg",
      },
      {},
      400,
      "not a photo we can read",
    ],
    [null, {}, 400, "Choose a photo to send."],
    [await jpeg(), { caption: "See www.spam-shop.com" }, 400, "holds a link"],
    [await jpeg(), { name: "x".repeat(81) }, 400, "too long"],
    [{ bytes: new Uint8Array(10 * 1024 * 1024), type: "image/jpeg", name: "big.jpg" }, {}, 413, "too large"],
  ];
  for (const [file, fields, status, text] of cases) {
    const response = await send(memorialId, file, fields);
    expect(response.status, text).toBe(status);
    expect(response.headers.get("content-type")).toContain("text/html");
    const body = await response.text();
    expect(body).toContain("The photo was not sent");
    expect(body, text).toContain(text);
  }
  // Another site's form; a memorial that is not there.
  expect((await send(memorialId, await jpeg(), {}, { Origin: "https://evil.example" })).status).toBe(403);
  expect((await send(2_000_000_000, await jpeg())).status).toBe(404);
  expect(await photosOf(memorialId)).toEqual([]);
});

test(`a client shares at most ${CLIENT_LIMIT} photos an hour: then 429 with Retry-After, nothing written`, async () => {
  const { memorialId } = await memorial();
  const client = aClient();
  const small = {
    bytes: await sharp({ create: { width: 40, height: 30, channels: 3, background: "#335577" } })
      .png()
      .toBuffer(),
    type: "image/png",
    name: "small.png",
  };
  for (let i = 0; i < CLIENT_LIMIT; i++)
    expect((await send(memorialId, small, {}, {}, client)).status).toBe(303);
  const refused = await send(memorialId, small, {}, {}, client);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await refused.text()).toContain("Too many photos sent for now.");
  expect(await photosOf(memorialId)).toHaveLength(CLIENT_LIMIT);
});

test("the family approves: the cached page shows it at once, its files answer without metadata, photo.published goes out; removed: 404", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const { receiver } = await webhooks.receiving(op.operatorId, ["photo.published"]);
  const { memorialId, manage } = await memorial(op);
  const page = () => fetch(`${site.url}/memorial/${memorialId}?lang=en`);
  expect((await page()).status).toBe(200);
  expect((await page()).headers.get("x-cache")).toBe("HIT");

  expect((await send(memorialId, await jpeg())).status).toBe(303);
  const [photo] = await photosOf(memorialId);
  const family = (fields: Record<string, string>) => familyForm(manage, fields);
  const managePage = await (await fetch(manage)).text();
  expect(managePage).toContain(`data-photo="${photo?.id}" data-status="waiting"`);
  // Its thumbnail, under the management page's own address: the family's only, never cached.
  const thumbnail = `/photos/${photo?.fileKeys[0]}.jpg`;
  expect(managePage).toContain(`src="/manage/${manage.split("/manage/")[1]}${thumbnail}"`);
  const own = await fetch(`${manage}${thumbnail}`);
  expect(own.status).toBe(200);
  expect(own.headers.get("content-type")).toBe("image/jpeg");
  expect(own.headers.get("cache-control")).toBe("private, no-store");
  expect((await sharp(Buffer.from(await own.arrayBuffer())).metadata()).width).toBe(400);
  const stranger = await memorial();
  expect((await fetch(`${stranger.manage}${thumbnail}`)).status).toBe(404);
  expect((await fetch(`${site.url}/manage/${"x".repeat(43)}${thumbnail}`)).status).toBe(404);
  // A link replaced by a newer one: 410, as its page; the newer one shows the thumbnail.
  const replaced = await memorial();
  expect((await send(replaced.memorialId, await jpeg())).status).toBe(303);
  const [theirs] = await photosOf(replaced.memorialId);
  const newer = (await transaction((tx) => issueManageToken(tx, replaced.memorialId))).token;
  const theirThumbnail = `/photos/${theirs?.fileKeys[0]}.jpg`;
  // The refusal, as every file of a family's link answers one: private, and its address (it holds
  // the link) not sent on as a referrer.
  const gone = await fetch(`${replaced.manage}${theirThumbnail}`);
  expect(gone.status).toBe(410);
  expect(gone.headers.get("referrer-policy")).toBe("same-origin");
  expect(gone.headers.get("cache-control")).toBe("no-store");
  expect((await fetch(`${site.url}/manage/${newer}${theirThumbnail}`)).status).toBe(200);
  expect((await family({ action: "photo-approve", photo: String(photo?.id) })).status).toBe(303);

  const shown = await (await page()).text();
  expect(shown).toContain('data-testid="gallery-photo"');
  for (const key of photo?.fileKeys ?? []) {
    expect(shown).toContain(`/memorial/${memorialId}/photos/${key}.jpg`);
    const file = await fetch(fileUrl(memorialId, key));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await file.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes("PhoneMaker")).toBe(false);
  }

  const [message] = await receiver.waitFor(1, 90_000);
  expect(message?.json).toMatchObject({
    type: "photo.published",
    data: { memorialId, photoId: photo?.id, by: "family", environment: "production" },
  });
  expect(() => webhookMessageSchema("photo.published").parse(message?.json)).not.toThrow();

  expect((await family({ action: "photo-remove", photo: String(photo?.id) })).status).toBe(303);
  for (const key of photo?.fileKeys ?? []) expect((await fetch(fileUrl(memorialId, key))).status).toBe(404);
  expect(await (await page()).text()).not.toContain('data-testid="gallery-photo"');
  expect(await photosOf(memorialId)).toEqual([]);
});

test("a memorial taken down serves none of its photos; restored, its gallery and files come back", async () => {
  const { memorialId, manage } = await memorial();
  const page = () => fetch(`${site.url}/memorial/${memorialId}?lang=en`);
  expect((await send(memorialId, await jpeg())).status).toBe(303);
  const [photo] = await photosOf(memorialId);
  expect((await familyForm(manage, { action: "photo-approve", photo: String(photo?.id) })).status).toBe(303);
  const keys = photo?.fileKeys ?? [];
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) expect((await fetch(fileUrl(memorialId, key))).status).toBe(200);

  expect((await familyForm(manage, { action: "takedown" })).status).toBe(303);
  const down = await page();
  expect(down.status).toBe(410);
  expect(await down.text()).not.toContain("gallery-photo");
  // Every address under the memorial's answers 410 Gone while it is taken down, its photos too.
  for (const key of keys) {
    const file = await fetch(fileUrl(memorialId, key));
    expect(file.status).toBe(410);
    expect(file.headers.get("content-type")).not.toContain("image");
  }
  // Nothing is deleted: the photo waits, published, for the memorial to come back.
  expect(await photosOf(memorialId)).toMatchObject([{ id: photo?.id, status: "published" }]);

  expect((await familyForm(manage, { action: "restore" })).status).toBe(303);
  expect(await (await page()).text()).toContain('data-testid="gallery-photo"');
  for (const key of keys) expect((await fetch(fileUrl(memorialId, key))).status).toBe(200);
});
