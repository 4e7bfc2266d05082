// GET /api/dashboard/transactions?year=&month=&Page=&Limite=: a month's transactions, totals and prepaid balance
import { queryMonth } from "@/lib/dashboard/query";
import { dashboardRoute } from "@/lib/dashboard/route";
import { monthTransactions } from "@/lib/dashboard/transactions";
import { LISTING_LIMIT, listingPage, parsePaging } from "@/lib/v1/paging";

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
