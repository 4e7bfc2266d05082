// GET /docs/assets/init.js: starts the reference (a file rather than an inline script, so that the
// page's Content-Security-Policy allows only the service's own scripts).
// The element is not #api-reference, which the bundle would also mount by itself. No font service,
// no AI agent, no developer toolbar: the page talks to this service only.
const INIT = `Scalar.createApiReference("#reference", {
  url: "/openapi.json",
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  agent: { disabled: true },
  documentDownloadType: "json",
});
`;

export function GET() {
  return new Response(INIT, {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}
