import type { Metadata, Viewport } from "next";
import "../globals.css";

export const metadata: Metadata = {
  title: { default: "Memorial trees", template: "%s · Memorial trees" },
  description: "Real trees planted in memory of those we have lost.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#245533" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-forest-50 text-stone-900 antialiased">{children}</body>
    </html>
  );
}
