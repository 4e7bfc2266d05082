// The <title> of a dashboard page in the dashboard's language (the user's choice, else the
// operator's, else the browser's), as every other word of the dashboard.
import type { Metadata } from "next";
import { getOperatorSession } from "@/lib/auth/session";
import { DASHBOARD_MESSAGES, fill, type MessageKey } from "@/lib/i18n/dashboard-messages";
import { dashboardLanguage } from "./language";

export async function dashboardMessages() {
  const session = await getOperatorSession();
  const language = await dashboardLanguage(session?.operatorLanguage);
  return { language, m: DASHBOARD_MESSAGES[language] };
}

/** A page's generateMetadata: its title is the message `key`, filled with `values`. */
export function pageTitle(
  key: MessageKey,
  values?: (params: Record<string, string>) => Record<string, string>,
) {
  return async (props: { params?: Promise<Record<string, string>> }): Promise<Metadata> => {
    const { language, m } = await dashboardMessages();
    const params = (await props.params) ?? {};
    return { title: values ? fill(m[key], values(params), language) : m[key] };
  };
}
