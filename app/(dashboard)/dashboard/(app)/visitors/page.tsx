// /dashboard/visitors: the settings of visitor planting and the planting codes (admins only).
import { VisitorsPanel } from "@/components/dashboard/visitors-panel";
import { requireRole } from "@/web/auth/session";
import { pageTitle } from "@/web/dashboard/page-title";
import { NotAllowed } from "../not-allowed";

export const generateMetadata = pageTitle("visitors_nav");

export default async function VisitorsPage() {
  const { session, allowed } = await requireRole("admin");
  if (!allowed) return <NotAllowed session={session} />;
  return <VisitorsPanel />;
}
