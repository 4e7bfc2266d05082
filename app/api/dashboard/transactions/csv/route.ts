// GET /api/dashboard/transactions/csv?year=&month=: every transaction of the month as CSV
import { transactionExportRoute } from "@/lib/dashboard/exports";

export const GET = transactionExportRoute("csv");
