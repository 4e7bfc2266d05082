// GET /api/dashboard/memorials/{id}/audit/csv?<filters>: every row of one of the operator's memorials' audit log, as CSV
import { auditCsvRoute } from "@/web/dashboard/audit";

export async function GET(request: Request, context: { params: Promise<{ id: string }> }) {
  return auditCsvRoute({ memorialId: (await context.params).id })(request);
}
