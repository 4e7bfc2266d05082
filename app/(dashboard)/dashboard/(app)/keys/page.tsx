// /dashboard/keys: the operator's API keys (admins only).
import { KeysPanel } from "@/components/dashboard/keys-panel";
import { requireRole } from "@/web/auth/session";
import { pageTitle } from "@/web/dashboard/page-title";
import { NotAllowed } from "../not-allowed";

export const generateMetadata = pageTitle("navKeys");

export default async function KeysPage() {
  const { session, allowed } = await requireRole("admin");
  if (!allowed) return <NotAllowed session={session} />;
  return <KeysPanel />;
}
