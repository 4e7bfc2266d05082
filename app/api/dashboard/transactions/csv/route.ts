// GET /api/dashboard/transactions/csv?year=&month=: every transaction of the month as CSV
import { csvResponse, csvStream } from "@/lib/dashboard/csv";
import { dashboardRoute } from "@/lib/dashboard/route";
import {
  allMonthTransactions,
  TRANSACTION_CSV_HEADER,
  transactionCsvRow,
} from "@/lib/dashboard/transactions";
import { intParam } from "@/lib/v1/params";

export const GET = dashboardRoute(async ({ search, session }) => {
  const year = intParam("year", search.get("year") ?? "", 2000, 9999);
  const month = intParam("month", search.get("month") ?? "", 1, 12);
  async function* rows() {
    for await (const row of allMonthTransactions(session.operatorId, year, month))
      yield transactionCsvRow(row);
  }
  const name = `transactions-${year}-${String(month).padStart(2, "0")}.csv`;
  return csvResponse(name, csvStream(TRANSACTION_CSV_HEADER, rows()));
});
