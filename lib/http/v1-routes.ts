// Issue 22.2: in production the HTTP server (lib/http/server.ts) calls the /v1 route handlers
// itself instead of going through Next.js's request handling (a Web Request, async hooks, the
// route module's work stores: most of the time of a /v1 request answered from memory). The route
// handlers under app/v1 stay the only code of the API, and Next.js still serves them in
// `npm run dev`. The route table is read from app/v1 when the server starts, so it lists every
// route.ts there; paths are matched as Next.js matches them: segment by segment, a static
// segment before a dynamic one ([name]), dynamic segments decoded with decodeURIComponent.
import { readdirSync } from "node:fs";
import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { constants, deflateSync, gzipSync } from "node:zlib";

export type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response> | Response;
export type RouteModule = Partial<Record<string, RouteHandler>>;

export interface V1Route {
  /** The route's folder under app/v1, e.g. "Memorial/[memorialId]/Infos". */
  path: string;
  file: string;
}

interface Node {
  route?: V1Route;
  statics: Map<string, Node>;
  dynamic?: { name: string; node: Node };
}

/** Every app/v1/**\/route.ts, found from the project folder. */
export function listV1Routes(projectDir: string): V1Route[] {
  const root = path.join(projectDir, "app", "v1");
  const routes: V1Route[] = [];
  const walk = (dir: string, rel: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...rel, entry.name]);
      else if (/^route\.(ts|js)$/.test(entry.name)) {
        routes.push({ path: rel.join("/"), file: path.join(dir, entry.name) });
      }
    }
  };
  walk(root, []);
  return routes.sort((a, b) => a.path.localeCompare(b.path));
}

export interface V1Match {
  route: V1Route;
  params: Record<string, string>;
}

export interface V1Router {
  routes: V1Route[];
  /** The route a /v1 path (already cleared by lib/v1/guard.ts) is served by, or null. */
  match(pathname: string): V1Match | null;
  load(route: V1Route): Promise<RouteModule>;
}

export function createV1Router(routes: V1Route[]): V1Router {
  const root: Node = { statics: new Map() };
  for (const route of routes) {
    let node = root;
    for (const segment of route.path.split("/")) {
      const dynamic = /^\[([A-Za-z0-9_]+)\]$/.exec(segment);
      if (/^\[\[?\.\.\./.test(segment) || segment.startsWith("(") || segment.startsWith("@")) {
        throw new Error(
          `app/v1/${route.path}: catch-all segments, groups and slots are not routed by lib/http/v1-routes.ts`,
        );
      }
      if (dynamic) {
        const name = dynamic[1]!;
        if (node.dynamic && node.dynamic.name !== name) {
          throw new Error(`app/v1/${route.path}: two names for one dynamic segment`);
        }
        node.dynamic ??= { name, node: { statics: new Map() } };
        node = node.dynamic.node;
      } else {
        let child = node.statics.get(segment);
        if (!child) {
          child = { statics: new Map() };
          node.statics.set(segment, child);
        }
        node = child;
      }
    }
    node.route = route;
  }

  const modules = new Map<string, Promise<RouteModule>>();

  function walk(node: Node, segments: string[], i: number, params: Record<string, string>): V1Route | null {
    if (i === segments.length) return node.route ?? null;
    const segment = segments[i]!;
    const fixed = node.statics.get(segment);
    if (fixed) {
      const found = walk(fixed, segments, i + 1, params);
      if (found) return found;
    }
    if (node.dynamic && segment !== "") {
      const found = walk(node.dynamic.node, segments, i + 1, params);
      if (found) {
        params[node.dynamic.name] = decodeURIComponent(segment);
        return found;
      }
    }
    return null;
  }

  return {
    routes,
    match(pathname) {
      if (!pathname.startsWith("/v1/")) return null;
      const params: Record<string, string> = {};
      const route = walk(root, pathname.slice(4).split("/"), 0, params);
      return route ? { route, params } : null;
    },
    load(route) {
      let loaded = modules.get(route.file);
      if (!loaded) {
        loaded = import(pathToFileURL(route.file).href) as Promise<RouteModule>;
        modules.set(route.file, loaded);
        loaded.catch(() => modules.delete(route.file));
      }
      return loaded;
    },
  };
}

/** The largest body read for a route handler: anything larger is refused by lib/v1/handler.ts. */
const BODY_LIMIT = 64 * 1024 + 1;

/**
 * Answers a /v1 request with its route handler, as Next.js would: HEAD is the GET handler without
 * its body. Returns false when the path or the method has no handler here: Next.js answers it
 * (its JSON 404 of app/v1-fallback, its 405).
 */
export async function serveV1(
  router: V1Router,
  pathname: string,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  extraHeaders: Record<string, string>,
): Promise<boolean> {
  const found = router.match(pathname);
  if (!found) return false;
  const method = request.method ?? "GET";
  const module = await router.load(found.route);
  const handler = method === "HEAD" ? (module.HEAD ?? module.GET) : module[method];
  if (typeof handler !== "function") return false;

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
    params: Promise.resolve(found.params),
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
    return true;
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
  return true;
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
 * The coding the compression middleware chose for an Accept-Encoding header (its `negotiator`):
 * the highest q among gzip, deflate and identity, in that order on ties; `*` stands for those the
 * header does not name; identity not named gets the lowest q the header gives (a 0 counted as 1);
 * deflate only where gzip is not acceptable at all.
 */
export function preferredEncoding(header: string | undefined): "gzip" | "deflate" | "identity" {
  if (!header) return "identity";
  const q = new Map<string, number>();
  let lowest = 1;
  for (const part of header.split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    if (!name?.trim()) continue;
    const given = parameters.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    const value = given === undefined ? 1 : Number(given);
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
    lowest = Math.min(lowest, value || 1);
  }
  const of = (coding: string) => q.get(coding) ?? q.get("*") ?? (coding === "identity" ? lowest : 0);
  const best = (codings: ("gzip" | "deflate" | "identity")[]) =>
    codings.reduce((chosen, coding) => (of(coding) > of(chosen) ? coding : chosen));
  const chosen = best(["gzip", "deflate", "identity"]);
  if (of(chosen) === 0) return "identity";
  return chosen === "deflate" && of("gzip") > 0 ? best(["gzip", "identity"]) : chosen;
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
