// The wrapper of the dashboard's JSON and CSV route handlers (called by React Query in the
// browser with the session cookie). Each request is checked here, where the data is read:
// a cross-site request is refused (Fetch Metadata; for other methods than GET, the Origin must be
// this site), the session must be valid, and the handler gets the session's operatorId.
// Responses are private and never stored by a shared cache.
import { ZodError } from "zod";
import { getOperatorSession, type OperatorSession } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors";
import { fromThisSite } from "@/lib/http/same-origin";
import { hasRole, type Role } from "@/lib/users/roles";
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
export const sameOrigin = (request: Request) => fromThisSite(request, { originRequired: true });

/**
 * A dashboard route: `role` is the role it needs (staff by default; admin routes say so). A user
 * without it gets 403 FORBIDDEN, its role read from the database on this very request.
 */
export function dashboardRoute(
  handler: (req: DashboardRequest) => Promise<Response | object>,
  options: { role?: Role } = {},
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (!sameOrigin(request)) return jsonResponse(403, { error: "FORBIDDEN", message: "cross-site request" });
    try {
      const session = await getOperatorSession();
      if (!session) return jsonResponse(401, { error: "UNAUTHENTICATED", message: "sign in first" });
      if (!hasRole(session.role, options.role ?? "staff")) {
        return jsonResponse(403, { error: "FORBIDDEN", message: "this needs the admin role" });
      }
      const result = await handler({ request, search: new URL(request.url).searchParams, session });
      return result instanceof Response ? result : jsonResponse(200, result);
    } catch (error) {
      if (error instanceof DomainError && error.status < 500) {
        return jsonResponse(error.status, {
          error: error.code,
          message: error.message,
          field: error.problem?.field,
        });
      }
      if (error instanceof ZodError) {
        return jsonResponse(400, { error: "INVALID_INPUT", message: zodMessage(error) });
      }
      console.error("dashboard route failed", error);
      return jsonResponse(500, { error: "INTERNAL", message: "unexpected error" });
    }
  };
}
