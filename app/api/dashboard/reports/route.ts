// GET /api/dashboard/reports?epf=&person=&year=&month=&day=&days=&Page=&Limite=: one page of a tree report
import { parseReportQuery, treeReport } from "@memorial/lib/dashboard/reports";
import { dashboardRoute } from "@/web/dashboard/route";

export const GET = dashboardRoute(async ({ search, session }) => {
  const { query, paging } = parseReportQuery(session.scope, search);
  return treeReport(query, paging);
});
