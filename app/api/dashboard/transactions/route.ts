// GET /api/dashboard/transactions?year=&month=&Page=&Limite=: a month's transactions, totals and prepaid balance
import { queryMonth } from "@memorial/lib/dashboard/query";
import { monthTransactions } from "@memorial/lib/transactions/dashboard-queries";
import { LISTING_LIMIT, listingPage, parsePaging } from "@memorial/lib/v1/paging";
import { dashboardRoute } from "@/web/dashboard/route";

export const GET = dashboardRoute(async ({ search, session }) => {
  const { year, month } = queryMonth(search);
  const paging = parsePaging(search, LISTING_LIMIT);
  const result = await monthTransactions({
    scope: session.scope,
    year,
    month,
    limit: paging.limit,
    offset: paging.offset,
  });
  return { ...result, ...listingPage(paging, result.total, result.rows.length) };
});
