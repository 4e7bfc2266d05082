// /dashboard/keys: the operator's API keys.
import type { Metadata } from "next";
import { KeysPanel } from "@/components/dashboard/keys-panel";
import { requireOperator } from "@/lib/auth/session";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage() {
  await requireOperator();
  return <KeysPanel />;
}
