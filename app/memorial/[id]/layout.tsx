// Root layout of a memorial page: its own <html>, so that `lang` is the page's language (the
// memorial's, or the one the visitor chose), which a single site-wide root layout cannot know.

import type { Viewport } from "next";
import { memorialRequestLanguage } from "@/web/i18n/request-language";
import { publicMemorialOf } from "@/web/memorials/public-memorial";
import "../../globals.css";

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#245533" };

export default async function MemorialLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  const lang = await memorialRequestLanguage(await publicMemorialOf(params));
  return (
    <html lang={lang}>
      <body className="min-h-screen bg-forest-50 text-stone-900 antialiased">{children}</body>
    </html>
  );
}
