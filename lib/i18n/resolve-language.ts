// Which of our four languages for this request: the one resolver of the public pages, the
// confirmation and management pages, the certificate and QR code, and the dashboard. The rules of
// whose language a memorial or a family has stay in the domain (lib/memorials/family.ts); they come
// in here as fallbacks.
import { acceptedAmong, acceptedLanguage, type Language, parseLanguage } from "./languages";

export interface LanguageRequest {
  /** The visitor's `?lang=` (passed on by proxy.ts as x-lang on the pages). */
  lang?: string | null;
  /** The language the user chose in the dashboard's menu (its cookie). */
  cookie?: string | null;
  /** The browser's Accept-Language header. */
  acceptLanguage?: string | null;
}

/**
 * The language chosen by the visitor (`?lang=`, then the dashboard's cookie), else the first of
 * `fallbacks` that is a language (the memorial's, the family's, the operator's), else the
 * browser's, else French (the operators' default). `fr-BE` and `FR` are French.
 */
export function resolveLanguage(
  request: LanguageRequest,
  ...fallbacks: (string | null | undefined)[]
): Language {
  for (const candidate of [request.lang, request.cookie, ...fallbacks]) {
    const language = candidate ? parseLanguage(candidate) : null;
    if (language) return language;
  }
  return acceptedLanguage(request.acceptLanguage) ?? "fr";
}

/**
 * The language of a memorial's public page and of its documents: the visitor's `?lang=`;
 * else, when the family speaks another language than the memorial's, whichever of the two the
 * browser asks for first (a Dutch-speaking visitor of a French memorial whose family speaks Dutch
 * reads it in Dutch; one who asks for French first keeps French); else the memorial's language; else
 * the browser's. The page, its layout, its metadata, the rendered-page cache's key and the
 * certificate and QR codes all ask here.
 */
export function memorialPageLanguage(
  request: LanguageRequest,
  memorial: { language?: string | null; familyLanguage?: string | null },
): Language {
  const chosen = request.lang ? parseLanguage(request.lang) : null;
  if (chosen) return chosen;
  const own = memorial.language ? parseLanguage(memorial.language) : null;
  const family = memorial.familyLanguage ? parseLanguage(memorial.familyLanguage) : null;
  if (family && family !== own) {
    const asked = acceptedAmong(request.acceptLanguage, own ? [own, family] : [family]);
    if (asked) return asked;
  }
  return own ?? acceptedLanguage(request.acceptLanguage) ?? "fr";
}

/**
 * The visitor's `?lang=` as the pages read it (proxy.ts passes it on as the x-lang header, the
 * rendered-page cache keys its pages by it): only the characters a language tag can have. A raw
 * value with U+0000, a line break or a non-Latin-1 character would make `Headers.set` throw.
 */
export function langParam(lang: string | null): string | null {
  const cleaned = (lang ?? "").slice(0, 10).replace(/[^A-Za-z0-9_-]/g, "");
  return cleaned || null;
}
