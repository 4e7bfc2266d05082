// /dashboard/reports: tree reports of a funeral home or of one person, as the API gives them.
import type { Metadata } from "next";
import { ReportView } from "@/components/dashboard/report-view";
import { requireOperator } from "@/lib/auth/session";
import { listFuneralHomes } from "@/lib/dashboard/contexts";

export const metadata: Metadata = { title: "Reports" };

export default async function ReportsPage() {
  const session = await requireOperator();
  const funeralHomes = await listFuneralHomes(session.operatorId);
  return <ReportView funeralHomes={funeralHomes} />;
}
