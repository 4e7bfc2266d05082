// GET /api/dashboard/webhooks: the signed-in operator's webhook endpoints and delivery log

import { webhooksOverview } from "@memorial/lib/webhooks/dashboard-queries";
import { dashboardRoute } from "@/web/dashboard/route";

// Admins only (lib/users/roles.ts): staff get 403.
export const GET = dashboardRoute(async ({ session }) => webhooksOverview(session.scope), {
  role: "admin",
});
