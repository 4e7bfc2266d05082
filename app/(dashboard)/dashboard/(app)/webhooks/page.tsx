// /dashboard/webhooks: the operator's webhook endpoints and their delivery log (admins only).
import type { Metadata } from "next";
import { WebhooksPanel } from "@/components/dashboard/webhooks-panel";
import { requireRole } from "@/lib/auth/session";
import { NotAllowed } from "../not-allowed";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const { session, allowed } = await requireRole("admin");
  if (!allowed) return <NotAllowed session={session} />;
  return <WebhooksPanel />;
}
