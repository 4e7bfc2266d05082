// GET /api/dashboard/reports/xlsx?epf=&person=&year=&month=&day=&days=: every line of the period as XLSX
import { reportExportRoute } from "@/web/dashboard/exports";

export const GET = reportExportRoute("xlsx");
