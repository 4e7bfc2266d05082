// Absolute addresses of the public pages (canonical links, share links, QR codes, certificates).
// Never built from the address the server is bound to (HOST=0.0.0.0 would make links that lead
// nowhere): APP_URL when the operator of the service set it, else the Host the visitor used.
import { isLanguage, LANGUAGES, type Language } from "@/lib/i18n/languages";

type Settings = Record<string, string | undefined>;

// A host name or IPv4 address, or a bracketed IPv6 address, with an optional port: anything else
// in a Host header (a path, a user, spaces) is not an origin and is not trusted.
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
// Addresses a server listens on, never one a browser can be sent to.
const UNSPECIFIED = /^(?:0\.0\.0\.0|\[::\])(?::\d+)?$/;

const firstValue = (value: string | null): string => (value ?? "").split(",")[0]!.trim();

/**
 * The public origin of the service for this request, without a trailing slash: APP_URL when set;
 * else the request's Host with http, or X-Forwarded-Host and X-Forwarded-Proto when TRUST_PROXY=1
 * says a reverse proxy in front sets them (without it anyone could pick the host of our links);
 * else http://localhost:PORT. Never the unspecified bind address 0.0.0.0.
 */
export function publicOrigin(headers: Headers, settings: Settings = process.env): string {
  const appUrl = settings.APP_URL?.trim();
  if (appUrl) return appUrl.replace(/\/+$/, "");
  const fallback = `http://localhost:${settings.PORT || 3000}`;
  let host = firstValue(headers.get("host"));
  let proto = "http";
  if (settings.TRUST_PROXY === "1") {
    host = firstValue(headers.get("x-forwarded-host")) || host;
    const forwarded = firstValue(headers.get("x-forwarded-proto")).toLowerCase();
    if (forwarded === "https" || forwarded === "http") proto = forwarded;
  }
  if (!HOST.test(host)) return fallback;
  if (UNSPECIFIED.test(host)) return `${proto}://localhost${host.replace(/^(?:0\.0\.0\.0|\[::\])/, "")}`;
  return `${proto}://${host.toLowerCase()}`;
}

/**
 * The address of a memorial page in a language. The memorial's own language is its plain address
 * (what a visitor without `?lang=` gets); the others carry `?lang=`, as the language switch does.
 * The canonical link, the hreflang alternates, share links and QR codes all use this, so that
 * every page points to one address per language.
 */
export function memorialUrl(
  origin: string,
  memorial: { id: number; language: string },
  language?: Language | null,
): string {
  const base = `${origin}/memorial/${memorial.id}`;
  if (!language || (isLanguage(memorial.language) && language === memorial.language)) return base;
  return `${base}?lang=${language}`;
}

/** hreflang → address of each language version, plus x-default (the plain address). */
export function memorialAlternates(origin: string, memorial: { id: number; language: string }) {
  return {
    ...Object.fromEntries(LANGUAGES.map((l) => [l, memorialUrl(origin, memorial, l)])),
    "x-default": memorialUrl(origin, memorial),
  } as Record<Language | "x-default", string>;
}

/** The base of the links written while answering `request` (confirmation e-mails). */
export function linkBase(request: Request): string {
  return publicOrigin(request.headers);
}
