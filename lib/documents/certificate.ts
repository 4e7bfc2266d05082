// The printable certificate of a memorial (PDF, A4 or A5), drawn on the server with pdf-lib from
// the same public read model as the page: 4.1 rule 7 holds here too, because an anonymous
// memorial's read model carries nothing about the deceased.

import { countryNamer } from "@memorial/lib/i18n/country-names";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import {
  co2Total,
  formatCalendarDate,
  formatMoment,
  formatNumber,
  formatUnit,
  localSites,
  shownTitle,
} from "@memorial/lib/memorials/public-page";
import type { PublicMemorial } from "@memorial/lib/memorials/public-queries";
import type { PDFPage } from "pdf-lib";
import { breakUrl, drawFrame, drawQr, ellipsize, GREEN, GREY, INK, LEAF, newPdf, wrap } from "./draw";
import { type FontWeight, printable, textWidth } from "./fonts";

export const PAPER_SIZES = { a4: [595.28, 841.89], a5: [419.53, 595.28] } as const;
export type PaperSize = keyof typeof PAPER_SIZES;

/** The newest trees listed by name; the others are counted in one line ("… and N more trees"). */
const CERTIFICATE_TREE_LINES = 50;

export interface CertificateInput {
  memorial: PublicMemorial;
  language: Language;
  size: PaperSize;
  /** The absolute address of the memorial page, printed and encoded in the QR code. */
  url: string;
  now?: Date;
}

export async function certificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const { memorial, language, size, url } = input;
  const t = translator(language, "page");
  const cert = translator(language, "certificate");
  const lifeWords = translator(language, "trees");
  const title = shownTitle(memorial, language);

  const { pdf, fonts } = await newPdf({
    title: `${cert("title")} · ${title}`,
    siteName: t("siteName"),
    language,
    created: input.now ?? new Date(),
  });

  const [width, height] = PAPER_SIZES[size];
  const k = width / PAPER_SIZES.a4[0]; // A5 is A4 scaled by 1/√2: every measure follows
  const margin = 56 * k;
  const columnWidth = width - 2 * margin;

  let page: PDFPage;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage([width, height]);
    // A double frame, as on a printed certificate.
    drawFrame(page, [width, height], 20 * k, 2 * k);
    drawFrame(page, [width, height], 26 * k, 0.5 * k);
    y = height - margin;
  };
  newPage();

  /** One line, cut with "…" when too wide; centred or from the left margin. */
  const line = (
    raw: string,
    options: { weight?: FontWeight; size: number; color?: typeof INK; center?: boolean; gap?: number },
  ) => {
    const weight = options.weight ?? "regular";
    const fontSize = options.size * k;
    const text = ellipsize(printable(raw), weight, fontSize, columnWidth);
    y -= fontSize * 1.25;
    const x = options.center ? (width - textWidth(text, weight, fontSize)) / 2 : margin;
    page.drawText(text, { x, y, size: fontSize, font: fonts[weight], color: options.color ?? INK });
    y -= (options.gap ?? 0) * k;
  };
  /** Several lines, wrapped at spaces (a long title, a long sentence), the last one cut if need be. */
  const paragraph = (
    raw: string,
    options: {
      weight?: FontWeight;
      size: number;
      color?: typeof INK;
      center?: boolean;
      gap?: number;
      maxLines?: number;
    },
  ) => {
    let lines = wrap(printable(raw), options.weight ?? "regular", options.size * k, columnWidth);
    const max = options.maxLines ?? 4;
    if (lines.length > max) lines = [...lines.slice(0, max - 1), lines.slice(max - 1).join(" ")];
    lines.forEach((l, i) => {
      line(l, { ...options, gap: i === lines.length - 1 ? options.gap : 2 });
    });
  };
  const ensureRoom = (points: number) => {
    if (y - points * k < margin) newPage();
  };

  // Heading
  line(t("siteName").toUpperCase(), { size: 10, color: LEAF, center: true, gap: 14 });
  line(cert("title"), { weight: "bold", size: 24, color: GREEN, center: true, gap: 18 });
  if (memorial.kind === "classic") line(t("memorialOf"), { size: 12, color: GREY, center: true, gap: 4 });
  paragraph(title, { weight: "bold", size: 26, color: INK, center: true, gap: 6 });
  if (memorial.kind === "classic" && memorial.deceased) {
    const { birthDate, deathDate } = memorial.deceased;
    const dates = [
      birthDate ? `${t("born")} ${formatCalendarDate(new Date(birthDate), language)}` : null,
      deathDate ? `${t("died")} ${formatCalendarDate(new Date(deathDate), language)}` : null,
    ].filter(Boolean);
    if (dates.length) line(dates.join("  ·  "), { size: 11, color: GREY, center: true });
  } else {
    paragraph(
      memorial.kind === "global" ? t("globalLead", { operator: memorial.operatorName }) : t("anonymousLead"),
      {
        size: 11,
        color: GREY,
        center: true,
      },
    );
  }
  y -= 16 * k;

  // Totals
  const co2 = co2Total(memorial.co2Lines);
  line(
    `${cert("figure", { label: t("treesPlural", { n: memorial.totalTrees }), value: formatNumber(memorial.totalTrees, language) })}   ·   ${cert("figure", { label: t("co2Label"), value: formatUnit(co2, "kilogram", language) })}`,
    { weight: "bold", size: 13, color: GREEN, center: true, gap: 2 },
  );
  line(t("co2Explained"), { size: 9, color: GREY, center: true, gap: 16 });

  // The trees, newest first
  line(t("treesHeading"), { weight: "bold", size: 14, color: GREEN, gap: 4 });
  page!.drawLine({
    start: { x: margin, y },
    end: { x: width - margin, y },
    thickness: 0.5 * k,
    color: LEAF,
  });
  y -= 4 * k;
  const sites = new Map(localSites(memorial.sites, language).map((s) => [s.id, s]));
  const country = countryNamer(language);
  const listed = memorial.trees.slice(0, CERTIFICATE_TREE_LINES);
  for (const tree of listed) {
    ensureRoom(46);
    const site = sites.get(tree.plantationId);
    const quantity = tree.quantity > 1 ? `${tree.quantity} × ` : "";
    // "planted on DATE" (the day in the ground) once it is; until then the order's date.
    const when = tree.life.inGroundOn
      ? lifeWords("certificateInGround", {
          date: formatCalendarDate(new Date(tree.life.inGroundOn), language),
        })
      : formatMoment(new Date(tree.plantedAt), language);
    line(`${when} — ${quantity}${tree.species.names[language]} (${tree.species.latinName})`, {
      weight: "bold",
      size: 10.5,
    });
    const where = site ? `${site.name}, ${site.region}, ${country(site.country)}` : "";
    // A visitor whose words the family has not published is "a visitor".
    const planter = tree.planterHidden ? translator(language, "plant")("visitor") : tree.planter;
    paragraph(`${where}  ·  ${t("plantedBy")} ${planter}`, {
      size: 9.5,
      color: GREY,
      gap: 5,
      maxLines: 2,
    });
  }
  const more = (memorial.listedTrees ?? memorial.totalTrees) - listed.reduce((sum, t) => sum + t.quantity, 0);
  if (more > 0) {
    ensureRoom(20);
    line(cert("moreTrees", { n: formatNumber(more, language), count: more }), {
      size: 10,
      color: GREY,
      gap: 4,
    });
  }
  if (listed.length === 0) line(t("noTreeYet"), { size: 10, color: GREY });

  // The QR code to the page, its address in words, and the date of issue
  const qrSize = 92 * k;
  ensureRoom(qrSize / k + 50);
  const qrTop = margin + qrSize + 14 * k;
  drawQr(page!, url, { left: margin, top: qrTop, size: qrSize, color: INK });
  const besideQr = margin + qrSize + 14 * k;
  const besideWidth = width - margin - besideQr;
  const scanLines = wrap(printable(cert("scan")), "regular", 10 * k, besideWidth);
  let ty = qrTop - 14 * k;
  for (const text of scanLines) {
    page!.drawText(text, { x: besideQr, y: ty, size: 10 * k, font: fonts.regular, color: GREY });
    ty -= 13 * k;
  }
  for (const text of breakUrl(url, "bold", 10 * k, besideWidth)) {
    page!.drawText(text, { x: besideQr, y: ty, size: 10 * k, font: fonts.bold, color: GREEN });
    ty -= 13 * k;
  }
  const issued = cert("issued", { date: formatMoment(input.now ?? new Date(), language) });
  page!.drawText(printable(issued), {
    x: besideQr,
    y: ty - 6 * k,
    size: 9 * k,
    font: fonts.regular,
    color: GREY,
  });

  return pdf.save();
}
