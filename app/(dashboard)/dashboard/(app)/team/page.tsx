// /dashboard/team: the operator's users and their roles, pending invitations, the invitation form
// (admins only).
import type { Metadata } from "next";
import { TeamPanel } from "@/components/dashboard/team-panel";
import { requireRole } from "@/lib/auth/session";
import { NotAllowed } from "../not-allowed";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const { session, allowed } = await requireRole("admin");
  if (!allowed) return <NotAllowed session={session} />;
  return <TeamPanel userId={session.userId} />;
}
