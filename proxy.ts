// Runs before every page: a Content-Security-Policy with a fresh nonce per request (Next.js puts
// the nonce on its own scripts, see the CSP guide of Next 16), except for a public page rendered
// to be answered light (lib/http/page-render.ts, which answers with hashes: the memorial pages'
// cache and lib/service/light-pages.ts),
// and the visitor's `?lang=` passed on as a request header so that the memorial's root layout can
// write <html lang>.
// The other security headers (nosniff, Referrer-Policy, X-Frame-Options) are in next.config.mjs.

import { contentSecurityPolicy } from "@memorial/lib/http/csp";
import { isOwnRender, RENDER_MARK_HEADER } from "@memorial/lib/http/render-mark";
import { langParam } from "@memorial/lib/i18n/resolve-language";
import { type NextRequest, NextResponse } from "next/server";

// The API reference (/docs, app/docs): only the service's own scripts, no inline script, no eval.
const DOCS_CSP = contentSecurityPolicy("self-only", { docs: true });

/** A short plain page for a refused request (no layout: nothing of the request is echoed). */
function plainError(status: number, text: string): NextResponse {
  return new NextResponse(`${text}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/** Dashboard changes come from the dashboard's own pages, never from another site. */
function crossSiteWrite(request: NextRequest, rawPath: string): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  if (rawPath !== "/dashboard" && !rawPath.startsWith("/dashboard/") && !rawPath.startsWith("/api/"))
    return false;
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}

export function proxy(request: NextRequest) {
  const rawPath = new URL(request.url).pathname;
  // Next.js answers a path whose %-escapes are not UTF-8 (/memorial/%zz) with a 500.
  try {
    decodeURIComponent(rawPath);
  } catch {
    return plainError(400, "Bad request: the address is not valid (a %-escape does not encode UTF-8 text).");
  }
  // A browser says where a request comes from (Fetch Metadata); a form or fetch of another site
  // posting to the dashboard, its server actions or its APIs (sign-in and sign-out included) is
  // refused before anything runs, even when it carries no Origin header.
  if (crossSiteWrite(request, rawPath)) return plainError(403, "Forbidden: cross-site request.");
  // Pages keep Next.js's trailing-slash redirect, made here (skipTrailingSlashRedirect in next.config.mjs).
  if (rawPath.length > 1 && rawPath.endsWith("/")) {
    const url = new URL(request.url);
    url.pathname = rawPath.replace(/\/+$/, "") || "/";
    return NextResponse.redirect(url, 308);
  }
  if (rawPath === "/docs" || rawPath.startsWith("/docs/")) {
    const response = NextResponse.next();
    response.headers.set("Content-Security-Policy", DOCS_CSP);
    return response;
  }
  const dev = process.env.NODE_ENV === "development";
  const headers = new Headers(request.headers);
  headers.delete("x-lang");
  headers.delete("x-nonce");
  headers.delete("Content-Security-Policy");
  let csp: string;
  if (rawPath.startsWith("/memorial/") && isOwnRender(request.headers.get(RENDER_MARK_HEADER))) {
    // A public memorial page rendered for the rendered-page cache (lib/http/page-cache.ts):
    // no nonce in it; the cache answers with the hashes of the scripts the page holds.
    headers.delete(RENDER_MARK_HEADER);
    csp = contentSecurityPolicy("self-only", { dev });
  } else {
    const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
    csp = contentSecurityPolicy({ nonce }, { dev });
    headers.set("x-nonce", nonce);
    headers.set("Content-Security-Policy", csp);
  }
  const lang = langParam(request.nextUrl.searchParams.get("lang"));
  if (lang) headers.set("x-lang", lang);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages; not static files, and not the JSON API (app/v1: no page, no CSP, no nonce; its
      // route files answer JSON only).
      // Nor the uploads: the proxy would hold a copy of their body and cut it at
      // 10 MB, so a photo near PHOTO_MAX_BYTES arrived broken; their route reads them through
      // lib/http/capped-body.ts and refuses cross-site requests itself (web/dashboard/route.ts).
      source:
        "/((?!_next/static|_next/image|favicon.ico|v1/|v1$|api/dashboard/trees/photo$|api/dashboard/trees/import$).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
