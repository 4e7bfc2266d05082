// GET /api/dashboard/reports/life/xlsx?table=homes|sites|survival: a trees' life table as XLSX
import { treeLifeExportRoute } from "@/web/dashboard/exports";

export const GET = treeLifeExportRoute("xlsx");
