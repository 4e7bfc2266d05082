// GET /api/dashboard/memorials?q=&Page=&Limite=: the signed-in operator's memorials, searched by name
import { listMemorials } from "@memorial/lib/memorials/dashboard-queries";
import { LISTING_LIMIT, listingPage, parsePaging } from "@memorial/lib/v1/paging";
import { dashboardRoute } from "@/web/dashboard/route";

export const GET = dashboardRoute(async ({ search, session }) => {
  const paging = parsePaging(search, LISTING_LIMIT);
  const { rows, total } = await listMemorials({
    scope: session.scope,
    search: search.get("q") ?? "",
    limit: paging.limit,
    offset: paging.offset,
  });
  return { rows, ...listingPage(paging, total, rows.length) };
});
