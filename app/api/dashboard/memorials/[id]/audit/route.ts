// GET /api/dashboard/memorials/{id}/audit?<filters>&after=: a page of one of the operator's memorials' audit log
import { auditPageRoute } from "@/web/dashboard/audit";

export async function GET(request: Request, context: { params: Promise<{ id: string }> }) {
  return auditPageRoute({ memorialId: (await context.params).id })(request);
}
