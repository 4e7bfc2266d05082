// The production HTTP server, run by the launcher (scripts/start.ts) in its own process, beside the
// job runner, instead of `next start`: Next.js through its programmatic API behind node:http, so that the
// server's own limits can be set. With `next start`, a client sending its headers one line every
// 10 s keeps its connection for minutes (300 such clients hold 300 sockets), and TRACE answers a
// text 500. Next.js serves every page and every route file, the v1 API's (app/v1) included. In
// front of it: what Next.js answers before any /v1 route file, answered as JSON (lib/v1/guard.ts),
// and the rendered-page cache of memorial pages; in front of everything, /healthz, /readyz and the
// 503 answers while the instance starts or its database is away (lib/service/availability.ts).
import http from "node:http";
import { CLIENT_HEADER, socketClient } from "@memorial/lib/auth/client-address";
import { redirectMerged } from "@memorial/lib/http/merged-redirect";
import { createMemorialPageCache } from "@memorial/lib/http/page-cache";
import { RENDER_MARK_HEADER } from "@memorial/lib/http/render-mark";
import { markNoindex } from "@memorial/lib/http/robots";
import { SECURITY_HEADERS } from "@memorial/lib/http/security-headers";
import { noteClient } from "@memorial/lib/observability/request-context";
import { pathOf } from "@memorial/lib/observability/routes";
import { answerTakenDown } from "@memorial/lib/privacy/gone-page";
import { observed } from "@memorial/lib/service/observed";
import { holdSettings } from "@memorial/lib/settings";
import { guardV1Request, isV1Request, v1Failed } from "@memorial/lib/v1/guard";
import next from "next";
import { refuseWhileUnavailable, serveProbes } from "./availability";
import { createLightPages } from "./light-pages";
import { refuseUnhandledMethod, serverTimeouts, toOriginForm } from "./server-options";

export interface HttpServerOptions {
  /** Next.js's development mode (`npm run dev`): hot reload, no page cache. */
  dev: boolean;
  port: number;
  hostname: string;
  /** Behind a reverse proxy, the client's address is the last one of X-Forwarded-For. */
  trustProxy: boolean;
  /** Memory of the rendered-page cache; 0 turns it off. */
  pageCacheBytes: number;
}

export type RequestHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface HttpServer {
  server: http.Server;
  /** Serves the application from now on (before: 503 to all but /healthz and /readyz). */
  attach(handler: RequestHandler, upgrade?: UpgradeHandler): void;
  /**
   * Stops accepting connections and waits, at most `graceMs`, for the requests in flight; then
   * closes what is left. Resolves true when every request in flight finished.
   */
  close(graceMs: number): Promise<boolean>;
}

type UpgradeHandler = (
  request: http.IncomingMessage,
  socket: import("node:stream").Duplex,
  head: Buffer,
) => void;

/** The port is taken (or cannot be bound): the launcher says so and exits non-zero. */
export class ListenError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = "ListenError";
  }
}

/**
 * Binds the port first, before the database and Next.js are started: a port already taken stops
 * the launcher at once, and /healthz and /readyz answer from the start. Until the
 * application is attached, and whenever the database cannot be reached, requests are answered
 * 503 by lib/service/availability.ts.
 */
export async function listenHttp(port: number, hostname: string): Promise<HttpServer> {
  const timeouts = serverTimeouts();
  let app: RequestHandler | null = null;
  let inFlight = 0;
  const idle = new Set<() => void>();
  // Request ids, request log lines, request metrics and /metrics (lib/service/observed.ts).
  const serve = observed((request, response) => {
    inFlight++;
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      if (--inFlight === 0) for (const wake of [...idle]) wake();
    };
    response.once("finish", finished);
    response.once("close", finished);
    const path = pathOf(request.url);
    if (serveProbes(request, response, path)) return;
    if (refuseWhileUnavailable(request, response, path)) return;
    app?.(request, response);
  });
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeout,
      requestTimeout: timeouts.requestTimeout,
      keepAliveTimeout: timeouts.keepAliveTimeout,
      connectionsCheckingInterval: timeouts.connectionsCheckingInterval,
    },
    (request, response) => {
      toOriginForm(request);
      serve(request, response);
    },
  );
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const why =
        error.code === "EADDRINUSE"
          ? `port ${port} on ${hostname} is already in use (another instance of the service, or another program): stop it, or set PORT`
          : error.code === "EACCES"
            ? `port ${port} on ${hostname} may not be bound by this user: set PORT (above 1023)`
            : `cannot listen on ${hostname}:${port}: ${error.message}`;
      reject(new ListenError(why, error.code));
    };
    server.once("error", failed);
    server.listen(port, hostname, () => {
      server.off("error", failed);
      resolve();
    });
  });
  console.log(
    `server: listening on http://${hostname}:${port} (headers timeout ${timeouts.headersTimeout} ms, ` +
      `request timeout ${timeouts.requestTimeout} ms, keep-alive ${timeouts.keepAliveTimeout} ms)`,
  );
  return {
    server,
    attach(handler, upgrade) {
      app = handler;
      if (upgrade) server.on("upgrade", upgrade);
    },
    async close(graceMs) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const drained = await Promise.race([
        new Promise<boolean>((resolve) => {
          if (inFlight === 0) return resolve(true);
          idle.add(() => resolve(true));
        }),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
      ]);
      // Connections kept alive after their last answer close now, not at their keep-alive timeout.
      server.closeAllConnections();
      await closed;
      return drained;
    },
  };
}

/**
 * Prepares Next.js and returns the handler of every request it serves (with the rendered-page
 * cache in front of the memorial pages).
 */
export async function createAppHandler(
  options: HttpServerOptions,
): Promise<{ handler: RequestHandler; upgrade?: UpgradeHandler }> {
  const { dev, port, hostname, trustProxy } = options;

  const app = next({ dev, hostname, port });
  await app.prepare();
  // The environment is set: settings() stops reading it at every call (lib/settings.ts).
  holdSettings();
  const handle = app.getRequestHandler();
  // The rendered-page cache renders the memorial pages it keeps through Next.js's handler, in this
  // process (lib/http/page-render.ts).
  const pageCache =
    !dev && options.pageCacheBytes > 0
      ? createMemorialPageCache({ handle, maxBytes: options.pageCacheBytes })
      : null;
  // The public pages the cache does not keep, answered without Next.js's client runtime too.
  const lightPages = dev ? null : createLightPages({ handle });

  const handler: RequestHandler = (request, response) => {
    if (refuseUnhandledMethod(request, response)) return;
    // Only the process's own renders carry the render mark (lib/http/render-mark.ts).
    delete request.headers[RENDER_MARK_HEADER];
    // The sign-in limits count by client address (lib/auth/sign-in.ts); a client's own copy of
    // the header is replaced, so it cannot choose its address.
    const client = socketClient(request.socket.remoteAddress, request.headers["x-forwarded-for"], trustProxy);
    request.headers[CLIENT_HEADER] = client;
    noteClient(client);
    const fail = (error: unknown) => {
      console.error("request failed", error);
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      response.end("Internal server error\n");
    };
    // What Next.js itself would answer before any /v1 route handler (a text 500, a redirect, an
    // empty 405) is answered here with the Error object (lib/v1/guard.ts); the rest of /v1 is
    // Next.js's: the route files of app/v1.
    const path = pathOf(request.url);
    if (isV1Request(path, request.url)) {
      const refused = guardV1Request(request.method ?? "", path, request.url);
      if (refused) return void send(refused, response).catch(fail);
      return void handle(request, response).catch((error) => {
        console.error("request failed", error);
        if (response.headersSent) return void response.end();
        send(v1Failed(), response).catch(fail);
      });
    }
    // A memorial page that is not public for search engines says so in a header too.
    const robots = path.startsWith("/memorial/") ? markNoindex(path, response) : Promise.resolve();
    robots
      .then(async () => {
        // A memorial merged into another answers 301 to the kept one.
        if (path.startsWith("/memorial/") && (await redirectMerged(request, response, path))) return;
        // A memorial taken down by its family answers 410 Gone, on every instance.
        if (
          path.startsWith("/memorial/") &&
          (await answerTakenDown(request, response, path, SECURITY_HEADERS))
        )
          return;
        if (await pageCache?.handle(request, response)) return;
        if (await lightPages?.handle(request, response, path)) return;
        return handle(request, response);
      })
      .catch(fail);
  };
  // Development mode: Next.js's hot reload speaks over a WebSocket (an HTTP upgrade).
  if (!dev) return { handler };
  const upgradeNext = app.getUpgradeHandler();
  return {
    handler,
    upgrade: (request, socket, head) => {
      upgradeNext(request, socket, head).catch(() => socket.destroy());
    },
  };
}

async function send(answer: Response, response: http.ServerResponse) {
  const body = await answer.text();
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(body);
}
