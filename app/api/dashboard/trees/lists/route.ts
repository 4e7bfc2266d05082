// GET /api/dashboard/trees/lists?list=in-ground|due|dead&site=&from=&to=&Page=: the signed-in operator's trees of a list

import { treeListing } from "@memorial/lib/dashboard/trees";
import { dashboardRoute } from "@/web/dashboard/route";

export const GET = dashboardRoute(async ({ search, session }) => treeListing(session.scope, search));
