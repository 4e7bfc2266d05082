// The base address of every link the service writes (confirmation e-mails, canonical links,
// certificates): APP_URL when it is set; otherwise the Host the request came to (and, only when
// TRUST_PROXY=1 says a proxy in front sets them, X-Forwarded-Host and X-Forwarded-Proto). Never
// the address the server is bound to (0.0.0.0), which no family can reach.

function firstValue(header: string | null): string | null {
  const value = header?.split(",")[0]?.trim();
  return value || null;
}

/** A host[:port] as a Host header may carry it; anything else is ignored. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

export function publicOrigin(headers: Headers): string {
  const configured = process.env.APP_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  const trustProxy = process.env.TRUST_PROXY === "1";
  const forwardedHost = trustProxy ? firstValue(headers.get("x-forwarded-host")) : null;
  const forwardedProto = trustProxy ? firstValue(headers.get("x-forwarded-proto")) : null;
  const host = [forwardedHost, firstValue(headers.get("host"))].find((h) => h && HOST.test(h));
  const proto = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : "http";
  return host ? `${proto}://${host.toLowerCase()}` : `http://localhost:${process.env.PORT || 3000}`;
}

/** The base of the links written while answering `request`. */
export function linkBase(request: Request): string {
  return publicOrigin(request.headers);
}
