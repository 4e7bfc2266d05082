// What the memorial's own documents (certificate, QR codes) need from a request: the public
// memorial, the language and its absolute address. Not public (unknown id, awaiting confirmation,
// a test key's): null, so that each answers the same 404 as the page.

import type { Language } from "@memorial/lib/i18n/languages";
import { memorialPageLanguage } from "@memorial/lib/i18n/resolve-language";
import { memorialUrl, publicOrigin } from "@memorial/lib/links";
import { getPublicMemorial, type PublicMemorial } from "@memorial/lib/memorials/public-queries";
import { parseId } from "@memorial/lib/validation";

export interface MemorialRequest {
  memorial: PublicMemorial;
  language: Language;
  /** The page's absolute address in that language (the plain one in the memorial's language). */
  url: string;
}

export async function publicMemorialRequest(
  request: Request,
  params: Promise<{ id: string }>,
): Promise<MemorialRequest | null> {
  const id = parseId((await params).id);
  const memorial = id === null ? null : await getPublicMemorial(id);
  if (!memorial) return null;
  const lang = new URL(request.url).searchParams.get("lang");
  const language = memorialPageLanguage(
    { lang, acceptLanguage: request.headers.get("accept-language") },
    memorial,
  );
  // A QR code or certificate asked in a language leads to the page in that language.
  const url = memorialUrl(publicOrigin(request.headers), memorial, lang ? language : null);
  return { memorial, language, url };
}

export const notPublic = () =>
  new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
