// Every /v1 path that no route handler serves is rewritten here (next.config.mjs, fallback
// rewrites) so that it answers a JSON 404 Error object rather than Next's HTML page.
import { serializeContexte } from "@/lib/v1/contexte";
import { errorBody } from "@/lib/v1/errors";
import { json } from "@/lib/v1/handler";

async function notFound(request: Request, context: { params: Promise<{ path?: string[] }> }) {
  const { path = [] } = await context.params;
  // A key written as a path segment is not echoed back.
  const shown =
    `/v1/${path.map((segment) => (/^mt_(live|test)_/.test(segment) ? "{key}" : segment)).join("/")}`.slice(
      0,
      200,
    );
  return json(404, errorBody(404, `no endpoint ${request.method} ${shown}`, serializeContexte(null, [])));
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const DELETE = notFound;
export const PATCH = notFound;
export const HEAD = notFound;
export const OPTIONS = notFound;
