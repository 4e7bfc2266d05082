// GET /api/dashboard/keys: the signed-in operator's API keys (first characters and dates only)
import { listKeys } from "@memorial/lib/dashboard/keys";
import { dashboardRoute } from "@/web/dashboard/route";

// Admins only (lib/users/roles.ts): staff get 403.
export const GET = dashboardRoute(async ({ session }) => ({ keys: await listKeys(session.operatorId) }), {
  role: "admin",
});
