// /dashboard/reports: tree reports of a funeral home or of one person, as the API gives them.
import { ReportView } from "@/components/dashboard/report-view";
import { requireOperator } from "@/lib/auth/session";
import { listFuneralHomes } from "@/lib/dashboard/contexts";
import { pageTitle } from "@/lib/dashboard/page-title";

export const generateMetadata = pageTitle("navReports");

export default async function ReportsPage() {
  const session = await requireOperator();
  const funeralHomes = await listFuneralHomes(session.operatorId);
  return <ReportView funeralHomes={funeralHomes} />;
}
