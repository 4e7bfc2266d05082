// The family's closing summary: a PDF of the planters, their messages (not those the
// family hid), the trees with their species, sites and life (tree.status, in_ground_on) and the
// CO2, and a CSV of the planters for thank-you cards. Drawn with pdf-lib and the certificate's
// fonts; the CSV is written as the dashboard's (lib/exports/csv.ts: CSV-injection-safe cells).

import { BOM, CSV_FORMATS, csvLine } from "@memorial/lib/exports/csv";
import { countryNamer } from "@memorial/lib/i18n/country-names";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { countsAsLiving } from "@memorial/lib/memorials/policy";
import { co2Total, formatCalendarDate, formatMoment, formatUnit } from "@memorial/lib/memorials/public-page";
import type { TreeStatus } from "@memorial/lib/trees/transitions";
import type { PDFPage } from "pdf-lib";
import { PAPER_SIZES } from "./certificate";
import { ellipsize, GREEN, GREY, INK, newPdf, wrap } from "./draw";
import { type FontWeight, printable } from "./fonts";

type SummaryTreeStatus = TreeStatus;

interface SummaryTree {
  plantedAt: Date;
  quantity: number;
  planter: string;
  /** Null when there is none or the family hid it. */
  message: string | null;
  /** A replacement the service planted (not a planter's gift: not in the planters' list). */
  replacement: boolean;
  species: string;
  latinName: string;
  site: { name: string; region: string; country: string };
  status: SummaryTreeStatus;
  inGroundOn: Date | null;
  co2KgPerTree: number;
}

export interface ClosingSummary {
  memorialId: number;
  title: string;
  language: Language;
  /** The memorial page's absolute address. */
  url: string;
  /** Oldest first. */
  trees: SummaryTree[];
}

export interface SummaryPlanter {
  name: string;
  /** Their messages, in order, without the hidden ones. */
  messages: string[];
  /** Their first planting. */
  firstDate: Date;
  trees: number;
}

/** The planters (replacement trees left out), by name as written (case and spaces ignored). */
function summaryPlanters(summary: ClosingSummary): SummaryPlanter[] {
  const byName = new Map<string, SummaryPlanter>();
  for (const tree of summary.trees) {
    if (tree.replacement) continue;
    const name = tree.planter.replace(/\s+/g, " ").trim();
    const key = name.toLocaleLowerCase();
    let planter = byName.get(key);
    if (!planter) {
      planter = { name, messages: [], firstDate: tree.plantedAt, trees: 0 };
      byName.set(key, planter);
    }
    planter.trees += tree.quantity;
    const message = tree.message?.trim();
    if (message && !planter.messages.includes(message)) planter.messages.push(message);
  }
  return [...byName.values()];
}

/**
 * The summary's figures. Trees and CO2 count the living trees (the policy's
 * countsAsLiving: the memorial page's rule); the planters are everyone who gave a tree.
 */
export function summaryTotals(summary: ClosingSummary) {
  const living = summary.trees.filter((t) => countsAsLiving(t.status));
  return {
    trees: living.reduce((sum, t) => sum + t.quantity, 0),
    planters: summaryPlanters(summary).length,
    co2Kg: co2Total(living.map((t) => ({ quantity: t.quantity, co2KgPerTree: t.co2KgPerTree }))),
  };
}

/** The CSV of the planters: name, message(s), date of the first planting, number of trees. */
export function summaryCsv(summary: ClosingSummary): string {
  const t = translator(summary.language, "closing");
  const format = CSV_FORMATS[summary.language];
  const lines = [csvLine([t("csvName"), t("csvMessage"), t("csvDate"), t("csvTrees")], format)];
  for (const planter of summaryPlanters(summary)) {
    lines.push(
      csvLine(
        [
          planter.name,
          planter.messages.join(" / "),
          planter.firstDate.toISOString().slice(0, 10),
          planter.trees,
        ],
        format,
      ),
    );
  }
  return BOM + lines.join("");
}

/** The tree's life in words: ordered, in the ground since…, dead, replaced. */
function treeStatusText(tree: SummaryTree, language: Language): string {
  const t = translator(language, "closing");
  const date = tree.inGroundOn ? formatCalendarDate(tree.inGroundOn, language) : "";
  if ((tree.status === "in_ground" || tree.status === "monitored") && !tree.inGroundOn)
    return t("status_ordered");
  return t(`status_${tree.status}`, { date });
}

/** The summary as an A4 PDF, in the summary's language. */
export async function summaryPdf(summary: ClosingSummary, now = new Date()): Promise<Uint8Array> {
  const { language } = summary;
  const t = translator(language, "closing");
  const page_ = translator(language, "page");
  const { pdf, fonts } = await newPdf({
    title: `${t("pdfTitle")} · ${summary.title}`,
    siteName: page_("siteName"),
    language,
    created: now,
  });

  const [width, height] = PAPER_SIZES.a4;
  const margin = 50;
  const column = width - 2 * margin;
  let page: PDFPage = pdf.addPage([width, height]);
  let y = height - margin;
  const room = (points: number) => {
    if (y - points < margin) {
      page = pdf.addPage([width, height]);
      y = height - margin;
    }
  };
  const line = (
    raw: string,
    o: { weight?: FontWeight; size: number; color?: typeof INK; gap?: number; indent?: number },
  ) => {
    const weight = o.weight ?? "regular";
    const x = margin + (o.indent ?? 0);
    room(o.size * 1.3);
    y -= o.size * 1.3;
    const text = ellipsize(printable(raw), weight, o.size, column - (o.indent ?? 0));
    page.drawText(text, { x, y, size: o.size, font: fonts[weight], color: o.color ?? INK });
    y -= o.gap ?? 0;
  };
  const paragraph = (
    raw: string,
    o: { weight?: FontWeight; size: number; color?: typeof INK; gap?: number; indent?: number },
  ) => {
    const lines = wrap(printable(raw), o.weight ?? "regular", o.size, column - (o.indent ?? 0));
    lines.forEach((l, i) => {
      line(l, { ...o, gap: i === lines.length - 1 ? o.gap : 0 });
    });
  };

  const totals = summaryTotals(summary);
  line(page_("siteName").toUpperCase(), { size: 9, color: GREY, gap: 6 });
  line(t("pdfTitle"), { weight: "bold", size: 20, color: GREEN, gap: 4 });
  paragraph(summary.title, { weight: "bold", size: 16, gap: 6 });
  line(
    t("pdfFigures", {
      trees: totals.trees,
      planters: totals.planters,
      co2: formatUnit(totals.co2Kg, "kilogram", language),
    }),
    { size: 11, color: GREEN, gap: 2 },
  );
  line(summary.url, { size: 9, color: GREY, gap: 14 });

  line(t("pdfPlanters"), { weight: "bold", size: 14, color: GREEN, gap: 4 });
  for (const planter of summaryPlanters(summary)) {
    room(40);
    line(
      `${planter.name} — ${formatMoment(planter.firstDate, language)} — ${t("pdfTreeCount", { n: planter.trees })}`,
      { weight: "bold", size: 10.5, gap: 1 },
    );
    for (const message of planter.messages)
      paragraph(`“${message}”`, { size: 10, color: GREY, indent: 12, gap: 1 });
    y -= 5;
  }
  y -= 8;

  line(t("pdfTrees"), { weight: "bold", size: 14, color: GREEN, gap: 4 });
  if (summary.trees.length === 0) line(t("pdfNoTree"), { size: 10, color: GREY });
  const country = countryNamer(language);
  for (const tree of summary.trees) {
    room(34);
    const quantity = tree.quantity > 1 ? `${tree.quantity} × ` : "";
    line(`${formatMoment(tree.plantedAt, language)} — ${quantity}${tree.species} (${tree.latinName})`, {
      weight: "bold",
      size: 10,
    });
    paragraph(
      `${tree.site.name}, ${tree.site.region}, ${country(tree.site.country)} · ${treeStatusText(tree, language)}`,
      { size: 9.5, color: GREY, indent: 12, gap: 4 },
    );
  }
  y -= 10;
  line(t("pdfIssued", { date: formatMoment(now, language) }), { size: 9, color: GREY });
  return pdf.save();
}
