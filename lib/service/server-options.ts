// What the HTTP server does before Next.js sees a request: its timeouts (a client that sends its
// headers or body too slowly is disconnected) and the answer to methods Next.js does not handle.
import type { IncomingMessage, ServerResponse } from "node:http";
import { settings } from "@memorial/lib/settings";
import { serializeContexte } from "@memorial/lib/v1/contexte";
import { errorBody } from "@memorial/lib/v1/errors";

export interface ServerTimeouts {
  /** Time a client has to send the whole request head (request line and headers). */
  headersTimeout: number;
  /** Time a client has to send the whole request, body included. */
  requestTimeout: number;
  /** How long an idle keep-alive connection stays open between two requests. */
  keepAliveTimeout: number;
  /** How often the server looks for connections past those limits. */
  connectionsCheckingInterval: number;
}

export function serverTimeouts(): ServerTimeouts {
  const {
    HEADERS_TIMEOUT_MS: headersTimeout,
    REQUEST_TIMEOUT_MS,
    KEEP_ALIVE_TIMEOUT_MS: keepAliveTimeout,
  } = settings();
  // Node refuses a headers timeout longer than the request timeout.
  const requestTimeout = Math.max(REQUEST_TIMEOUT_MS, headersTimeout);
  // Node enforces the two first limits by a sweep (every 30 s by default): a slow client would keep
  // its connection up to 30 s past its limit. A sweep over the open connections is cheap.
  const connectionsCheckingInterval = Math.min(1_000, Math.floor(headersTimeout / 4));
  return { headersTimeout, requestTimeout, keepAliveTimeout, connectionsCheckingInterval };
}

/**
 * Makes an absolute-form request target ("http://host/v1/Especes", as a client speaking to a proxy
 * sends it) origin-form ("/v1/Especes"), its host the request's Host, as RFC 9112 asks of a server
 * (section 3.2.2). Next.js takes the scheme's "//" for an empty path segment: it redirected such a
 * request to its own address, or answered a page's 404.
 */
export function toOriginForm(request: IncomingMessage): void {
  const target = request.url;
  if (!target || target.startsWith("/")) return;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(target);
  if (!absolute) return;
  const rest = target.slice(absolute[0].length);
  request.url = rest.startsWith("/") ? rest : `/${rest}`;
  const host = absolute[1].slice(absolute[1].lastIndexOf("@") + 1);
  if (host) request.headers.host = host;
}

/** The methods the service answers; Next.js answers any other (TRACE, PROPFIND, ...) with a text 500. */
const HANDLED = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);
const PAGE_ALLOW = "GET, HEAD, POST";
const API_ALLOW = "GET, POST, PUT";

function isApiPath(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  return path === "/v1" || path.startsWith("/v1/");
}

/**
 * Answers a request whose method Next.js does not handle with a 405 (the JSON Error object under
 * /v1, as every /v1 answer is JSON, a plain text elsewhere) and returns true; false otherwise.
 */
export function refuseUnhandledMethod(request: IncomingMessage, response: ServerResponse): boolean {
  const method = request.method ?? "";
  if (HANDLED.has(method)) return false;
  const shown = method.replace(/[^A-Z_-]/gi, "").slice(0, 20);
  let body: string;
  if (isApiPath(request.url ?? "")) {
    body = JSON.stringify(
      errorBody(405, `${shown} is not allowed; the API uses GET, POST and PUT`, serializeContexte(null, [])),
    );
    response.writeHead(405, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      allow: API_ALLOW,
      "content-length": Buffer.byteLength(body),
    });
  } else {
    body = `Method ${shown} is not allowed.\n`;
    response.writeHead(405, {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      allow: PAGE_ALLOW,
      "content-length": Buffer.byteLength(body),
    });
  }
  // The body of a TRACE or an unknown method is not read: close rather than keep the connection.
  response.shouldKeepAlive = false;
  response.end(body);
  return true;
}
