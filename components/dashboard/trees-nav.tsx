"use client";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
// The lists of the Trees section: waiting, in the ground, due for a check, dead.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useI18n } from "./i18n";

const LISTS: [string, DashboardKey][] = [
  ["/dashboard/trees", "trees_tabWaiting"],
  ["/dashboard/trees/in-ground", "trees_tabInGround"],
  ["/dashboard/trees/due", "trees_tabDue"],
  ["/dashboard/trees/dead", "trees_tabDead"],
];

export function TreesNav() {
  const { t } = useI18n();
  const pathname = usePathname();
  return (
    <nav aria-label={t("trees_listsNav")} className="mb-4">
      <ul className="flex flex-wrap gap-x-1 border-b border-stone-300">
        {LISTS.map(([href, key]) => {
          const current = pathname === href;
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={`inline-block min-h-11 px-3 py-3 ${
                  current
                    ? "border-b-4 border-forest-700 font-semibold text-forest-800"
                    : "text-forest-700 underline"
                }`}
              >
                {t(key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
