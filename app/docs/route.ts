// GET /docs: the API reference, rendered in the browser by Scalar (@scalar/api-reference) from
// /openapi.json. The page, its scripts and its data all come from this service: no CDN, no font
// service (withDefaultFonts: false). proxy.ts gives /docs its own Content-Security-Policy.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Memorial trees</title>
<link rel="icon" href="/icon.svg" type="image/svg+xml">
</head>
<body>
<noscript>The reference needs JavaScript. The document itself is at <a href="/openapi.json">/openapi.json</a>.</noscript>
<div id="reference"></div>
<script src="/docs/assets/standalone.js"></script>
<script src="/docs/assets/init.js"></script>
</body>
</html>
`;

export function GET() {
  return new Response(PAGE, {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}
