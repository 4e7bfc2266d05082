"use client";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
// A row of links to the pages of one part of the dashboard, the page shown marked for screen
// readers (aria-current) and by its look: the sections in the header, the Trees section's lists.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useI18n } from "./i18n";

export function NavTabs(props: {
  label: string;
  /** Each link's address and words (what follows them is the caller's). */
  links: readonly (readonly [href: string, key: DashboardKey, ...rest: unknown[]])[];
  /** Whether the page at `pathname` is the one `href` leads to. */
  isCurrent: (href: string, pathname: string) => boolean;
  navClass: string;
  listClass: string;
  /** The look of the link to the page shown, and of the others. */
  currentClass: string;
  otherClass: string;
}) {
  const { t } = useI18n();
  const pathname = usePathname();
  return (
    <nav aria-label={props.label} className={props.navClass}>
      <ul className={props.listClass}>
        {props.links.map(([href, key]) => {
          const current = props.isCurrent(href, pathname);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={`inline-block min-h-11 px-3 py-3 ${current ? props.currentClass : props.otherClass}`}
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
