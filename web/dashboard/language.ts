// The dashboard's language (lib/i18n/resolve-language.ts): the user's choice (a cookie set by the
// language menu), else the operator's language, else the browser's, else French.

import type { Language } from "@memorial/lib/i18n/languages";
import { resolveLanguage } from "@memorial/lib/i18n/resolve-language";
import { cookies, headers } from "next/headers";

export const LANGUAGE_COOKIE = "dashboard_lang";

export async function dashboardLanguage(operatorLanguage?: string | null): Promise<Language> {
  const cookie = (await cookies()).get(LANGUAGE_COOKIE)?.value;
  return resolveLanguage(
    { cookie, acceptLanguage: (await headers()).get("accept-language") },
    operatorLanguage,
  );
}
