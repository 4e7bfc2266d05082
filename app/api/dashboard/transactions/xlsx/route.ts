// GET /api/dashboard/transactions/xlsx?year=&month=: every transaction of the month (no month: of the year) as XLSX
import { transactionExportRoute } from "@/web/dashboard/exports";

export const GET = transactionExportRoute("xlsx");
