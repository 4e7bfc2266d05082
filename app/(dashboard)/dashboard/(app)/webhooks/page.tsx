// /dashboard/webhooks: the operator's webhook endpoints and their delivery log.
import type { Metadata } from "next";
import { WebhooksPanel } from "@/components/dashboard/webhooks-panel";
import { requireOperator } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  await requireOperator();
  return <WebhooksPanel />;
}
