// Runs before every page: a Content-Security-Policy with a fresh nonce per request (Next.js puts
// the nonce on its own scripts, see the CSP guide of Next 16), and the visitor's `?lang=` passed
// on as a request header so that the memorial's root layout can write <html lang>.
// The other security headers (nosniff, Referrer-Policy, X-Frame-Options) are in next.config.mjs.
import { type NextRequest, NextResponse } from "next/server";
import { guardV1Request } from "@/lib/v1/guard";

function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${dev ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    // The deceased's portrait (Defunt.ImageUrl) lives on the operator's site.
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

// The API reference (/docs, app/docs): only the service's own scripts, no inline script, no eval.
// Its renderer (Scalar) writes inline style attributes, which a nonce cannot allow: styles may be
// inline on this page only, which shows no user data.
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function proxy(request: NextRequest) {
  const rawPath = new URL(request.url).pathname;
  if (rawPath === "/v1" || rawPath.startsWith("/v1/")) {
    return guardV1Request(request.method, rawPath) ?? NextResponse.next();
  }
  // skipTrailingSlashRedirect (next.config.mjs) leaves /v1 paths alone; pages keep the redirect.
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
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  headers.delete("x-lang");
  const lang = request.nextUrl.searchParams.get("lang");
  if (lang) headers.set("x-lang", lang.slice(0, 10));
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages, and the JSON API for its guard; not static files.
      source: "/((?!_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
