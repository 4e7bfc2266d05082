// /dashboard/memorials: the operator's memorials, searchable and paged.
import { MemorialList } from "@/components/dashboard/memorial-list";
import { requireOperator } from "@/web/auth/session";
import { pageTitle } from "@/web/dashboard/page-title";

export const generateMetadata = pageTitle("navMemorials");

export default async function MemorialsPage() {
  await requireOperator();
  return <MemorialList />;
}
