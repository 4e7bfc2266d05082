// Saves docs/screenshots/memorial-gallery-phone.png: the gallery of a memorial page on a phone,
// with six photos visitors shared and the family published, and the form that shares one. Needs
// `npx next build`; run with `npx playwright test -c e2e/screenshots/screens.config.ts gallery`.
import path from "node:path";
import { transaction } from "@memorial/lib/db/client";
import { publishPhoto } from "@memorial/lib/memorial-photos/moderate-photo";
import { sharePhoto } from "@memorial/lib/memorial-photos/share-photo";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { devices, expect, test } from "@playwright/test";
import sharp from "sharp";
import { classic, create } from "../browser/memorials";
import { baseUrl, makeIsolatedOperator, unique, uniqueEmail } from "../support/factories";

/** A picture of a landscape: a sky, a hill and a sun, in the given colours. */
function landscape(sky: string, hill: string, width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${sky}"/>
    <circle cx="${width * 0.7}" cy="${height * 0.3}" r="${height * 0.12}" fill="#f5d76e"/>
    <ellipse cx="${width * 0.4}" cy="${height}" rx="${width * 0.8}" ry="${height * 0.45}" fill="${hill}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

test("gallery screenshot on a phone", async ({ browser }) => {
  const op = await makeIsolatedOperator({ stock: 5, name: "Memoria Services" });
  const memorialId = await create(
    op,
    classic({ Nom: "Lambert", Prenom: "Anne" }, { Famille: { FamilleEmail: uniqueEmail("f") } }),
  );
  const { token } = await transaction((tx) => issueManageToken(tx, memorialId));
  const pictures: [string, string, number, number, string | null, string | null][] = [
    ["#9cc3e6", "#4f7d3a", 1200, 900, "Au jardin, l’été 1998", "Paul"],
    ["#f2b880", "#6b4f2a", 900, 1200, "Sa dernière randonnée", "Claire"],
    ["#c9d6df", "#2f5d50", 1200, 800, null, "Marc"],
    ["#e8c1c5", "#7a5c61", 1200, 900, "Noël 2019", null],
    ["#b8d8ba", "#3d6b45", 1000, 1000, "Le potager", "Sophie"],
    ["#d9e4f5", "#56657f", 1200, 900, "À la mer", "Paul"],
  ];
  for (const [sky, hill, width, height, caption, name] of pictures) {
    const { photoId } = await sharePhoto({
      memorialId,
      bytes: await landscape(sky, hill, width, height),
      caption,
      name,
      client: unique("screens"),
    });
    await publishPhoto({ by: "family", token }, photoId);
  }
  const context = await browser.newContext({ ...devices["Pixel 7"] });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=en#photos`);
  const gallery = page.getByTestId("photos");
  await gallery.scrollIntoViewIfNeeded();
  // Every lazy image loaded before the picture is taken.
  for (const img of await gallery.locator("img").all()) {
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
  }
  await gallery.screenshot({ path: path.resolve("docs/screenshots", "memorial-gallery-phone.png") });
  await context.close();
});
