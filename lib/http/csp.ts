// The Content-Security-Policy of every page, built here only. Pages rendered for one request carry
// a fresh nonce (proxy.ts); a public memorial page served from the rendered-page cache
// (page-cache.ts) is the same for every visitor, so it allows exactly the inline scripts it
// contains, by their SHA-256 hashes, and scripts from the service's own origin: no other inline
// script can run. The API reference (/docs) runs only the service's own scripts.
import { type Settings, settings } from "@memorial/lib/settings";

type ScriptSource = { nonce: string } | { hashes: string[] } | "self-only";

interface PolicyOptions {
  /** Next.js's development mode: its hot reload needs eval and inline styles. */
  dev?: boolean;
  /** Inline style elements allowed by their hashes (cached pages). */
  styleHashes?: string[];
  /**
   * The API reference: its renderer (Scalar) writes inline style attributes, which neither a nonce
   * nor a hash can allow, and its fonts as data: addresses. That page shows no user data.
   */
  docs?: boolean;
}

/**
 * Where a visitor's payment continues: the planting form is answered with a redirect
 * to Stripe Checkout's page, and browsers apply form-action to a form's redirects too. Null when
 * payments are off; the checkout page's own server when the SDK is pointed elsewhere (the tests'
 * fake Stripe, STRIPE_API_HOST).
 */
function checkoutOrigin(s: Settings = settings()): string | null {
  if (!s.STRIPE_SECRET_KEY) return null;
  if (!s.STRIPE_API_HOST) return "https://checkout.stripe.com";
  const port = s.STRIPE_API_PORT ? `:${s.STRIPE_API_PORT}` : "";
  return `${s.STRIPE_API_PROTOCOL ?? "https"}://${s.STRIPE_API_HOST}${port}`;
}

/** The policy: what may run is given by `scripts` (and the same for inline style elements). */
export function contentSecurityPolicy(scripts: ScriptSource, options: PolicyOptions = {}): string {
  const sources = (hashes: string[]) => hashes.map((hash) => ` '${hash}'`).join("");
  let scriptSrc = "script-src 'self'";
  let styleSrc = "style-src 'self'";
  if (scripts !== "self-only" && "nonce" in scripts) {
    scriptSrc += ` 'nonce-${scripts.nonce}' 'strict-dynamic'`;
    styleSrc += options.dev ? " 'unsafe-inline'" : ` 'nonce-${scripts.nonce}'`;
  } else if (scripts !== "self-only") {
    scriptSrc += sources(scripts.hashes);
    styleSrc += sources(options.styleHashes ?? []);
  }
  if (options.docs) styleSrc += " 'unsafe-inline'";
  if (options.dev) scriptSrc += " 'unsafe-eval'";
  const checkout = checkoutOrigin();
  return [
    "default-src 'self'",
    scriptSrc,
    styleSrc,
    // The deceased's portrait (Defunt.ImageUrl) lives on the operator's site.
    options.docs ? "img-src 'self' data:" : "img-src 'self' data: https:",
    options.docs ? "font-src 'self' data:" : "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    checkout ? `form-action 'self' ${checkout}` : "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
