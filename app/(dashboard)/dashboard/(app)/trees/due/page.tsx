// /dashboard/trees/due: the operator's trees due for a check.

import { settings } from "@memorial/lib/settings";
import { TreeList } from "@/components/dashboard/tree-list";
import { requireOperator } from "@/web/auth/session";
import { pageTitle } from "@/web/dashboard/page-title";

export const generateMetadata = pageTitle("trees_due_title");

export default async function Page() {
  await requireOperator();
  return <TreeList list="due" checkDays={settings().TREE_CHECK_DAYS} />;
}
