// GET /healthz: the load balancer's health check (README, "Running several instances"). It says
// that this instance's HTTP server and Next.js answer; it does not query the database, which every
// instance shares: a database outage is not one instance's, and taking them all out of rotation
// would not help.
export const dynamic = "force-dynamic";

const HEADERS = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };

export function GET(): Response {
  return new Response("ok\n", { status: 200, headers: HEADERS });
}

export function HEAD(): Response {
  return new Response(null, { status: 200, headers: HEADERS });
}
