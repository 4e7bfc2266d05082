// The v1 API's router: the HTTP server (lib/service/server.ts) answers every /v1 request from here,
// in `npm run dev`, in the tests and in `npm start` alike, with the route table of
// lib/v1/routes.ts (issue 28.2); Next.js never sees a /v1 path. Paths are matched segment by
// segment, a static segment before a dynamic one ([name]), dynamic segments decoded with
// decodeURIComponent. A listed path answers its other methods with 405 and the Allow header; an
// unlisted path answers the JSON 404 (contract.md, "Base address and routing"). Issue 22.2: calling
// the handlers from here rather than through Next.js's request handling (a Web Request, async
// hooks, the route module's work stores) is most of what makes a /v1 read answered from memory
// fast (docs/performance.md).
import type http from "node:http";
import { constants, deflateSync, gzipSync } from "node:zlib";
import { createPathTrie } from "@memorial/lib/path-trie";
import { serializeContexte } from "@memorial/lib/v1/contexte";
import { errorBody } from "@memorial/lib/v1/errors";
import { json, methodNotAllowed, type RouteHandler } from "@memorial/lib/v1/handler";
import type { V1Method, V1RouteDefinition } from "@memorial/lib/v1/routes";
import Negotiator from "negotiator";

interface V1Match {
  route: V1RouteDefinition;
  params: Record<string, string>;
}

export interface V1Router {
  routes: V1RouteDefinition[];
  /** The route a /v1 path (already cleared by lib/v1/guard.ts) is served by, or null. */
  match(pathname: string): V1Match | null;
}

export function createV1Router(routes: V1RouteDefinition[]): V1Router {
  for (const route of routes) {
    if (route.path.split("/").some((segment) => segment === "" || /^\[\[?\.\.\./.test(segment))) {
      throw new Error(`v1 route ${route.path}: only static segments and [name] are routed`);
    }
  }
  const trie = createPathTrie(routes.map((route) => ({ segments: route.path.split("/"), value: route })));
  return {
    routes,
    match(pathname) {
      if (!pathname.startsWith("/v1/")) return null;
      const found = trie.match(pathname.slice(4).split("/"));
      if (!found) return null;
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(found.params)) params[name] = decodeURIComponent(value);
      return { route: found.value, params };
    },
  };
}

/** The JSON 404 of a /v1 path no route serves; a key written as a path segment is not echoed back. */
function noEndpoint(method: string, pathname: string): Response {
  const shown = pathname
    .split("/")
    .map((segment) => (/^mt_(live|test)_/.test(segment) ? "{key}" : segment))
    .join("/")
    .slice(0, 200);
  return json(404, errorBody(404, `no endpoint ${method} ${shown}`, serializeContexte(null, [])));
}

/** The handler of `method` on a matched route: HEAD is GET without its body; others get 405. */
function handlerOf(route: V1RouteDefinition, method: string): RouteHandler {
  const own = route.methods[(method === "HEAD" ? "GET" : method) as V1Method];
  return own ?? methodNotAllowed(Object.keys(route.methods));
}

/** The largest body read for a route handler: anything larger is refused by lib/v1/handler.ts. */
const BODY_LIMIT = 64 * 1024 + 1;

/** Answers a /v1 request (its path already cleared by lib/v1/guard.ts) from the route table. */
export async function serveV1(
  router: V1Router,
  pathname: string,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  extraHeaders: Record<string, string>,
): Promise<void> {
  const method = request.method ?? "GET";
  const found = router.match(pathname);
  const handler: RouteHandler = found
    ? handlerOf(found.route, method)
    : async () => noEndpoint(method, decodeURIComponent(pathname));

  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else headers.set(name, value);
  }
  const init: RequestInit = { method, headers };
  let complete = true;
  if (method !== "GET" && method !== "HEAD") {
    const read = await readBody(request);
    init.body = new Uint8Array(read.body);
    complete = read.complete;
  }
  // A fixed origin, as Next.js gave one (its own address, never the Host header, which a client
  // chooses: "a:b" is no URL authority). Handlers read the path and query from it; the links they
  // write take their origin from APP_URL or the checked Host (lib/links.ts publicOrigin).
  const answer = await handler(new Request(`http://localhost${request.url ?? "/"}`, init), {
    params: Promise.resolve(found?.params ?? {}),
  });
  const body = method === "HEAD" ? null : Buffer.from(await answer.arrayBuffer());
  const out: Record<string, string | string[]> = { ...extraHeaders };
  answer.headers.forEach((value, name) => {
    out[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) out["set-cookie"] = cookies;
  const sent = body ? encoded(request, out, body) : null;
  if (sent) out["content-length"] = String(sent.length);
  if (complete) {
    response.writeHead(answer.status, out);
    response.end(sent ?? undefined);
    return;
  }
  // Issue 27.14: a body past the limit (the handler answered 413). Closing now, while the client
  // still sends, makes its system reset the connection and drop the answer it has not read yet
  // (about one time in four): the answer is written at once, and the connection closed only once
  // the rest of the body is read and dropped, up to DRAIN_LIMIT more bytes.
  out.connection = "close";
  response.writeHead(answer.status, out);
  if (sent) response.write(sent);
  if (await drained(request)) response.end();
  else response.destroy();
}

/** How much more of a refused body is read and dropped so that its answer is read. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/** Reads and drops the rest of `request`'s body: true once it ended, false past DRAIN_LIMIT or on an error. */
function drained(request: http.IncomingMessage): Promise<boolean> {
  if (request.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let size = 0;
    const finish = (ended: boolean) => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onError);
      request.off("close", onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_LIMIT) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const onClose = () => finish(request.readableEnded);
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onError);
    request.on("close", onClose);
    request.resume();
  });
}

/** Answers smaller than this are sent as they are (the compression middleware's threshold). */
const COMPRESS_THRESHOLD = 1024;

/**
 * The body as Next.js's compression (the `compression` middleware) would send it: a text or JSON
 * answer says `Vary: Accept-Encoding`, and from 1 KiB on it is gzipped (or deflated) when the
 * client accepts it and its Cache-Control does not say no-transform. Compressed in one call at
 * zlib's fastest level, the whole answer being at hand: the middleware's stream cost a zlib stream
 * and a socket write per chunk (issue 22.3: zlib and socket writes were a quarter of the server's
 * CPU under 20 report clients), and level 1 costs a fraction of level 6 for an answer 10-15 %
 * larger. Sets Content-Encoding in `headers` when it compresses.
 */
export function encoded(
  request: http.IncomingMessage,
  headers: Record<string, string | string[]>,
  body: Buffer,
): Buffer {
  const type = String(headers["content-type"] ?? "");
  if (!/^(application\/(json|[\w.+-]*\+json)|text\/)/i.test(type)) return body;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(headers["cache-control"] ?? ""))) return body;
  const vary = String(headers.vary ?? "");
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) {
    headers.vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  }
  if (body.length < COMPRESS_THRESHOLD || headers["content-encoding"]) return body;
  const coding = preferredEncoding(request.headers["accept-encoding"]);
  if (coding === "identity") return body;
  headers["content-encoding"] = coding;
  const options = { level: constants.Z_BEST_SPEED };
  return coding === "gzip" ? gzipSync(body, options) : deflateSync(body, options);
}

/**
 * The coding for an Accept-Encoding header, chosen as Next.js's compression middleware chooses it
 * (node_modules/next/dist/compiled/compression): `negotiator` picks among gzip, deflate and
 * identity, and deflate gives way to gzip wherever gzip is acceptable at all.
 */
export function preferredEncoding(header: string | undefined): "gzip" | "deflate" | "identity" {
  if (!header) return "identity";
  const negotiator = new Negotiator({ headers: { "accept-encoding": header } });
  let chosen = negotiator.encoding(["gzip", "deflate", "identity"]);
  if (chosen === "deflate" && negotiator.encoding(["gzip"]))
    chosen = negotiator.encoding(["gzip", "identity"]);
  return chosen === "gzip" || chosen === "deflate" ? chosen : "identity";
}

/**
 * The request's body, at most BODY_LIMIT bytes (the handler refuses a larger one by its size);
 * `complete` is false when it stopped there, the rest of the body not read yet.
 */
function readBody(request: http.IncomingMessage): Promise<{ body: Buffer; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (complete: boolean) => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", reject);
      // Paused until the answer is written (drained above).
      if (!complete) request.pause();
      resolve({ body: Buffer.concat(chunks).subarray(0, BODY_LIMIT), complete });
    };
    const onEnd = () => finish(true);
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= BODY_LIMIT) finish(false);
    };
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", reject);
  });
}
