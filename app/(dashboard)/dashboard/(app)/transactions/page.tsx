// /dashboard/transactions: a month's transactions, their totals by each mode, the prepaid balance.
import { TransactionsView } from "@/components/dashboard/transactions-view";
import { requireOperator } from "@/lib/auth/session";
import { pageTitle } from "@/lib/dashboard/page-title";

export const generateMetadata = pageTitle("navTransactions");

export default async function TransactionsPage() {
  await requireOperator();
  return <TransactionsView />;
}
