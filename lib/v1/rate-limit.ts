// The API's limit per key (issue 29.1): at most API_RATE_LIMIT requests a minute per key (0: no
// limit), counted by the one rate limiter (lib/limits/rate-limit.ts), so that every instance
// counts the same requests and the limit is exact under simultaneous requests. Every answer to an
// authenticated request says where the key stands, in the headers partners' clients read
// (RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset: seconds until the window ends); past the
// limit the answer is 429 with Retry-After and the Error object (Code RATE_LIMITED), nothing done.
import { hit } from "@/lib/limits/rate-limit";
import type { Caller } from "@/lib/operators/keys";
import { settings } from "@/lib/settings";

export const API_RATE_WINDOW_SECONDS = 60;

export type ApiRateLimit =
  | { allowed: true; headers: Record<string, string> }
  | { allowed: false; headers: Record<string, string>; retryAfterSeconds: number; max: number };

/** Counts the request of `caller`'s key; null when the limit is off (or the caller is no key). */
export async function apiRateLimit(caller: Caller): Promise<ApiRateLimit | null> {
  const max = settings().API_RATE_LIMIT;
  if (max === 0 || caller.actor.kind !== "partner-key") return null;
  const outcome = await hit([
    { bucket: "api-key", subject: caller.actor.keyId, max, windowSeconds: API_RATE_WINDOW_SECONDS },
  ]);
  const count = outcome.allowed ? outcome.counts[0] : outcome.count;
  const headers = {
    "ratelimit-limit": String(max),
    "ratelimit-remaining": String(outcome.allowed ? Math.max(0, max - (count?.hits ?? 0)) : 0),
    "ratelimit-reset": String(Math.max(0, count?.resetSeconds ?? API_RATE_WINDOW_SECONDS)),
  };
  if (outcome.allowed) return { allowed: true, headers };
  return { allowed: false, headers, retryAfterSeconds: outcome.retryAfterSeconds, max };
}

/** The answer with the limit's headers added (a Response's own headers may be immutable). */
export function withRateLimitHeaders(response: Response, headers: Record<string, string> | null): Response {
  if (!headers) return response;
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}
