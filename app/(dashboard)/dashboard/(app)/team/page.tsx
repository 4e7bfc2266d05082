// /dashboard/team: the operator's users and their roles, pending invitations, the invitation form
// (admins only).

import { translator } from "@memorial/lib/i18n/translate";
import type { Metadata } from "next";
import { TeamPanel } from "@/components/dashboard/team-panel";
import { getOperatorSession, requireRole } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";
import { NotAllowed } from "../not-allowed";

export async function generateMetadata(): Promise<Metadata> {
  const session = await getOperatorSession();
  return { title: translator(await dashboardLanguage(session?.operatorLanguage), "dashboard")("teamTitle") };
}

export default async function TeamPage() {
  const { session, allowed } = await requireRole("admin");
  if (!allowed) return <NotAllowed session={session} />;
  return <TeamPanel userId={session.userId} />;
}
