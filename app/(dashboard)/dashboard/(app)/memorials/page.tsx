// /dashboard/memorials: the operator's memorials, searchable and paged.
import type { Metadata } from "next";
import { MemorialList } from "@/components/dashboard/memorial-list";
import { requireOperator } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Memorials" };

export default async function MemorialsPage() {
  await requireOperator();
  return <MemorialList />;
}
