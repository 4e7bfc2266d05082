// GET /api/dashboard/trees?site=&from=&to=: the signed-in operator's trees waiting to be planted
import { dashboardRoute } from "@/lib/dashboard/route";
import { waitingListing } from "@/lib/dashboard/trees";

export const GET = dashboardRoute(async ({ search, session }) => waitingListing(session.scope, search));
