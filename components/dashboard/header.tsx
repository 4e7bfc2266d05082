"use client";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
import type { Role } from "@memorial/lib/users/roles";
// The header of the signed-in dashboard: the operator, the sections, the language, sign-out.
import { signOut } from "next-auth/react";
import { useState } from "react";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { LanguageMenu } from "./language-menu";
import { NavTabs } from "./nav-tabs";

// The third element: the section is for admins only (hidden from staff; the page refuses them).
const SECTIONS: [string, DashboardKey, boolean?][] = [
  ["/dashboard", "navOverview"],
  ["/dashboard/plant", "navPlant"],
  ["/dashboard/memorials", "navMemorials"],
  ["/dashboard/trees", "trees_nav"],
  ["/dashboard/reports", "navReports"],
  ["/dashboard/transactions", "navTransactions"],
  ["/dashboard/keys", "navKeys", true],
  ["/dashboard/webhooks", "navWebhooks", true],
  ["/dashboard/visitors", "visitors_nav", true],
  ["/dashboard/team", "navTeam", true],
  // The operator's audit log (a memorial's own history is on its page, for staff too).
  ["/dashboard/audit", "navAudit", true],
  ["/dashboard/privacy", "navPrivacy", true],
  ["/dashboard/account", "navAccount"],
];

export function DashboardHeader(props: { operatorName: string; email: string; role: Role }) {
  const { t } = useI18n();
  const [signingOut, setSigningOut] = useState(false);
  const hydrated = useHydrated();
  return (
    <header className="on-dark border-b border-forest-800 bg-forest-700 text-white">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2 focus:text-forest-800"
      >
        {t("skipToContent")}
      </a>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-3 py-3 sm:px-6">
        <div>
          <p className="font-serif text-lg">{t("appName")}</p>
          <p className="text-sm text-forest-100">
            {props.operatorName} · {props.email}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <LanguageMenu dark />
          <button
            type="button"
            className="min-h-11 rounded border border-white px-3 py-1 hover:bg-forest-800 disabled:opacity-60"
            disabled={!hydrated || signingOut}
            onClick={async () => {
              setSigningOut(true);
              await signOut({ redirect: false });
              window.location.assign("/dashboard/signin");
            }}
          >
            {t("signOut")}
          </button>
        </div>
      </div>
      <NavTabs
        label={t("navMain")}
        links={SECTIONS.filter(([, , admin]) => !admin || props.role === "admin")}
        // A section is current on its own pages too (the overview only on itself).
        isCurrent={(href, pathname) =>
          pathname === href || (href !== "/dashboard" && pathname.startsWith(`${href}/`))
        }
        navClass="mx-auto max-w-6xl px-1 sm:px-4"
        listClass="flex flex-wrap gap-x-1 whitespace-nowrap"
        currentClass="border-b-4 border-white font-semibold"
        otherClass="text-forest-100 hover:text-white"
      />
    </header>
  );
}
