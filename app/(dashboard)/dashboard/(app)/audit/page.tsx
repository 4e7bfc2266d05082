// /dashboard/audit: the operator's audit log, admins only: every change made to its
// data by its team, its API keys, families, visitors and the service, with filters and a CSV.
// Staff see a memorial's own history on its page (an admin's oversight of the team is not theirs).
import { translator } from "@memorial/lib/i18n/translate";
import { AuditLog } from "@/components/dashboard/audit-log";
import { PageTitle } from "@/components/dashboard/ui";
import { requireRole } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";
import { pageTitle } from "@/web/dashboard/page-title";
import { NotAllowed } from "../not-allowed";

export const generateMetadata = pageTitle("navAudit");

export default async function AuditPage() {
  const { session, allowed } = await requireRole("admin");
  if (!allowed) return <NotAllowed session={session} />;
  const t = translator(await dashboardLanguage(session.operatorLanguage), "dashboard");
  return (
    <section>
      <PageTitle>{t("audit_title")}</PageTitle>
      <p className="mb-4 max-w-3xl text-stone-700">{t("audit_intro")}</p>
      <AuditLog />
    </section>
  );
}
