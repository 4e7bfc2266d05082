// The claim codes as the operator hands them out. Cards: one A6 page per code, the
// print kit's card look (drawKitPage, print-kit.ts), the code printed large and the QR code of the
// memorial's planting form with the code filled in, in the family's language. CSV: one line per
// code (code, memorial, expiry, planting address), comma-separated with a byte order mark as the
// other exports. The codes exist in plain only here, at issue: only their hash is stored
// (lib/visitors/claim-codes.ts, whose claim-code-files.ts fills these in for issued codes).
import { BOM, csvLine } from "@memorial/lib/exports/csv";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import type { MemorialKind } from "@memorial/lib/memorials/policy";
import { formatCalendarDate } from "@memorial/lib/memorials/public-page";
import { GREEN, GREY, newPdf } from "./draw";
import { drawKitPage } from "./print-kit";

export interface ClaimCardsInput {
  title: string;
  kind: MemorialKind;
  language: Language;
  /** Who plants for the visitor: the funeral home the memorial is made for, else the operator. */
  requester: string;
  expiresAt: Date;
  /** Each code and the address its QR code leads to (the form with the code filled in). */
  cards: { code: string; url: string }[];
  /** The form's address without a code, printed under the QR code. */
  formUrl: string;
}

/** The cards: one A6 page per code. */
export async function claimCardsPdf(input: ClaimCardsInput): Promise<Uint8Array> {
  const t = translator(input.language, "plant");
  const { pdf, fonts } = await newPdf({
    title: `${t("cardsTitle")} · ${input.title}`,
    siteName: translator(input.language, "page")("siteName"),
    language: input.language,
  });
  const valid = t("cardValid", {
    date: formatCalendarDate(input.expiresAt, input.language),
    requester: input.requester,
  });
  for (const card of input.cards) {
    drawKitPage(pdf, fonts, {
      title: input.title,
      kind: input.kind,
      language: input.language,
      format: "card",
      texts: [
        { text: t("cardLead"), size: 16, color: GREY, gap: 6 },
        { text: card.code, weight: "bold", size: 40, color: GREEN, gap: 6, maxLines: 1 },
        { text: valid, size: 13, color: GREY, gap: 14 },
      ],
      qr: card.url,
      scan: t("cardScan"),
      address: input.formUrl,
    });
  }
  return pdf.save();
}

const CLAIM_CODES_CSV_HEADER = ["code", "memorial", "expires_at", "planting_url"];

export interface ClaimCodeLine {
  code: string;
  /** Null for a funeral home's codes, which plant in any of its memorials. */
  memorialId: number | null;
  expiresAt: Date;
  /** The planting form's address with the code; null without a memorial. */
  url: string | null;
}

/** The codes as CSV: code, memorial, expiry (ISO 8601), the planting form's address. */
export function claimCodesCsv(lines: ClaimCodeLine[]): string {
  return (
    BOM +
    csvLine(CLAIM_CODES_CSV_HEADER) +
    lines.map((line) => csvLine([line.code, line.memorialId, line.expiresAt, line.url])).join("")
  );
}
