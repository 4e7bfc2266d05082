// /dashboard/memorials: the operator's memorials, searchable and paged; above them, the link to
// the possible duplicates with their number.
import { translator } from "@memorial/lib/i18n/translate";
import { countOpenDuplicates } from "@memorial/lib/memorials/duplicates";
import Link from "next/link";
import { MemorialList } from "@/components/dashboard/memorial-list";
import { requireOperator } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";
import { pageTitle } from "@/web/dashboard/page-title";

export const generateMetadata = pageTitle("navMemorials");

export default async function MemorialsPage() {
  const session = await requireOperator();
  const t = translator(await dashboardLanguage(session.operatorLanguage), "duplicates");
  const duplicates = await countOpenDuplicates(session.operatorId);
  return (
    <>
      <p className="mb-3">
        <Link className="underline" href="/dashboard/duplicates" data-testid="duplicates-link">
          {t("link", { n: duplicates })}
        </Link>
      </p>
      <MemorialList />
    </>
  );
}
