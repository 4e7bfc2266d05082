// /dashboard/webhooks: the operator's webhook endpoints and their delivery log (admins only).
import { WebhooksPanel } from "@/components/dashboard/webhooks-panel";
import { requireRole } from "@/web/auth/session";
import { pageTitle } from "@/web/dashboard/page-title";
import { NotAllowed } from "../not-allowed";

export const generateMetadata = pageTitle("navWebhooks");

export default async function WebhooksPage() {
  const { session, allowed } = await requireRole("admin");
  if (!allowed) return <NotAllowed session={session} />;
  return <WebhooksPanel />;
}
