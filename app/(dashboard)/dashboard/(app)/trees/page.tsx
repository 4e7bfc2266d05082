// /dashboard/trees: the operator's trees waiting to be planted in the ground, and the batch form
// that records them planted (issue 20.2).
import { TreesWaiting } from "@/components/dashboard/trees-waiting";
import { requireOperator } from "@/lib/auth/session";
import { pageTitle } from "@/lib/dashboard/page-title";
import { mebibytes } from "@/lib/dashboard/trees";
import { settings } from "@/lib/settings";

export const generateMetadata = pageTitle("trees_title");

export default async function TreesPage() {
  await requireOperator();
  return <TreesWaiting photoLimit={mebibytes(settings().PHOTO_MAX_BYTES)} />;
}
