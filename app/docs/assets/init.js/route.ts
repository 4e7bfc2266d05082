// GET /docs/assets/init.js: starts the reference (a file rather than an inline script, so that the
// page's Content-Security-Policy allows only the service's own scripts).
const INIT = `Scalar.createApiReference("#api-reference", {
  url: "/openapi.json",
  withDefaultFonts: false,
  hideClientButton: false,
  documentDownloadType: "json",
});
`;

export function GET() {
  return new Response(INIT, {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}
