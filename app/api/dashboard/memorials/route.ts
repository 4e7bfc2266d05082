// GET /api/dashboard/memorials?q=&Page=&Limite=: the signed-in operator's memorials, searched by name
import { listMemorials } from "@/lib/dashboard/memorials";
import { dashboardRoute } from "@/lib/dashboard/route";
import { LISTING_LIMIT, listingPage, parsePaging } from "@/lib/v1/paging";

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
