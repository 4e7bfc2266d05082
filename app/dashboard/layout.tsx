// Every dashboard page: its language (cookie, else the operator's, else the browser's) and the
// client providers (React Query, messages). A nested layout, so it works under any root layout.
import type { Metadata } from "next";
import { DashboardProviders } from "@/components/dashboard/providers";
import { getOperatorSession } from "@/lib/auth/session";
import { dashboardLanguage } from "@/lib/dashboard/language";
import { DASHBOARD_MESSAGES } from "@/lib/i18n/dashboard-messages";

export const metadata: Metadata = {
  title: { default: "Dashboard", template: "%s · Dashboard" },
  robots: { index: false, follow: false },
};

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const session = await getOperatorSession();
  const lang = await dashboardLanguage(session?.operatorLanguage);
  return (
    <div lang={lang} className="min-h-screen bg-stone-50">
      <DashboardProviders lang={lang} messages={DASHBOARD_MESSAGES[lang]}>
        {children}
      </DashboardProviders>
    </div>
  );
}
