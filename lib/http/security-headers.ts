// The headers every response of the service carries. next.config.mjs sets them on what Next.js
// answers (it cannot import TypeScript; lib/http/security-headers.test.ts keeps the two lists
// equal); the HTTP server adds them to what it answers itself: the /v1 guard's refusals
// (lib/v1/guard.ts) and the pages it answers light (lib/service/light-pages.ts).
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};
