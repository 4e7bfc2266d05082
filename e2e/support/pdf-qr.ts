// Reads back the QR code of a PDF the service drew with pdf-lib (the print kit): the black
// rectangles of the page's content streams are painted on a white raster, which jsQR decodes as a
// phone's camera would. No PDF renderer is needed: the codes are drawn as filled rectangles only.
import { inflateSync } from "node:zlib";
import jsQR from "jsqr";
import { PDFArray, PDFDocument, type PDFRawStream } from "pdf-lib";

/** The page's size in points and the text of its content streams, decompressed. */
export async function pdfPage(
  bytes: Uint8Array,
  index = 0,
): Promise<{ width: number; height: number; content: string }> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(index);
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  const content = streams
    .map((s) => {
      const raw = Buffer.from((s as PDFRawStream).contents);
      try {
        return inflateSync(raw).toString("latin1");
      } catch {
        return raw.toString("latin1");
      }
    })
    .join("\n");
  const { width, height } = page.getSize();
  return { width, height, content };
}

/** The text of the QR code drawn on the page, or null. */
export async function pdfQrText(bytes: Uint8Array, index = 0, scale = 3): Promise<string | null> {
  const { width, height, content } = await pdfPage(bytes, index);
  const w = Math.ceil(width * scale);
  const h = Math.ceil(height * scale);
  const pixels = new Uint8ClampedArray(w * h * 4).fill(255);
  // pdf-lib's drawRectangle: q, "0 0 0 rg", a translation to (x, y), the path 0 0 → 0 H → W H → W 0, f.
  for (const block of content.split(/\nQ\n?/)) {
    if (!/\b0 0 0 rg\b/.test(block) || !/\nf\s*$/.test(block)) continue;
    const at = /1 0 0 1 ([-\d.]+) ([-\d.]+) cm/.exec(block);
    const box = /0 0 m\s+0 ([-\d.]+) l\s+([-\d.]+) [-\d.]+ l/.exec(block);
    if (!at || !box) continue;
    const [x, y, rh, rw] = [Number(at[1]), Number(at[2]), Number(box[1]), Number(box[2])];
    const x0 = Math.round(x * scale);
    const x1 = Math.round((x + rw) * scale);
    // PDF's y grows upwards; the raster's downwards.
    const y0 = Math.round((height - y - rh) * scale);
    const y1 = Math.round((height - y) * scale);
    for (let py = Math.max(0, y0); py < Math.min(h, y1); py++)
      for (let px = Math.max(0, x0); px < Math.min(w, x1); px++) {
        const i = (py * w + px) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
  }
  return jsQR(pixels, w, h)?.data ?? null;
}
