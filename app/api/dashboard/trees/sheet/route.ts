// GET /api/dashboard/trees/sheet?site=&from=&to=: the waiting trees as a field team's CSV sheet, to fill in and import
import { dashboardLanguage } from "@/lib/dashboard/language";
import { dashboardRoute } from "@/lib/dashboard/route";
import { waitingSheet } from "@/lib/dashboard/trees";

export const GET = dashboardRoute(async ({ search, session }) =>
  waitingSheet(session.scope, search, await dashboardLanguage(session.operatorLanguage)),
);
