// /dashboard/trees/in-ground: the operator's trees in the ground.

import { settings } from "@memorial/lib/settings";
import { TreeList } from "@/components/dashboard/tree-list";
import { requireOperator } from "@/web/auth/session";
import { pageTitle } from "@/web/dashboard/page-title";

export const generateMetadata = pageTitle("trees_inGround_title");

export default async function Page() {
  await requireOperator();
  return <TreeList list="in-ground" checkDays={settings().TREE_CHECK_DAYS} />;
}
