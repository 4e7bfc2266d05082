// /dashboard/reports: tree reports of a funeral home or of one person, as the API gives them; then
// the trees' life (issue 20.6): allocated vs in the ground vs alive per funeral home and site, the
// survival rate per site and species, rendered here on the server, with their exports.
import { ReportView } from "@/components/dashboard/report-view";
import { TreeLifeReportView } from "@/components/dashboard/tree-life-report";
import { requireOperator } from "@/lib/auth/session";
import { listFuneralHomes } from "@/lib/dashboard/contexts";
import { dashboardLanguage } from "@/lib/dashboard/language";
import { pageTitle } from "@/lib/dashboard/page-title";
import { treeLifeReport } from "@/lib/dashboard/tree-life";
import { translator } from "@/lib/i18n/translate";

export const generateMetadata = pageTitle("navReports");

export default async function ReportsPage() {
  const session = await requireOperator();
  const lang = await dashboardLanguage(session.operatorLanguage);
  const [funeralHomes, life] = await Promise.all([
    listFuneralHomes(session.operatorId),
    treeLifeReport(session.scope, lang),
  ]);
  return (
    <div className="space-y-10">
      <ReportView funeralHomes={funeralHomes} />
      <TreeLifeReportView report={life} lang={lang} t={translator(lang, "dashboard")} />
    </div>
  );
}
