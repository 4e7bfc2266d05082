// GET /memorial/{id}/opengraph-image: the share preview's picture (1200×630 PNG), drawn by the app
// with next/og in the memorial's language. 4.1 rule 7: an anonymous memorial's picture shows its
// anonymous title (or number) only, like its page. Not public: 404.

import { fontBytes, printable } from "@memorial/lib/documents/fonts";
import { isLanguage } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { co2Total, formatNumber, formatUnit } from "@memorial/lib/memorials/public-page";
import { notFound } from "next/navigation";
import { ImageResponse } from "next/og";
import { publicMemorialOf } from "@/web/memorials/public-memorial";

export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const alt = "Memorial trees";

export default async function OpenGraphImage({ params }: { params: Promise<{ id: string }> }) {
  const memorial = await publicMemorialOf(params);
  if (!memorial) notFound();
  const t = translator(isLanguage(memorial.language) ? memorial.language : "fr", "page");
  const language = isLanguage(memorial.language) ? memorial.language : "fr";
  const title = printable(memorial.title);
  const shown = title.length > 90 ? `${title.slice(0, 89).trimEnd()}…` : title;
  const titleSize = shown.length <= 22 ? 88 : shown.length <= 40 ? 70 : 54;
  const lead =
    memorial.kind === "classic"
      ? t("memorialOf")
      : memorial.kind === "global"
        ? t("treesHeading")
        : t("anonymousLead");
  const figures = [
    [formatNumber(memorial.totalTrees, language), t("treesPlural", { n: memorial.totalTrees })],
    [formatUnit(co2Total(memorial.co2Lines), "kilogram", language), t("co2Label")],
  ];

  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "56px 72px",
        background: "#f1f7f2",
        border: "16px solid #245533",
        fontFamily: "DejaVu Serif",
        color: "#112a19",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20, color: "#245533", fontSize: 34 }}>
        <svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
          <rect width="64" height="64" rx="14" fill="#245533" />
          <rect x="29" y="36" width="6" height="19" rx="1.5" fill="#dcebdf" />
          <circle cx="32" cy="23" r="13" fill="#f1f7f2" />
          <circle cx="21" cy="32" r="10" fill="#f1f7f2" />
          <circle cx="43" cy="32" r="10" fill="#f1f7f2" />
        </svg>
        {printable(t("siteName"))}
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
        <div style={{ display: "flex", fontSize: 32, color: "#44403c" }}>{printable(lead)}</div>
        <div style={{ display: "flex", fontSize: titleSize, fontWeight: 700, lineHeight: 1.15 }}>{shown}</div>
      </div>
      <div style={{ display: "flex", gap: 64, color: "#1b4027" }}>
        {figures.map(([figure, label]) => (
          <div key={label} style={{ display: "flex", flexDirection: "column" }}>
            <div style={{ display: "flex", fontSize: 52, fontWeight: 700 }}>{printable(figure!)}</div>
            <div style={{ display: "flex", fontSize: 28, color: "#44403c" }}>{printable(label!)}</div>
          </div>
        ))}
      </div>
    </div>,
    {
      ...size,
      // next/og answers "immutable, max-age=1 year" by default, but the address stays the same
      // while trees are planted: the figures would never change in a preview cache.
      headers: { "cache-control": "public, max-age=600" },
      fonts: [
        { name: "DejaVu Serif", data: fontBytes("regular"), weight: 400, style: "normal" },
        { name: "DejaVu Serif", data: fontBytes("bold"), weight: 700, style: "normal" },
      ],
    },
  );
}
