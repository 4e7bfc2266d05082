// /dashboard/trees/dead: the operator's dead trees (issue 27.11).
import { TreeList } from "@/components/dashboard/tree-list";
import { requireOperator } from "@/lib/auth/session";
import { pageTitle } from "@/lib/dashboard/page-title";
import { settings } from "@/lib/settings";

export const generateMetadata = pageTitle("trees_dead_title");

export default async function Page() {
  await requireOperator();
  return <TreeList list="dead" checkDays={settings().TREE_CHECK_DAYS} />;
}
