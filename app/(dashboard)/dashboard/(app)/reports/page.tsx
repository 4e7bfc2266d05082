// /dashboard/reports: tree reports of a funeral home or of one person, as the API gives them; then
// the trees' life: allocated vs in the ground vs alive per funeral home and site, the
// survival rate per site and species, rendered here on the server, with their exports.

import { listFuneralHomes } from "@memorial/lib/dashboard/contexts";
import { translator } from "@memorial/lib/i18n/translate";
import { treeLifeReport } from "@memorial/lib/reports/tree-life-tables";
import { ReportView } from "@/components/dashboard/report-view";
import { TreeLifeReportView } from "@/components/dashboard/tree-life-report";
import { requireOperator } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";
import { pageTitle } from "@/web/dashboard/page-title";

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
