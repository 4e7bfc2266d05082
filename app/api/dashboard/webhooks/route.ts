// GET /api/dashboard/webhooks: the signed-in operator's webhook endpoints and delivery log

import { dashboardRoute } from "@/lib/dashboard/route";
import { webhooksOverview } from "@/lib/dashboard/webhooks";

export const GET = dashboardRoute(async ({ session }) => webhooksOverview(session.operatorId));
