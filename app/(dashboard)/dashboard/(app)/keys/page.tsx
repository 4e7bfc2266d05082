// /dashboard/keys: the operator's API keys (admins only).
import type { Metadata } from "next";
import { KeysPanel } from "@/components/dashboard/keys-panel";
import { requireRole } from "@/lib/auth/session";
import { NotAllowed } from "../not-allowed";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage() {
  const { session, allowed } = await requireRole("admin");
  if (!allowed) return <NotAllowed session={session} />;
  return <KeysPanel />;
}
