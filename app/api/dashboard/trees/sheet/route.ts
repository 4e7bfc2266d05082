// GET /api/dashboard/trees/sheet?site=&from=&to=: the waiting trees as a field team's CSV sheet, to fill in and import

import { waitingSheet } from "@memorial/lib/dashboard/trees";
import { dashboardLanguage } from "@/web/dashboard/language";
import { dashboardRoute } from "@/web/dashboard/route";

export const GET = dashboardRoute(async ({ search, session }) =>
  waitingSheet(session.scope, search, await dashboardLanguage(session.operatorLanguage)),
);
