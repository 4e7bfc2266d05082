// /dashboard/trees/in-ground: the operator's trees in the ground (issue 27.11).
import { TreeList } from "@/components/dashboard/tree-list";
import { requireOperator } from "@/lib/auth/session";
import { pageTitle } from "@/lib/dashboard/page-title";
import { settings } from "@/lib/settings";

export const generateMetadata = pageTitle("trees_inGround_title");

export default async function Page() {
  await requireOperator();
  return <TreeList list="in-ground" checkDays={settings().TREE_CHECK_DAYS} />;
}
