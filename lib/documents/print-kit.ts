// The ceremony print kit: an A4 poster and an A6 card with the memorial's shown title
// (displayTitle), a short text and the QR code of the memorial page, in the family's language. It
// says only what is true: the page shows the trees; a tree is planted through the
// funeral home, which it names (requesterName: the context the memorial is made for), and where
// the operator lets visitors plant, from the memorial page with a card's code or
// online (when payments are on). The page's look is drawKitPage's, which claim-cards.ts reuses. Drawn
// with pdf-lib and the certificate's fonts. Only for a memorial the public can see: a hidden or
// unconfirmed memorial's code would lead to a 404, so it is refused (printKitFor).

import { db } from "@memorial/lib/db/client";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { memorialUrl } from "@memorial/lib/links";
import { FAMILY_SENDER_SELECT, familyLanguage, requesterName } from "@memorial/lib/memorials/family";
import type { MemorialKind } from "@memorial/lib/memorials/policy";
import { getPublicMemorial } from "@memorial/lib/memorials/public-queries";
import { type PDFDocument, rgb } from "pdf-lib";
import { breakUrl, type Colour, drawFrame, drawQr, ellipsize, GREEN, GREY, LEAF, newPdf, wrap } from "./draw";
import { type FontWeight, printable, textWidth } from "./fonts";

/** Points: A4 and A6 portrait. */
const PRINT_KIT_SIZES = { poster: [595.28, 841.89], card: [297.64, 419.53] } as const;
export type PrintKitFormat = keyof typeof PRINT_KIT_SIZES;

export const isPrintKitFormat = (value: unknown): value is PrintKitFormat =>
  typeof value === "string" && Object.hasOwn(PRINT_KIT_SIZES, value);

/** The poster's text and code are black (the certificate's ink is softer). */
const INK = rgb(0, 0, 0);

/** The fonts newPdf embeds. */
type Fonts = Awaited<ReturnType<typeof newPdf>>["fonts"];

export interface PrintKitInput {
  title: string;
  kind: MemorialKind;
  language: Language;
  /** The memorial page's absolute address, encoded in the QR code and printed under it. */
  url: string;
  /** Whom to ask for a tree: the funeral home (or agency) the memorial is made for. */
  requester: string;
  format: PrintKitFormat;
}

/** What visitors may do from the memorial page: null when visitor planting is off. */
export interface VisitorKitOffer {
  /** Visitors may also pay online (else: the code of a card only). */
  online: boolean;
}

export async function printKitPdf(
  input: PrintKitInput & { visitors?: VisitorKitOffer | null },
): Promise<Uint8Array> {
  const { language } = input;
  const t = translator(language, "printkit");
  const { pdf, fonts } = await newPdf({
    title: `${t("heading")} · ${input.title}`,
    siteName: translator(language, "page")("siteName"),
    language,
  });
  // Where visitors may plant, the kit says how, from the memorial page; elsewhere a tree
  // is planted by asking the funeral home.
  const plant = translator(language, "plant");
  drawKitPage(pdf, fonts, {
    ...input,
    texts: [
      {
        text: input.kind === "classic" ? t("lead") : t("leadAnonymous"),
        size: 18,
        color: GREY,
        gap: 10,
      },
      {
        text: input.visitors
          ? plant(input.visitors.online ? "kitOnline" : "kitCodes", { requester: input.requester })
          : t("plantThrough", { requester: input.requester }),
        size: 14,
        color: GREY,
        gap: 20,
      },
    ],
    qr: input.url,
    scan: t("scan"),
    address: input.url,
  });
  return pdf.save();
}

/** A line of text of a kit's page, centred, in points at the poster's scale. */
interface KitText {
  text: string;
  size: number;
  weight?: FontWeight;
  color?: Colour;
  gap?: number;
  maxLines?: number;
}

/** One page of the kit's look: the site's name, the memorial's title, texts, a QR code and its address. */
export interface KitPage {
  title: string;
  kind: MemorialKind;
  language: Language;
  format: PrintKitFormat;
  /** Under the title. */
  texts: KitText[];
  /** What the QR code encodes. */
  qr: string;
  /** Under the QR code: what scanning it does. */
  scan: string;
  /** Printed last, broken to fit: the address to type when no phone scans. */
  address: string;
}

/**
 * Draws one page of the kit's look into `pdf` (the poster, the card, a claim code's card:
 * claim-cards.ts): a frame, the site's name, the memorial's title, the texts, then the QR code,
 * as large as the room left allows, with what it does and the address.
 */
export function drawKitPage(pdf: PDFDocument, fonts: Fonts, input: KitPage): void {
  const p = translator(input.language, "page");
  const [width, height] = PRINT_KIT_SIZES[input.format];
  const k = width / PRINT_KIT_SIZES.poster[0]; // the card is the poster at half its width
  const margin = 48 * k;
  const column = width - 2 * margin;
  const page = pdf.addPage([width, height]);
  drawFrame(page, [width, height], 18 * k, 2 * k);
  let y = height - margin;
  const centred = (o: KitText) => {
    const weight = o.weight ?? "regular";
    const size = o.size * k;
    let lines = wrap(printable(o.text), weight, size, column);
    const max = o.maxLines ?? 3;
    if (lines.length > max) lines = [...lines.slice(0, max - 1), lines.slice(max - 1).join(" ")];
    for (const l of lines) {
      const text = ellipsize(l, weight, size, column);
      y -= size * 1.25;
      page.drawText(text, {
        x: (width - textWidth(text, weight, size)) / 2,
        y,
        size,
        font: fonts[weight],
        color: o.color ?? INK,
      });
    }
    y -= (o.gap ?? 0) * k;
  };

  centred({ text: p("siteName").toUpperCase(), size: 12, color: LEAF, gap: 30 });
  if (input.kind === "classic") centred({ text: p("memorialOf"), size: 20, color: GREY, gap: 8 });
  centred({ text: input.title, weight: "bold", size: 40, color: GREEN, gap: 18 });
  for (const text of input.texts) centred(text);

  // The QR code, centred, as large as the room left allows, with its quiet zone of white.
  const below = 120 * k; // the scan text and the address
  const qrSize = Math.min(300 * k, y - margin - below);
  const top = y;
  drawQr(page, input.qr, { left: (width - qrSize) / 2, top, size: qrSize, color: INK });
  y = top - qrSize - 16 * k;
  centred({ text: input.scan, size: 14, color: GREY, gap: 6 });
  for (const l of breakUrl(input.address, "bold", 12 * k, column)) {
    y -= 12 * k * 1.25;
    page.drawText(l, {
      x: (width - textWidth(l, "bold", 12 * k)) / 2,
      y,
      size: 12 * k,
      font: fonts.bold,
      color: GREEN,
    });
  }
}

export type PrintKitResult =
  | { ok: true; pdf: Uint8Array; filename: string }
  | { ok: false; language: Language };

/**
 * The print kit of memorial `memorialId` (whose access the caller checked: its operator's, or the
 * family's link), or a refusal when the public cannot see the memorial.
 */
export async function printKitFor(
  memorialId: number,
  format: PrintKitFormat,
  origin: string,
  /** What visitors may do from the page (lib/visitors/offer.ts visitorKitOffer); null: nothing. */
  visitors: VisitorKitOffer | null = null,
): Promise<PrintKitResult> {
  const memorial = await db.memorial.findUniqueOrThrow({
    where: { id: memorialId },
    select: { id: true, ...FAMILY_SENDER_SELECT },
  });
  const language = familyLanguage(memorial);
  const shown = await getPublicMemorial(memorialId);
  if (!shown) return { ok: false, language };
  const pdf = await printKitPdf({
    title: shown.title,
    kind: shown.kind,
    language,
    url: memorialUrl(origin, memorial, language),
    requester: await requesterName(db, {
      operatorId: memorial.operatorId,
      contextId: memorial.contextId,
      operatorName: memorial.operator.name,
    }),
    format,
    visitors,
  });
  return {
    ok: true,
    pdf,
    filename: `memorial-${memorialId}-${format === "poster" ? "poster-a4" : "card-a6"}.pdf`,
  };
}

/** The HTTP answer: the PDF, or 409 with the reason in words (the family's or the dashboard's language). */
export function printKitResponse(result: PrintKitResult, refusalLanguage?: Language): Response {
  if (!result.ok) {
    const t = translator(refusalLanguage ?? result.language, "printkit");
    return new Response(t("notPublic"), {
      status: 409,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
    });
  }
  return new Response(Buffer.from(result.pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${result.filename}"`,
      "cache-control": "private, no-store",
    },
  });
}
