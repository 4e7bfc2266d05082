// The v1 wrapper: every /v1 route handler is one call of `v1()`. It awaits the path parameters,
// authenticates the key, keeps the resolved Contexte for the response (errors included), parses
// JSON bodies, maps errors to the Error object and never lets HTML, a stack trace or SQL out.

import { actingAs } from "@memorial/lib/audit/actor";
import {
  countRefused,
  databaseUp,
  isConnectionError,
  probeDatabase,
  reportDatabaseFailure,
} from "@memorial/lib/db/health";
import { isTransactionTimeout } from "@memorial/lib/db/raw";
import { DomainError } from "@memorial/lib/errors";
import { BodyTooLargeError, readCappedText } from "@memorial/lib/http/capped-body";
import { noteOperator } from "@memorial/lib/observability/request-context";
import type { ContextChain } from "@memorial/lib/operators/contexts";
import { authenticate } from "@memorial/lib/operators/key-cache";
import type { Caller } from "@memorial/lib/operators/keys";
import { settings } from "@memorial/lib/settings";
import { type ContexteObject, serializeContexte } from "./contexte";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  errorBody,
  invalidParam,
  mapError,
  SERVICE_BUSY_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  WireError,
} from "./errors";
import { locateJsonError } from "./json-syntax";
import { apiRateLimit, withRateLimitHeaders } from "./rate-limit";

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Requests of /v1 handled at once by this process before it sheds load: above it a request is
 * answered at once with 503 and Retry-After rather than left to wait for a database connection
 * until it times out (V1_MAX_IN_FLIGHT, default 200).
 */
const maxInFlight = () => settings().V1_MAX_IN_FLIGHT;
const load = { inFlight: 0 };
/** The deepest nesting of objects and arrays a JSON body may have. */
export const MAX_JSON_DEPTH = 32;

export interface V1Request {
  request: Request;
  params: Record<string, string>;
  search: URLSearchParams;
  /**
   * The authenticated key's Scope (lib/scope.ts: its operator, its environment, the key as actor)
   * with the operator's name and language; every use case and read of /v1 takes it.
   */
  caller: Caller;
  /** Set by a handler once it knows the context it acts for; used by every response. */
  chain: ContextChain;
  /** The JSON body, for methods that carry one (already parsed, not yet validated). */
  body: unknown;
}

export interface V1Options {
  /** "path": the report and Infos paths, where the {key} segment may stand for the header. */
  auth: "header" | "path";
  body?: boolean;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** A /v1 route's handler of one method: a Web Request in, a Web Response out (lib/v1/routes.ts). */
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export function json(status: number, body: unknown, headers?: HeadersInit): Response {
  return jsonText(status, JSON.stringify(body), headers);
}

/** json() of a body already written as JSON text. */
export function jsonText(status: number, text: string, headers?: HeadersInit): Response {
  return new Response(text, {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    },
  });
}

/**
 * The JSON text of `answer` with its `field` (an empty array in `answer`) holding `itemsJson`, items
 * written as JSON before: a listing's page kept by a cache, a report's lines written by
 * PostgreSQL. The field is found as the last `"field":[]` of the text: what follows it in an
 * answer is numbers and booleans only.
 */
export function withItemsJson(answer: object, field: string, itemsJson: string): string {
  const text = JSON.stringify(answer);
  const empty = `"${field}":[]`;
  const at = text.lastIndexOf(empty);
  return `${text.slice(0, at)}"${field}":${itemsJson}${text.slice(at + empty.length)}`;
}

/**
 * The 503 of a request the service cannot take now and that a retry will serve: more requests in
 * flight than V1_MAX_IN_FLIGHT, or a transaction that ran out of time and was rolled back.
 */
function serviceBusy(contexte: ContexteObject, headers: Record<string, string> | null = null): Response {
  return json(503, errorBody(503, SERVICE_BUSY_MESSAGE, contexte, "SERVICE_UNAVAILABLE"), {
    ...headers,
    "retry-after": "1",
  });
}

/**
 * The envelope shared by every success response. An endpoint adds its fields to it with
 * Object.assign rather than object spread: V8 (Node.js 20) builds `{ ...a, ...b }` key by key on
 * its slow path, 5-20 µs an object of the API's size against under 1 µs (docs/performance.md).
 */
export function envelope(req: V1Request, objet: string) {
  return {
    Objet: objet,
    Date: new Date().toISOString(),
    Statut: "Ok",
    Contexte: serializeContexte(req.caller, req.chain),
  };
}

/** A body past MAX_BODY_BYTES: 413 PAYLOAD_TOO_LARGE. */
const bodyTooLarge = () =>
  new WireError("PAYLOAD_TOO_LARGE", `the body is larger than ${MAX_BODY_BYTES / 1024} KiB`, null, null, 413);

async function readJson(request: Request): Promise<unknown> {
  let text: string;
  try {
    text = await readCappedText(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw bodyTooLarge();
    throw error;
  }
  if (!text.trim()) throw new DomainError("INVALID_INPUT", "the body is empty: a JSON object is expected");
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new DomainError("INVALID_INPUT", `the body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new WireError("MALFORMED_JSON", malformedJsonMessage(text));
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new DomainError("INVALID_INPUT", "the body must be a JSON object");
  }
  return value;
}

/** Where a body that JSON.parse refused breaks, said so that a partner finds it in their request. */
export function malformedJsonMessage(text: string): string {
  const where = locateJsonError(text);
  if (!where) return "the body is not valid JSON";
  return `the body is not valid JSON at line ${where.line}, column ${where.column} (offset ${where.offset}): ${where.reason}`;
}

/** The deepest nesting of `[` and `{` in a JSON text, outside strings; one pass, no recursion. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

/**
 * No parameter of any operation may hold U+0000: PostgreSQL refuses it in text, and a parameter
 * reaching a statement with it would fail there (a 500) instead of here (400 naming it).
 */
function refuseNul(params: Record<string, string>, search: URLSearchParams) {
  for (const [name, value] of [...Object.entries(params), ...search.entries()]) {
    if (value.includes("\u0000"))
      throw invalidParam(name, `${name}: must not contain the NUL character`, "invalid");
  }
}

/** A path with the key segment of the report and Infos paths hidden: keys never reach the logs. */
export function redactKey(pathname: string): string {
  return pathname.replace(/^\/v1\/[^/]+\/(Report|Memorial)\//, "/v1/[key]/$1/");
}

export function v1(
  options: V1Options,
  handler: (req: V1Request) => Promise<Response | object>,
): RouteHandler {
  return async (request, context) => {
    if (load.inFlight >= maxInFlight()) {
      return serviceBusy(serializeContexte(null, []));
    }
    load.inFlight++;
    let caller: Caller | null = null;
    let chain: ContextChain = [];
    // The key's rate-limit headers, on every answer once the key is known (errors included).
    let limitHeaders: Record<string, string> | null = null;
    const req = { chain } as V1Request;
    try {
      const raw = await context.params;
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(raw ?? {})) {
        params[name] = Array.isArray(value) ? value.join("/") : value;
      }
      const headerKey = request.headers.get("key");
      const pathKey = options.auth === "path" ? params.key : undefined;
      if (headerKey && pathKey && headerKey !== pathKey) {
        throw new DomainError("ACCESS_DENIED", "the key of the path and the key header differ");
      }
      const key = headerKey || pathKey;
      if (!key) throw new DomainError("ACCESS_DENIED", "the key header is missing");
      caller = await authenticate(key);
      if (!caller) throw new DomainError("ACCESS_DENIED", "the key is unknown or revoked");
      noteOperator(caller.operatorId);
      const counted = apiRateLimit(caller);
      const limit = counted instanceof Promise ? await counted : counted;
      limitHeaders = limit?.headers ?? null;
      if (limit && !limit.allowed) {
        const message = `the key made ${limit.max} requests in a minute, its limit (API_RATE_LIMIT); retry in ${limit.retryAfterSeconds} s`;
        return json(429, errorBody(429, message, serializeContexte(caller, []), "RATE_LIMITED"), {
          ...limit.headers,
          "retry-after": String(limit.retryAfterSeconds),
        });
      }
      // Next.js hands a route file its request with the URL already parsed (NextRequest's nextUrl).
      const parsed = (request as { nextUrl?: { searchParams: URLSearchParams } }).nextUrl;
      const search = parsed ? parsed.searchParams : new URL(request.url).searchParams;
      refuseNul(params, search);
      Object.assign(req, {
        request,
        params,
        search,
        caller,
        body: options.body ? await readJson(request) : undefined,
      });
      const result = await actingAs(caller.actor, () => handler(req));
      return result instanceof Response
        ? withRateLimitHeaders(result, limitHeaders)
        : json(200, result, limitHeaders ?? undefined);
    } catch (error) {
      // A use case that resolved its context before failing says so on the error.
      const known = error instanceof DomainError && Array.isArray(error.context) ? error.context : null;
      chain = (known as ContextChain | null) ?? req.chain ?? [];
      const contexte = serializeContexte(caller, chain);
      const mapped = mapError(error);
      if (mapped && mapped.code !== "INTERNAL") {
        // A misconfiguration of the service (HOST_NOT_ALLOWED, 503) is for its operator: one line.
        if (mapped.status >= 500) console.warn(`[v1] ${mapped.code}: ${mapped.message}`);
        return json(
          mapped.status,
          errorBody(mapped.status, mapped.message, contexte, mapped.code, mapped.champ),
          limitHeaders ?? undefined,
        );
      }
      if (isTransactionTimeout(error)) {
        // Rolled back, nothing written (the database overloaded, a lock held too long): said in one
        // line, and the partner retries, as when this instance is busy.
        const what = (error as { code?: string }).code ?? (error as Error).name;
        console.warn(
          `[v1] ${request.method} ${redactKey(new URL(request.url).pathname)}: its transaction ran out of time and was rolled back (${what})`,
        );
        return serviceBusy(contexte, limitHeaders);
      }
      if (await databaseWentAway(error)) {
        // Said once by lib/db/health.ts, with the count of refused requests; not one stack each.
        return json(503, errorBody(503, DATABASE_UNAVAILABLE_MESSAGE, contexte, "DATABASE_UNAVAILABLE"), {
          "retry-after": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
        });
      }
      console.error(`[v1] ${request.method} ${redactKey(new URL(request.url).pathname)} failed`, error);
      return json(
        500,
        errorBody(500, "an unexpected error occurred; it has been logged", contexte, "INTERNAL"),
        limitHeaders ?? undefined,
      );
    } finally {
      load.inFlight--;
    }
  };
}

/**
 * Whether an unexpected error is the database going away: an error that says so, or any error
 * while a probe finds it unreachable (a shape of error not known yet). Counts the request as
 * refused when so.
 */
async function databaseWentAway(error: unknown): Promise<boolean> {
  if (isConnectionError(error)) reportDatabaseFailure(error);
  else if (databaseUp() && (await probeDatabase())) return false;
  countRefused();
  return true;
}

/** For the methods a path does not have: a JSON 405 rather than Next's empty one. */
export function methodNotAllowed(allowed: string[]) {
  return async (request: Request) =>
    json(
      405,
      errorBody(
        405,
        `${request.method} is not allowed on this path; use ${allowed.join(", ")}`,
        serializeContexte(null, []),
        "METHOD_NOT_ALLOWED",
      ),
      { allow: allowed.join(", ") },
    );
}
