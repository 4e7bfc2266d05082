// GET /api/dashboard/visitors: the operator's visitor planting settings (its own and its contexts')
// and the contexts one may be set for. PUT: saves one level's setting (JSON), answers the same.
// Admins only (lib/users/roles.ts): staff get 403.
import { readJsonBody, saveVisitorSetting, visitorPlantingOverview } from "@memorial/lib/visitors/dashboard";
import { dashboardRoute } from "@/web/dashboard/route";

export const GET = dashboardRoute(async ({ session }) => visitorPlantingOverview(session.operatorId), {
  role: "admin",
});

export const PUT = dashboardRoute(
  async ({ request, session }) => saveVisitorSetting(session.operatorId, await readJsonBody(request)),
  { role: "admin" },
);
