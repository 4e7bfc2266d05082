// The root layout of the operator dashboard (the app has several root layouts: the site, the
// memorial pages, the dashboard). It writes <html lang> in the dashboard's language (the user's
// cookie, else the operator's, else the browser's) and gives every page the client providers
// (React Query, messages).
import type { Metadata, Viewport } from "next";
import "../globals.css";
import { messagesIn } from "@memorial/lib/i18n/translate";
import { DashboardProviders } from "@/components/dashboard/providers";
import { getOperatorSession } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";
import { dashboardMessages } from "@/web/dashboard/page-title";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await dashboardMessages();
  return {
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
    robots: { index: false, follow: false },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#245533" };

// Every dashboard page is private and per request (session, CSP nonce from proxy.ts).
export const dynamic = "force-dynamic";

export default async function DashboardRootLayout({ children }: { children: React.ReactNode }) {
  const session = await getOperatorSession();
  const lang = await dashboardLanguage(session?.operatorLanguage);
  return (
    <html lang={lang}>
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        <DashboardProviders lang={lang} messages={messagesIn(lang, "dashboard")}>
          {children}
        </DashboardProviders>
      </body>
    </html>
  );
}
