// /dashboard/privacy: a person's request answered by an admin: every record of the
// operator's memorials and team that holds their e-mail address (and name), a copy as JSON, and
// the erasure with its report (lib/privacy/subject-*.ts). Admins only.
import { messagesIn, translator } from "@memorial/lib/i18n/translate";
import { subjectWords } from "@memorial/lib/privacy/subject-words";
import type { Metadata } from "next";
import { SubjectPanel } from "@/components/dashboard/subject-panel";
import { PageTitle } from "@/components/dashboard/ui";
import { getOperatorSession, requireRole } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";
import { NotAllowed } from "../not-allowed";

export async function generateMetadata(): Promise<Metadata> {
  const session = await getOperatorSession();
  return {
    title: translator(await dashboardLanguage(session?.operatorLanguage), "subjectRights")("title"),
  };
}

export default async function PrivacyPage() {
  const { session, allowed } = await requireRole("admin");
  if (!allowed) return <NotAllowed session={session} />;
  const lang = await dashboardLanguage(session.operatorLanguage);
  const words = messagesIn(lang, "subjectRights");
  return (
    <div>
      <PageTitle>{words.title}</PageTitle>
      <p className="mb-4 max-w-3xl">{words.lead}</p>
      <SubjectPanel language={lang} words={words} places={subjectWords(lang)} />
    </div>
  );
}
