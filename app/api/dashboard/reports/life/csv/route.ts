// GET /api/dashboard/reports/life/csv?table=homes|sites|survival: a trees' life table as CSV
import { treeLifeExportRoute } from "@/web/dashboard/exports";

export const GET = treeLifeExportRoute("csv");
