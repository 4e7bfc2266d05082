// The Content-Security-Policy of the pages. Pages rendered for one request carry a fresh nonce
// (proxy.ts); a public memorial page served from the rendered-page cache (page-cache.ts) is the
// same for every visitor, so it allows exactly the inline scripts it contains, by their SHA-256
// hashes, and scripts from the service's own origin: no other inline script can run.
type ScriptSource = { nonce: string } | { hashes: string[] } | "self-only";

/** The policy: what may run is given by `scripts` (and the same for inline style elements). */
export function contentSecurityPolicy(
  scripts: ScriptSource,
  options: { dev?: boolean; styleHashes?: string[] } = {},
): string {
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
  if (options.dev) scriptSrc += " 'unsafe-eval'";
  return [
    "default-src 'self'",
    scriptSrc,
    styleSrc,
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
