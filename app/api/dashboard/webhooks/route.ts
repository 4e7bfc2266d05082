// GET /api/dashboard/webhooks: the signed-in operator's webhook endpoints and delivery log

import { dashboardRoute } from "@/lib/dashboard/route";
import { webhooksOverview } from "@/lib/dashboard/webhooks";

// Admins only (lib/users/roles.ts): staff get 403.
export const GET = dashboardRoute(async ({ session }) => webhooksOverview(session.scope), {
  role: "admin",
});
