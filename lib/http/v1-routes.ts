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
  const host = request.headers.host;
  const origin = host && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? `http://${host}` : "http://localhost";
  const init: RequestInit = { method, headers };
  if (method !== "GET" && method !== "HEAD") init.body = new Uint8Array(await readBody(request));
  const answer = await handler(new Request(`${origin}${request.url ?? "/"}`, init), {
    params: Promise.resolve(found.params),
  });
  const body = method === "HEAD" ? null : Buffer.from(await answer.arrayBuffer());
  const out: Record<string, string | string[]> = { ...extraHeaders };
  answer.headers.forEach((value, name) => {
    out[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) out["set-cookie"] = cookies;
  if (body) out["content-length"] = String(body.length);
  response.writeHead(answer.status, out);
  response.end(body ?? undefined);
  return true;
}

/** The request's body, at most BODY_LIMIT bytes (the handler refuses a larger one by its size). */
function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      request.off("data", onData);
      request.off("end", finish);
      request.off("error", reject);
      resolve(Buffer.concat(chunks).subarray(0, BODY_LIMIT));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      // Enough to refuse it: the rest is read and dropped (the server's request timeout bounds it).
      if (size >= BODY_LIMIT) finish();
    };
    request.on("data", onData);
    request.on("end", finish);
    request.on("error", reject);
  });
}
