// GET of the dashboard's JSON routes, for React Query: an ended session goes back to sign-in.
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

export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" }, credentials: "same-origin" });
  if (response.status === 401) {
    window.location.assign("/dashboard/signin");
    throw new RequestError(401, "signed out");
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const translated = typeof body?.message === "string" && typeof body?.lang === "string";
    throw new RequestError(response.status, body?.message ?? response.statusText, body?.error, translated);
  }
  return body as T;
}
