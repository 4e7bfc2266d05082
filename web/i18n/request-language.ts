// The language of a public page for this request (lib/i18n/resolve-language.ts): the visitor's
// `?lang=` (passed on by proxy.ts as x-lang), else the memorial's language, else the browser's.
// The root layout (<html lang>), the metadata and the page all ask here, so they always agree.

import type { Language } from "@memorial/lib/i18n/languages";
import { memorialPageLanguage, resolveLanguage } from "@memorial/lib/i18n/resolve-language";
import { headers } from "next/headers";

export async function requestLanguage(memorialLanguage?: string | null): Promise<Language> {
  const h = await headers();
  return resolveLanguage(
    { lang: h.get("x-lang"), acceptLanguage: h.get("accept-language") },
    memorialLanguage,
  );
}

/** A memorial page's language for this request (memorialPageLanguage: the family's when asked for). */
export async function memorialRequestLanguage(
  memorial: { language?: string | null; familyLanguage?: string | null } | null | undefined,
): Promise<Language> {
  const h = await headers();
  return memorialPageLanguage(
    { lang: h.get("x-lang"), acceptLanguage: h.get("accept-language") },
    memorial ?? {},
  );
}
