// What Next.js itself would answer before any route handler (a redirect for a trailing slash, an
// empty 204 for OPTIONS, a text 500 for a malformed %-escape or an unknown method) is answered
// here, from the HTTP server in front of Next.js (lib/service/server.ts), with the Error object:
// every /v1 response is JSON (contract.md). Next.js gives a route file no say in these: it answers
// them before it routes. The headers of next.config.mjs are added, as Next.js adds them.
import { SECURITY_HEADERS } from "@memorial/lib/http/security-headers";
import { serializeContexte } from "./contexte";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  type ErrorCode,
  errorBody,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from "./errors";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"]);

function jsonError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code?: ErrorCode,
): Response {
  return new Response(JSON.stringify(errorBody(status, message, serializeContexte(null, []), code)), {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...SECURITY_HEADERS,
      ...headers,
    },
  });
}

/**
 * The answer of a /v1 request while the database cannot be reached (or the service is starting):
 * 503, the Error object with its own Code, and Retry-After (lib/service/availability.ts).
 */
export function v1Unavailable(message = DATABASE_UNAVAILABLE_MESSAGE): Response {
  return jsonError(
    503,
    message,
    { "retry-after": String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    "DATABASE_UNAVAILABLE",
  );
}

/**
 * The answer of a /v1 request whose handling failed before or outside its route file (Next.js's
 * handler itself rejected): the Error object, as every other /v1 failure.
 */
export function v1Failed(): Response {
  return jsonError(500, "an unexpected error occurred; it has been logged", {}, "INTERNAL");
}

/**
 * Whether a request goes to /v1: its path (`pathOf`, dot segments resolved) is under /v1, or its
 * target starts with repeated slashes before v1 ("//v1/Especes", which Next.js would redirect).
 */
export function isV1Request(path: string, target: string | undefined): boolean {
  return path === "/v1" || path.startsWith("/v1/") || /^\/{2,}v1(?:[/?]|$)/.test(target ?? "");
}

/**
 * The Error object for what Next.js would answer itself before routing a /v1 request; null when
 * the request goes on to its route file. `path` is the request's path (`pathOf`), `target` the
 * request target as sent, whose empty segments Next.js would redirect away.
 */
export function guardV1Request(method: string, path: string, target = path): Response | null {
  try {
    decodeURIComponent(path);
  } catch {
    return jsonError(400, "the path is not valid: a %-escape does not encode UTF-8 text");
  }
  if (!METHODS.has(method)) {
    return jsonError(405, `${method.slice(0, 20)} is not allowed; the API uses GET, POST and PUT`, {
      allow: "GET, POST, PUT",
    });
  }
  if (path.length > 1 && path.endsWith("/")) {
    return jsonError(404, "no endpoint at a path ending with /: remove the trailing slash");
  }
  // Next.js redirects a path with an empty segment to the path without it (308, text): a client
  // following it would send a creation again, to an address it did not name.
  const query = target.indexOf("?");
  if ((query === -1 ? target : target.slice(0, query)).includes("//")) {
    return jsonError(404, "no endpoint at a path with an empty segment (//): remove the extra /");
  }
  return null;
}
