// The HTML answer of a page reached through a secret link (a family's confirm/manage link, an
// operator's invitation or password reset): a route handler renders it so that a used or expired
// link can answer 410 Gone and an unknown one 404.
import type { Language } from "@memorial/lib/i18n/languages";
import { resolveLanguage } from "@memorial/lib/i18n/resolve-language";

/** The CSP nonce proxy.ts gives this request (x-nonce), for the page's inline style and script. */
export function requestNonce(request: Request): string {
  return request.headers.get("x-nonce") ?? "";
}

/**
 * The language of a link's page: ?lang=, then the fallbacks in order (the link's own language,
 * a cookie...), then Accept-Language.
 */
export function secretLinkLanguage(request: Request, ...fallbacks: (string | null | undefined)[]): Language {
  return resolveLanguage(
    {
      lang: new URL(request.url).searchParams.get("lang"),
      acceptLanguage: request.headers.get("accept-language"),
    },
    ...fallbacks,
  );
}

/** A whole page answer, never cached nor indexed, its token never sent to another site. */
export function secretLinkPage(document: string, status: number): Response {
  return new Response(document, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
      // The token is in the URL: never send it to another site (and keep Origin on our own POST).
      "Referrer-Policy": "same-origin",
    },
  });
}
