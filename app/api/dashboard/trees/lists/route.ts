// GET /api/dashboard/trees/lists?list=in-ground|due|dead&site=&from=&to=&Page=: the signed-in operator's trees of a list
import { dashboardRoute } from "@/lib/dashboard/route";
import { treeListing } from "@/lib/dashboard/trees";

export const GET = dashboardRoute(async ({ search, session }) => treeListing(session.scope, search));
