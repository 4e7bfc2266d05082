// /dashboard/trees/dead: the operator's dead trees.

import { settings } from "@memorial/lib/settings";
import { TreeList } from "@/components/dashboard/tree-list";
import { requireOperator } from "@/web/auth/session";
import { pageTitle } from "@/web/dashboard/page-title";

export const generateMetadata = pageTitle("trees_dead_title");

export default async function Page() {
  await requireOperator();
  return <TreeList list="dead" checkDays={settings().TREE_CHECK_DAYS} />;
}
