// The <title> of a dashboard page in the dashboard's language (the user's choice, else the
// operator's, else the browser's), as every other word of the dashboard.

import { type DashboardKey, translator } from "@memorial/lib/i18n/translate";
import type { Metadata } from "next";
import { getOperatorSession } from "@/web/auth/session";
import { dashboardLanguage } from "./language";

export async function dashboardMessages() {
  const session = await getOperatorSession();
  const language = await dashboardLanguage(session?.operatorLanguage);
  return { language, t: translator(language, "dashboard") };
}

/** A page's generateMetadata: its title is the message `key`, filled with `values`. */
export function pageTitle(
  key: DashboardKey,
  values?: (params: Record<string, string>) => Record<string, string>,
) {
  return async (props: { params?: Promise<Record<string, string>> }): Promise<Metadata> => {
    const { t } = await dashboardMessages();
    const params = (await props.params) ?? {};
    return { title: t(key, values?.(params)) };
  };
}
