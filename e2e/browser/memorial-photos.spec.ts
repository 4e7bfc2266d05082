// The visitors' photos in Chromium: a visitor shares one from the memorial page without
// JavaScript and is thanked (nothing shown yet); the family approves it on its management page
// (its thumbnail shown there); the gallery then shows it, lazy, sized by srcset, with its width and
// height. And the weight: a memorial page with a ceremony and 30 published photos reaches a phone
// under 40 KiB on a first visit, images apart, without Next.js's runtime.
import { actingAs } from "@memorial/lib/audit/actor";
import { publishPhoto } from "@memorial/lib/memorial-photos/moderate-photo";
import { sharePhoto } from "@memorial/lib/memorial-photos/share-photo";
import { VISITOR } from "@memorial/lib/scope";
import { devices, expect, test } from "@playwright/test";
import sharp from "sharp";
import { api, baseUrl, makeIsolatedOperator, unique } from "../support/factories";
import { errorsOf, PAGE_WEIGHT_LIMIT, weigh } from "../support/page-weight";
import { makeUser, signIn } from "./dashboard-support";
import { familyMemorial, type Operator } from "./memorials";

async function memorial(op?: Operator) {
  op ??= await makeIsolatedOperator({ stock: 5 });
  return familyMemorial(op);
}

test("shared without JavaScript, approved by the family on its page, then in the gallery", async ({
  browser,
}) => {
  const { memorialId, token } = await memorial();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=en`);
  const form = page.getByTestId("photo-form");
  await expect(form.getByText("the family approves it before it appears here")).toBeVisible();
  await expect(form.locator('input[type="file"]')).toHaveAttribute(
    "accept",
    "image/jpeg,image/png,image/webp",
  );
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#7a9a5a" } })
    .jpeg()
    .toBuffer();
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: photo });
  await form.getByLabel("Caption").fill("Au jardin, l’été 1998");
  await form.getByLabel("Your name").fill("Paul");
  await form.getByRole("button", { name: "Send the photo" }).click();
  await expect(page.getByTestId("photo-sent")).toContainText("approve it before it appears on this page");
  await expect(page.getByTestId("gallery-photo")).toHaveCount(0);

  // The family's page: the waiting photo, its thumbnail, approve.
  await page.goto(`${baseUrl()}/manage/${token}?lang=en`);
  const waiting = page.getByTestId("manage-photo");
  await expect(waiting).toHaveAttribute("data-status", "waiting");
  // Served under the page's own address (a waiting photo has none public), lazily: in view, it loads.
  await expect(waiting.locator("img")).toHaveAttribute(
    "src",
    new RegExp(`^/manage/${token}/photos/[0-9a-f]{32}\\.jpg$`),
  );
  await waiting.locator("img").scrollIntoViewIfNeeded();
  await expect(waiting.locator("img")).toHaveJSProperty("complete", true);
  expect(await waiting.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
  await expect(waiting).toContainText("Au jardin, l’été 1998");
  await waiting.getByTestId("photo-approve").click();
  await expect(page.getByTestId("manage-done")).toBeVisible();
  await expect(page.getByTestId("manage-photo")).toHaveAttribute("data-status", "published");

  await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=en`);
  const shown = page.getByTestId("gallery-photo").locator("img");
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAttribute("loading", "lazy");
  await expect(shown).toHaveAttribute("decoding", "async");
  await expect(shown).toHaveAttribute("width", "1200");
  await expect(shown).toHaveAttribute("height", "900");
  await expect(shown).toHaveAttribute("sizes", /50vw/);
  expect((await shown.getAttribute("srcset"))?.split(", ").map((s) => s.split(" ")[1])).toEqual([
    "400w",
    "800w",
    "1200w",
  ]);
  await expect(shown).toHaveAttribute("alt", "Au jardin, l’été 1998");
  await shown.scrollIntoViewIfNeeded();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId("gallery-photo")).toContainText("Shared by Paul");
  await context.close();
});

test("a page with a ceremony and 30 photos reaches a phone under 40 KiB on a first visit, images apart", async ({
  browser,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const { memorialId, token } = await memorial(op);
  const ceremony = await api("PUT", `/Memorial/${memorialId}/Ceremonie`, {
    key: op.key,
    body: {
      Debut: `${new Date().getUTCFullYear() + 1}-06-14T10:00`,
      Lieu: { Nom: "Église Saint-Martin", Adresse: "Place Saint-Martin 1, 1000 Bruxelles" },
      Note: "Ni fleurs ni couronnes.",
    },
  });
  expect(ceremony.status, ceremony.text).toBe(201);
  for (let i = 0; i < 30; i++) {
    const bytes = await sharp({
      create: {
        width: 900,
        height: 600 + (i % 3) * 150,
        channels: 3,
        background: { r: 40 + i * 6, g: 120, b: 90 },
      },
    })
      .jpeg()
      .toBuffer();
    const { photoId } = await actingAs(VISITOR.actor, () =>
      sharePhoto({
        memorialId,
        bytes,
        caption: `Souvenir n° ${i + 1}`,
        name: "Paul",
        client: unique("weight-client"),
      }),
    );
    await actingAs({ kind: "family", memorialId }, () => publishPhoto({ by: "family", token }, photoId));
  }

  const context = await browser.newContext({ ...devices["Pixel 7"] });
  const page = await context.newPage();
  const errors = errorsOf(page);
  const weighing = await weigh(context, page);
  const response = await page.goto(`${baseUrl()}/memorial/${memorialId}`, { waitUntil: "networkidle" });
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("ceremony")).toBeVisible();
  const images = page.getByTestId("gallery-photo").locator("img");
  await expect(images).toHaveCount(30);
  for (const attribute of ["loading", "decoding", "srcset", "sizes", "width", "height"])
    expect(
      await images.evaluateAll((all, name) => all.every((img) => img.hasAttribute(name)), attribute),
    ).toBe(true);
  console.log(weighing.report("memorial page with a ceremony and 30 photos, on a phone"));
  // Only the site's own small scripts, never Next.js's runtime (/_next/…).
  expect(
    weighing.counted().filter((r) => r.type === "Script" && new URL(r.url).pathname.startsWith("/_next/")),
  ).toEqual([]);
  expect(weighing.total()).toBeLessThan(PAGE_WEIGHT_LIMIT);
  // Lazy: a phone's first screen does not ask for the 30 photos.
  const photoRequests = await page.evaluate(
    () => performance.getEntriesByType("resource").filter((e) => e.name.includes("/photos/")).length,
  );
  expect(photoRequests).toBeLessThan(30);
  expect(errors).toEqual([]);
  await context.close();
});

test("the funeral home publishes and removes a visitor's photo from the memorial's dashboard page", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 5, language: "en" });
  const { memorialId } = await memorial(op);
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#5a7a9a" } })
    .jpeg()
    .toBuffer();
  const { photoId } = await actingAs(VISITOR.actor, () =>
    sharePhoto({ memorialId, bytes, caption: "Au lac", client: unique("dash-client") }),
  );
  await signIn(page, await makeUser(op.operatorId), "en", `/dashboard/memorials/${memorialId}`);
  const panel = page.getByTestId("dashboard-photos");
  const photo = panel.getByTestId("dashboard-photo");
  await expect(photo).toHaveAttribute("data-status", "waiting");
  // The waiting photo's thumbnail, served to the signed-in operator only.
  const thumbnail = photo.locator("img");
  await thumbnail.scrollIntoViewIfNeeded();
  await expect(thumbnail).toHaveJSProperty("complete", true);
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
  const src = (await thumbnail.getAttribute("src")) as string;
  expect(src).toMatch(new RegExp(`^/api/dashboard/memorials/${memorialId}/photos/[0-9a-f]{32}\\.jpg$`));
  expect((await fetch(`${baseUrl()}${src}`)).status).toBe(401);
  await photo.getByTestId("dashboard-photo-publish").click();
  await expect(panel.getByTestId("dashboard-photos-done")).toHaveText("Photo published.");
  await expect(panel.getByTestId("dashboard-photo")).toHaveAttribute("data-status", "published");
  const published = await page.request.get(`${baseUrl()}/memorial/${memorialId}?lang=en`);
  expect(await published.text()).toContain(`data-photo-id="${photoId}"`);

  await panel.getByTestId("dashboard-photo-remove").click();
  await expect(panel.getByTestId("dashboard-photos-done")).toHaveText("Photo removed.");
  await expect(panel.getByTestId("dashboard-photo")).toHaveCount(0);
  const removed = await page.request.get(`${baseUrl()}/memorial/${memorialId}?lang=en`);
  expect(await removed.text()).not.toContain(`data-photo-id="${photoId}"`);
});
