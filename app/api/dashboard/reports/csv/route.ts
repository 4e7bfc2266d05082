// GET /api/dashboard/reports/csv?epf=&person=&year=&month=&day=&days=: every line of the period as CSV
import { csvResponse, csvStream } from "@/lib/dashboard/csv";
import {
  parseReportQuery,
  REPORT_CSV_HEADER,
  reportCsvRow,
  reportLinesForExport,
} from "@/lib/dashboard/reports";
import { dashboardRoute } from "@/lib/dashboard/route";

export const GET = dashboardRoute(async ({ search, session }) => {
  const { query } = parseReportQuery(session.operatorId, search);
  const lines = await reportLinesForExport(query);
  async function* rows() {
    for await (const line of lines) yield reportCsvRow(line);
  }
  const day = `${query.year}-${String(query.month).padStart(2, "0")}-${String(query.day).padStart(2, "0")}`;
  const who = query.personId === null ? `epf-${query.epfId}` : `epf-${query.epfId}-person-${query.personId}`;
  return csvResponse(`trees-${who}-${day}-${query.days}d.csv`, csvStream(REPORT_CSV_HEADER, rows()));
});
