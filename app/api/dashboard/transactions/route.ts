// GET /api/dashboard/transactions?year=&month=&Page=&Limite=: a month's transactions, totals and prepaid balance
import { dashboardRoute } from "@/lib/dashboard/route";
import { monthTransactions } from "@/lib/dashboard/transactions";
import { monthRange } from "@/lib/transactions/queries";
import { LISTING_LIMIT, listingPage, parsePaging } from "@/lib/v1/paging";
import { intParam } from "@/lib/v1/params";

export const GET = dashboardRoute(async ({ search, session }) => {
  const year = intParam("year", search.get("year") ?? "", 2000, 9999);
  const month = intParam("month", search.get("month") ?? "", 1, 12);
  monthRange(year, month);
  const paging = parsePaging(search, LISTING_LIMIT);
  const result = await monthTransactions({
    operatorId: session.operatorId,
    year,
    month,
    limit: paging.limit,
    offset: paging.offset,
  });
  return { ...result, ...listingPage(paging, result.total, result.rows.length) };
});
