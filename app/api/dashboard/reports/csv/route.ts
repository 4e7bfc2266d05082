// GET /api/dashboard/reports/csv?epf=&person=&year=&month=&day=&days=: every line of the period as CSV
import { csvResponse, csvStream } from "@/lib/dashboard/csv";
import { allReportLines, parseReportQuery, REPORT_CSV_HEADER, reportCsvRow } from "@/lib/dashboard/reports";
import { dashboardRoute } from "@/lib/dashboard/route";

export const GET = dashboardRoute(async ({ search, session }) => {
  const { query } = await parseReportQuery(session.operatorId, search);
  async function* rows() {
    for await (const line of allReportLines(query)) yield reportCsvRow(line);
  }
  const day = query.start.toISOString().slice(0, 10);
  const who = query.personId === null ? `epf-${query.epfId}` : `epf-${query.epfId}-person-${query.personId}`;
  return csvResponse(`trees-${who}-${day}-${query.days}d.csv`, csvStream(REPORT_CSV_HEADER, rows()));
});
