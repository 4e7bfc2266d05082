// Requests to the dashboard's routes (GET of the JSON ones for React Query): an ended session goes
// back to sign-in, a refusal is a RequestError with the route's words.
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The route's error code (INVALID_INPUT, NOT_FOUND...), when it answered one. */
    readonly code?: string,
    /** True when `message` is the route's own, written in the user's language (web/dashboard/route.ts). */
    readonly translated = false,
  ) {
    super(message);
  }
}

/** A request to a dashboard route with the session's cookie; an ended session goes back to sign-in. */
export async function dashboardFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, credentials: "same-origin" });
  if (response.status === 401) {
    window.location.assign("/dashboard/signin");
    throw new RequestError(401, "signed out");
  }
  return response;
}

/** A refused answer as an error: the route's code and message (web/dashboard/route.ts words it). */
export function refusalError(
  response: Response,
  body: { message?: string; lang?: unknown; error?: string } | null,
) {
  const translated = typeof body?.message === "string" && typeof body?.lang === "string";
  return new RequestError(response.status, body?.message ?? response.statusText, body?.error, translated);
}

export async function fetchJson<T>(url: string): Promise<T> {
  const response = await dashboardFetch(url, { headers: { accept: "application/json" } });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw refusalError(response, body);
  return body as T;
}
