// GET /api/dashboard/reports/csv?epf=&person=&year=&month=&day=&days=: every line of the period as CSV
import { reportExportRoute } from "@/web/dashboard/exports";

export const GET = reportExportRoute("csv");
