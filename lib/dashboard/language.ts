// The dashboard's language: the user's choice (a cookie set by the language menu), else the
// operator's language, else the browser's, else French.
import { cookies, headers } from "next/headers";
import { acceptedLanguage, type Language, parseLanguage } from "@/lib/i18n/languages";

export const LANGUAGE_COOKIE = "dashboard_lang";

export async function dashboardLanguage(operatorLanguage?: string | null): Promise<Language> {
  const chosen = (await cookies()).get(LANGUAGE_COOKIE)?.value;
  const fromCookie = chosen ? parseLanguage(chosen) : null;
  if (fromCookie) return fromCookie;
  const fromOperator = operatorLanguage ? parseLanguage(operatorLanguage) : null;
  if (fromOperator) return fromOperator;
  return acceptedLanguage((await headers()).get("accept-language")) ?? "fr";
}
