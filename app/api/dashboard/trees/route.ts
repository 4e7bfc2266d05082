// GET /api/dashboard/trees?site=&from=&to=: the signed-in operator's trees waiting to be planted

import { waitingListing } from "@memorial/lib/dashboard/trees";
import { dashboardRoute } from "@/web/dashboard/route";

export const GET = dashboardRoute(async ({ search, session }) => waitingListing(session.scope, search));
