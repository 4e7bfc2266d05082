// Is this request from a page of this site? The one check of the dashboard's routes, of the public
// forms (lib/http/public-form.ts) and of the family's confirmation button. Fetch Metadata first: a
// browser says `cross-site` or `same-site` for a request another site made it send. Then the
// Origin, compared with the host the request came to (X-Forwarded-Host only when TRUST_PROXY=1
// says a proxy sets it).
import { settings } from "@memorial/lib/settings";

export interface SameOriginOptions {
  /**
   * true: a request that changes something must carry this site's Origin (the dashboard).
   * false: a missing Origin is accepted (the confirmation link, which carries a secret itself and
   * may be posted by a browser that sends none).
   */
  originRequired: boolean;
}

function requestHost(request: Request): string | null {
  const forwarded = settings().TRUST_PROXY ? request.headers.get("x-forwarded-host") : null;
  return (forwarded?.split(",")[0]?.trim() || request.headers.get("host"))?.toLowerCase() ?? null;
}

export function fromThisSite(request: Request, options: SameOriginOptions): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  if (request.method === "GET" || request.method === "HEAD") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return !options.originRequired;
  try {
    return new URL(origin).host.toLowerCase() === requestHost(request);
  } catch {
    return false;
  }
}
