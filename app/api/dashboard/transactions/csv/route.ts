// GET /api/dashboard/transactions/csv?year=&month=: every transaction of the month (no month: of the year) as CSV
import { transactionExportRoute } from "@/web/dashboard/exports";

export const GET = transactionExportRoute("csv");
