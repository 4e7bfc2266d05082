// Absolute addresses of the public pages (canonical links, share links, QR codes, certificates).
// Never built from the address the server is bound to (HOST=0.0.0.0 would make links that lead
// nowhere): APP_URL when the operator of the service set it, else the Host the visitor used.
// Links in e-mails (password reset, invitation, a family's confirmation and management links) are
// stricter, see emailLinkOrigin: whoever sends the request chooses its Host, and a reset link on
// their host would hand them the account.
import { DomainError } from "@memorial/lib/errors";
import { isLanguage, LANGUAGES, type Language } from "@memorial/lib/i18n/languages";
import { readSettings, type Settings, settings } from "@memorial/lib/settings";

/** This process's settings, or those of `env` (tests). */
const settingsOf = (env?: Record<string, string | undefined>): Settings =>
  env ? readSettings(env) : settings();

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
export function publicOrigin(headers: Headers, env?: Record<string, string | undefined>): string {
  const s = settingsOf(env);
  return s.APP_URL ?? requestOrigin(headers, s).origin;
}

/** The origin the request names (its Host, or X-Forwarded-* behind a trusted proxy), and its host. */
function requestOrigin(headers: Headers, s: Settings): { origin: string; host: string } {
  const port = s.PORT;
  const fallback = { origin: `http://localhost:${port}`, host: `localhost:${port}` };
  let host = firstValue(headers.get("host"));
  let proto = "http";
  if (s.TRUST_PROXY) {
    host = firstValue(headers.get("x-forwarded-host")) || host;
    const forwarded = firstValue(headers.get("x-forwarded-proto")).toLowerCase();
    if (forwarded === "https" || forwarded === "http") proto = forwarded;
  }
  if (!HOST.test(host)) return fallback;
  host = host.toLowerCase();
  if (UNSPECIFIED.test(host)) host = `localhost${host.replace(/^(?:0\.0\.0\.0|\[::\])/, "")}`;
  return { origin: `${proto}://${host}`, host };
}

// The local names, on any port: a link on them leads to the reader's own machine, never elsewhere.
const LOCAL_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A host[:port] split into its name (IPv6 in brackets) and its port ("" when none). */
function splitHost(host: string): { name: string; port: string } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(host);
  return match ? { name: match[1]!, port: match[2] ?? "" } : { name: host, port: "" };
}

/** The hosts of ALLOWED_HOSTS (lib/settings.ts reads the list). */
export function allowedHosts(env?: Record<string, string | undefined>): string[] {
  return settingsOf(env).ALLOWED_HOSTS;
}

/** Whether `host` (host[:port]) is a local name or in ALLOWED_HOSTS; an entry without a port allows every port. */
export function hostAllowed(host: string, env?: Record<string, string | undefined>): boolean {
  const { name, port } = splitHost(host.toLowerCase());
  if (LOCAL_NAMES.has(name)) return true;
  return allowedHosts(env).some((entry) => {
    const allowed = splitHost(entry);
    return allowed.name === name && (allowed.port === "" || allowed.port === port);
  });
}

/**
 * A request whose host may not name the links of e-mails: on /v1 a 503 HOST_NOT_ALLOWED (the
 * service's settings, not the request, are to fix), a form error in the dashboard.
 */
export class HostNotAllowedError extends DomainError {
  constructor(readonly host: string) {
    super(
      "HOST_NOT_ALLOWED",
      `the host ${host} is not allowed for the links of e-mails: set APP_URL to the public address of the service, or add the host to ALLOWED_HOSTS`,
    );
    this.name = "HostNotAllowedError";
  }
}

/**
 * The origin of the links written into e-mails while answering a request (password reset,
 * invitation, a family's confirmation and management links), without a trailing slash:
 * - APP_URL when set, whatever the request's Host says;
 * - else, in production mode (lib/settings.ts isProductionMode: `npm start`), the request's origin
 *   (publicOrigin) only when its host is a local name (localhost, 127.0.0.1, [::1]) or is listed
 *   in ALLOWED_HOSTS; any other host throws HostNotAllowedError, so that a forged Host
 *   (`Host: attacker.example`) never ends up in an e-mail;
 * - else (development, tests) the request's origin.
 */
export function emailLinkOrigin(headers: Headers, env?: Record<string, string | undefined>): string {
  const s = settingsOf(env);
  if (s.APP_URL) return s.APP_URL;
  const { origin, host } = requestOrigin(headers, s);
  if (!s.production || hostAllowed(host, env)) return origin;
  throw new HostNotAllowedError(host);
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

/**
 * The base of the links written while answering `request` (confirmation e-mails, and the events
 * that carry it): emailLinkOrigin, which throws HostNotAllowedError for a host that may not.
 */
export function linkBase(request: Request): string {
  return emailLinkOrigin(request.headers);
}

/**
 * linkBase, or null where the host may not name e-mail links: for a request that writes no link
 * into an e-mail (a /v1 creation without confirmation and without the family's address), which
 * a misconfigured host must not stop.
 */
export function linkBaseIfAllowed(request: Request): string | null {
  try {
    return linkBase(request);
  } catch (error) {
    if (error instanceof HostNotAllowedError) return null;
    throw error;
  }
}

/** The page where the address a token names sees and deletes its reminder subscriptions. */
export const myRemindersUrl = (base: string, token: string) =>
  `${base.replace(/\/+$/, "")}/reminders/mine/${token}`;
