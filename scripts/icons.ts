// Draws the site's icons from app/icon.svg in Chromium: app/favicon.ico (16, 32 and 48 pixels,
// PNG images inside an ICO container, which every browser reads) and app/apple-icon.png (180
// pixels, square: iOS rounds the corners itself). The results are committed; run this again
// only when the drawing changes. Usage: npx tsx scripts/icons.ts
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const svg = readFileSync(path.resolve("app/icon.svg"), "utf8");
// iOS wants an opaque square: the rounded corners of the drawing are filled.
const square = svg.replace('rx="14"', 'rx="0"');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();

async function png(source: string, pixels: number): Promise<Buffer> {
  await page.setViewportSize({ width: pixels, height: pixels });
  const data = Buffer.from(source).toString("base64");
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${data}" width="${pixels}" height="${pixels}" style="display:block"></body></html>`,
  );
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: pixels, height: pixels } });
}

/** An ICO file holding PNG images (the format Windows Vista introduced). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

const sizes = [16, 32, 48];
const images = [];
for (const size of sizes) images.push({ size, data: await png(svg, size) });
writeFileSync(path.resolve("app/favicon.ico"), ico(images));
writeFileSync(path.resolve("app/apple-icon.png"), await png(square, 180));
await browser.close();
console.log("wrote app/favicon.ico and app/apple-icon.png");
