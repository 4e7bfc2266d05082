// GET /api/dashboard/audit/csv?<the page's filters>: every row of the operator's audit log they keep, as CSV (admins)
import { auditCsvRoute } from "@/web/dashboard/audit";

export const GET = auditCsvRoute("operator");
