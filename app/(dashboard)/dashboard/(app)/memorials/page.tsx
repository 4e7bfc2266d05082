// /dashboard/memorials: the operator's memorials, searchable and paged.
import { MemorialList } from "@/components/dashboard/memorial-list";
import { requireOperator } from "@/lib/auth/session";
import { pageTitle } from "@/lib/dashboard/page-title";

export const generateMetadata = pageTitle("navMemorials");

export default async function MemorialsPage() {
  await requireOperator();
  return <MemorialList />;
}
