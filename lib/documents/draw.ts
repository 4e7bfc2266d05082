// What the PDFs of lib/documents share (certificate, print kit, closing summary): the colours, a
// new document with the site's fonts and metadata, a page's frame, text cut and wrapped to a width,
// and a QR code drawn as rectangles, each written once here rather than once per document.

import { type Language, LOCALES } from "@memorial/lib/i18n/languages";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import QRCode from "qrcode";
import { type FontWeight, fontBytes, printable, textWidth } from "./fonts";

export const GREEN = rgb(0x1b / 255, 0x40 / 255, 0x27 / 255);
export const LEAF = rgb(0x2f / 255, 0x6b / 255, 0x3f / 255);
export const GREY = rgb(0.27, 0.25, 0.23);
export const INK = rgb(0.1, 0.1, 0.1);
export type Colour = typeof INK;

/** A new PDF with the regular and bold fonts embedded (subset), its title, the site as author. */
export async function newPdf(meta: { title: string; siteName: string; language: Language; created?: Date }) {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const fonts = {
    regular: await pdf.embedFont(fontBytes("regular"), { subset: true }),
    bold: await pdf.embedFont(fontBytes("bold"), { subset: true }),
  };
  pdf.setTitle(printable(meta.title));
  pdf.setAuthor(meta.siteName);
  pdf.setCreator(meta.siteName);
  pdf.setProducer(meta.siteName);
  pdf.setLanguage(LOCALES[meta.language]);
  if (meta.created) pdf.setCreationDate(meta.created);
  return { pdf, fonts };
}

/** A frame `inset` points inside the edges of a page `size` wide and high, its line `thickness` thick. */
export function drawFrame(
  page: PDFPage,
  size: readonly [number, number],
  inset: number,
  thickness: number,
): void {
  const [width, height] = size;
  page.drawRectangle({
    x: inset,
    y: inset,
    width: width - 2 * inset,
    height: height - 2 * inset,
    borderColor: LEAF,
    borderWidth: thickness,
  });
}

/**
 * The QR code (level M) of `text`, its top left corner at (`left`, `top`), `size` points wide:
 * one rectangle per run of dark modules in a row, a few hundred drawing operators.
 */
export function drawQr(
  page: PDFPage,
  text: string,
  at: { left: number; top: number; size: number; color: Colour },
): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const modules = qr.modules.size;
  const cell = at.size / modules;
  for (let row = 0; row < modules; row++) {
    let col = 0;
    while (col < modules) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules && qr.modules.get(row, col)) col++;
      page.drawRectangle({
        x: at.left + start * cell,
        y: at.top - (row + 1) * cell,
        width: (col - start) * cell,
        height: cell,
        color: at.color,
      });
    }
  }
}

/** The text, cut to `max` points with an ellipsis. */
export function ellipsize(text: string, weight: FontWeight, size: number, max: number): string {
  if (textWidth(text, weight, size) <= max) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}…`, weight, size) > max) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Lines of at most `max` points, broken at spaces (a word too long is cut by ellipsize). */
export function wrap(text: string, weight: FontWeight, size: number, max: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    const next = current ? `${current} ${word}` : word;
    if (current && textWidth(next, weight, size) > max) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** An address broken anywhere (it has no spaces) into lines of at most `max` points. */
export function breakUrl(url: string, weight: FontWeight, size: number, max: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const char of url) {
    if (current && textWidth(current + char, weight, size) > max) {
      lines.push(current);
      current = "";
    }
    current += char;
  }
  if (current) lines.push(current);
  return lines;
}
