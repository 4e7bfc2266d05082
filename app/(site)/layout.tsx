import type { Metadata, Viewport } from "next";
import { requestLanguage } from "@/web/i18n/request-language";
import "../globals.css";

export const metadata: Metadata = {
  title: { default: "Memorial trees", template: "%s · Memorial trees" },
  description: "Real trees planted in memory of those we have lost.",
};

// Rendered per request: proxy.ts gives each response a fresh CSP nonce, which Next.js can only put
// on the scripts of a page rendered at request time (Next 16 CSP guide).
export const dynamic = "force-dynamic";

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#245533" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The visitor's language (?lang=, else Accept-Language), as the home page's and 404's texts.
  const lang = await requestLanguage();
  return (
    <html lang={lang}>
      <body className="min-h-screen bg-forest-50 text-stone-900 antialiased">{children}</body>
    </html>
  );
}
