// /dashboard/trees: the operator's trees waiting to be planted in the ground, and the batch form
// that records them planted.

import { mebibytes } from "@memorial/lib/dashboard/trees";
import { settings } from "@memorial/lib/settings";
import { TreesWaiting } from "@/components/dashboard/trees-waiting";
import { requireOperator } from "@/web/auth/session";
import { pageTitle } from "@/web/dashboard/page-title";

export const generateMetadata = pageTitle("trees_title");

export default async function TreesPage() {
  await requireOperator();
  return <TreesWaiting photoLimit={mebibytes(settings().PHOTO_MAX_BYTES)} />;
}
