// What the HTTP server (lib/service/server.ts) does for every request to make the service observable:
// - an id for the request: the client's X-Request-Id when it is a sane one (a proxy's), else a new
//   one; sent back in X-Request-Id and written on the request's log line;
// - one JSON log line when the answer is sent (lib/log.ts): method, route template (never the
//   path, which may carry a partner's key), status, duration, request id, operator when known;
// - the request's duration in the http_request_duration_seconds histogram;
// - a page rendered in the process for a visitor (lib/http/page-render.ts: the page cache's and
//   the light pages' renders) is made in memory, inside the visitor's request, which alone is
//   counted and logged;
// - /metrics (Prometheus, lib/observability/metrics.ts): outside production open; in production a
//   404 unless METRICS_TOKEN is set, then only with `Authorization: Bearer <METRICS_TOKEN>`.
import { randomUUID, timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { registerBacklogMetrics } from "@memorial/lib/jobs/backlog-metrics";
import { componentLogger, fixedFieldsLogger } from "@memorial/lib/log";
import { httpRequestDuration, metricsText } from "@memorial/lib/observability/metrics";
import { withRequestContext } from "@memorial/lib/observability/request-context";
import {
  createRouteMatcher,
  listRouteTemplates,
  pathOf,
  type RouteMatcher,
} from "@memorial/lib/observability/routes";
import { settings } from "@memorial/lib/settings";

const REQUEST_ID_HEADER = "x-request-id";
/** A request id taken from the client: letters, digits and . _ : - only, at most 128 characters. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/**
 * Wraps the server's request handler: the request id, the log line and the metrics of each
 * request, and /metrics answered before anything else.
 */
export function observed(handler: Handler, projectDir = process.cwd()): Handler {
  const routes: RouteMatcher = createRouteMatcher(listRouteTemplates(projectDir));
  const log = componentLogger("http");
  // The request line's fields are set below and hold no secret (never the path, which may carry a
  // partner's key): it is written without the redaction pass.
  const requestLog = fixedFieldsLogger("http");
  const duration = httpRequestDuration();
  registerBacklogMetrics();
  return (request, response) => {
    const started = process.hrtime.bigint();
    const given = request.headers[REQUEST_ID_HEADER];
    const requestId = typeof given === "string" && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    request.headers[REQUEST_ID_HEADER] = requestId;
    response.setHeader("X-Request-Id", requestId);
    const path = pathOf(request.url);
    const context = { requestId, route: path === "/metrics" ? "/metrics" : routes.match(path) } as {
      requestId: string;
      route: string;
      operatorId?: number;
    };
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // A client gone before its answer: 499, as proxies write it.
      const status = response.writableFinished ? response.statusCode : 499;
      const method = request.method ?? "";
      duration.observe({ method, route: context.route, status: String(status) }, seconds);
      requestLog.info(
        {
          requestId,
          method,
          route: context.route,
          status,
          durationMs: Math.round(seconds * 1e4) / 10,
          ...(context.operatorId !== undefined ? { operatorId: context.operatorId } : {}),
        },
        "request",
      );
    };
    response.once("finish", finish);
    response.once("close", finish);
    withRequestContext(context, () => {
      if (path === "/metrics") {
        const refused = metricsRefusal(request);
        if (refused === null) {
          return void metricsText().then(
            ({ contentType, body }) => {
              response.writeHead(200, { "content-type": contentType, "cache-control": "no-store" });
              response.end(body);
            },
            (error) => {
              log.error({ err: error, requestId }, "metrics failed");
              response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
              response.end("metrics failed\n");
            },
          );
        }
        if (refused === 401) {
          response.writeHead(401, {
            "content-type": "text/plain; charset=utf-8",
            "www-authenticate": 'Bearer realm="metrics"',
          });
          return void response.end("Unauthorized\n");
        }
        // 404: off, as if there were no such page (the site's own 404).
      }
      handler(request, response);
    });
  };
}

/** null: serve /metrics; 401: a token is needed; 404: /metrics is off (production, no token set). */
export function metricsRefusal(request: http.IncomingMessage): null | 401 | 404 {
  const { METRICS_TOKEN, production } = settings();
  if (!METRICS_TOKEN) return production ? 404 : null;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1] ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(METRICS_TOKEN);
  return a.length === b.length && timingSafeEqual(a, b) ? null : 401;
}
