// /dashboard/transactions: a month's transactions, their totals by each mode, the prepaid balance.
import type { Metadata } from "next";
import { TransactionsView } from "@/components/dashboard/transactions-view";
import { requireOperator } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Transactions" };

export default async function TransactionsPage() {
  await requireOperator();
  return <TransactionsView />;
}
