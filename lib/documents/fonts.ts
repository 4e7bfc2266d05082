// The fonts of the documents the service draws itself (the certificate PDF, the Open Graph image):
// DejaVu Serif from the `dejavu-fonts-ttf` npm package, read from disk, never from the network.
// DejaVu covers Latin with every accent, Greek and Cyrillic, and "₂"; the 14 standard PDF fonts
// know only WinAnsi, where a Polish "ł" or the "₂" of CO₂ makes pdf-lib throw.
import { readFileSync } from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";

const FONT_FILES = {
  regular: "DejaVuSerif.ttf",
  bold: "DejaVuSerif-Bold.ttf",
} as const;
export type FontWeight = keyof typeof FONT_FILES;

// The service runs from the project's folder (npm start, next start, the tests), where npm put
// the package; a path that Next.js's bundler would rewrite (require.resolve) is avoided on purpose.
const FONT_DIR = path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");

const bytes = new Map<FontWeight, Buffer>();

/** The TTF file of a weight, read once per process. */
export function fontBytes(weight: FontWeight): Buffer {
  let data = bytes.get(weight);
  if (!data) {
    data = readFileSync(path.join(FONT_DIR, FONT_FILES[weight]));
    bytes.set(weight, data);
  }
  return data;
}

const parsed = new Map<FontWeight, fontkit.Font>();
const parse = (weight: FontWeight) => {
  let font = parsed.get(weight);
  if (!font) {
    font = fontkit.create(fontBytes(weight));
    parsed.set(weight, font);
  }
  return font;
};

let covered: Set<number> | null = null;

/** The code points that every weight can draw. */
function coverage(): Set<number> {
  if (!covered) {
    const [regular, bold] = (["regular", "bold"] as const).map((w) => new Set(parse(w).characterSet));
    covered = new Set([...regular!].filter((c) => bold!.has(c)));
  }
  return covered;
}

const advances = new Map<FontWeight, Map<number, number>>();

/**
 * The width of a printable text in points: the sum of the glyphs' advances, without kerning.
 * pdf-lib's widthOfTextAtSize runs fontkit's whole OpenType layout at every call, which made
 * wrapping and cutting lines most of a certificate's time; a few hundredths of a point of
 * kerning do not matter for where a line breaks.
 */
export function textWidth(text: string, weight: FontWeight, size: number): number {
  let widths = advances.get(weight);
  if (!widths) {
    widths = new Map();
    advances.set(weight, widths);
  }
  const font = parse(weight);
  let units = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    let advance = widths.get(code);
    if (advance === undefined) {
      advance = font.glyphForCodePoint(code).advanceWidth;
      widths.set(code, advance);
    }
    units += advance;
  }
  return (units / font.unitsPerEm) * size;
}

/**
 * The text as the fonts can draw it: line breaks and other spaces become plain spaces, and a
 * character the fonts lack (a Chinese name, an emoji) becomes "?" instead of an empty box, an
 * exception (pdf-lib) or a download of a fallback font (next/og).
 */
export function printable(text: string): string {
  const chars = coverage();
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (/\s/u.test(char)) out += " ";
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0) || /\p{Cf}/u.test(char)) continue;
    else out += chars.has(code) ? char : "?";
  }
  return out.replace(/ {2,}/g, " ").trim();
}
