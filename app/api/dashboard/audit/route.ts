// GET /api/dashboard/audit?from=&to=&actor=&action=&target=&targetId=&memorial=&after=: a page of the operator's audit log (admins)
import { auditPageRoute } from "@/web/dashboard/audit";

export const GET = auditPageRoute("operator");
