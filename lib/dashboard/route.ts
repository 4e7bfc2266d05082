// The wrapper of the dashboard's JSON and CSV route handlers (called by React Query in the
// browser with the session cookie). Each request is checked here, where the data is read:
// a cross-site request is refused (Fetch Metadata; for other methods than GET, the Origin must be
// this site), the session must be valid, and the handler gets the session's operatorId.
// Responses are private and never stored by a shared cache.
import { ZodError } from "zod";
import { getOperatorSession, type OperatorSession } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors";
import { zodMessage } from "@/lib/v1/zod-message";

export interface DashboardRequest {
  request: Request;
  search: URLSearchParams;
  session: OperatorSession;
}

const PRIVATE = { "cache-control": "private, no-store", vary: "Cookie" };

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...PRIVATE },
  });
}

/** True when the request comes from a page of this site (or from the user typing the address). */
export function sameOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  if (request.method === "GET" || request.method === "HEAD") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export function dashboardRoute(
  handler: (req: DashboardRequest) => Promise<Response | object>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (!sameOrigin(request)) return jsonResponse(403, { error: "FORBIDDEN", message: "cross-site request" });
    try {
      const session = await getOperatorSession();
      if (!session) return jsonResponse(401, { error: "UNAUTHENTICATED", message: "sign in first" });
      const result = await handler({ request, search: new URL(request.url).searchParams, session });
      return result instanceof Response ? result : jsonResponse(200, result);
    } catch (error) {
      if (error instanceof DomainError) {
        const status = error.code === "NOT_FOUND" ? 404 : error.code === "ACCESS_DENIED" ? 403 : 400;
        return jsonResponse(status, { error: error.code, message: error.message });
      }
      if (error instanceof ZodError) {
        return jsonResponse(400, { error: "INVALID_INPUT", message: zodMessage(error) });
      }
      console.error("dashboard route failed", error);
      return jsonResponse(500, { error: "INTERNAL", message: "unexpected error" });
    }
  };
}
