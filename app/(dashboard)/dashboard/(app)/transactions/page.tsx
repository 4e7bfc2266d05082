// /dashboard/transactions: a month's transactions, their totals by each mode, the prepaid balance.
import { TransactionsView } from "@/components/dashboard/transactions-view";
import { requireOperator } from "@/web/auth/session";
import { pageTitle } from "@/web/dashboard/page-title";

export const generateMetadata = pageTitle("navTransactions");

export default async function TransactionsPage() {
  await requireOperator();
  return <TransactionsView />;
}
