"use client";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
// The lists of the Trees section: waiting, in the ground, due for a check, dead.
import { useI18n } from "./i18n";
import { NavTabs } from "./nav-tabs";

const LISTS: [string, DashboardKey][] = [
  ["/dashboard/trees", "trees_tabWaiting"],
  ["/dashboard/trees/in-ground", "trees_tabInGround"],
  ["/dashboard/trees/due", "trees_tabDue"],
  ["/dashboard/trees/dead", "trees_tabDead"],
];

export function TreesNav() {
  const { t } = useI18n();
  return (
    <NavTabs
      label={t("trees_listsNav")}
      links={LISTS}
      isCurrent={(href, pathname) => pathname === href}
      navClass="mb-4"
      listClass="flex flex-wrap gap-x-1 border-b border-stone-300"
      currentClass="border-b-4 border-forest-700 font-semibold text-forest-800"
      otherClass="text-forest-700 underline"
    />
  );
}
