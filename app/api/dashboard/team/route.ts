// GET /api/dashboard/team: the signed-in operator's users (with their roles) and pending
// invitations. Admins only: staff get 403.

import { operatorTeam } from "@memorial/lib/users/queries";
import { dashboardRoute } from "@/web/dashboard/route";

export const GET = dashboardRoute(
  async ({ session }) => {
    const team = await operatorTeam(session.operatorId);
    return {
      users: team.users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
      invitations: team.invitations.map((i) => ({
        ...i,
        createdAt: i.createdAt.toISOString(),
        expiresAt: i.expiresAt.toISOString(),
      })),
    };
  },
  { role: "admin" },
);
