// Runs before every page: a Content-Security-Policy with a fresh nonce per request (Next.js puts
// the nonce on its own scripts, see the CSP guide of Next 16), and the visitor's `?lang=` passed
// on as a request header so that the memorial's root layout can write <html lang>.
// The other security headers (nosniff, Referrer-Policy, X-Frame-Options) are in next.config.mjs.
import { type NextRequest, NextResponse } from "next/server";

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

export function proxy(request: NextRequest) {
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
      // Pages only: not the JSON API, not static files.
      source: "/((?!v1/|v1$|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
