// OpenTelemetry traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/settings.ts): the HTTP
// requests the server answers and makes, the database queries (pg) and the background jobs, sent
// to that OTLP/HTTP endpoint (its /v1/traces). Only traces: the metrics are Prometheus's
// (/metrics). The standard OTEL_* variables tune the rest (OTEL_SERVICE_NAME, sampling, batch
// delays). Started by lib/observability/start-tracing.ts, the first import of each process's
// entry (scripts/start.ts), before anything loads pg or node:http.
//
// The SDK is loaded (synchronously, by require) only when tracing is on: a process without it
// loads none of it.
import { createRequire } from "node:module";
import { settings } from "@memorial/lib/settings";
import type * as Exporter from "@opentelemetry/exporter-trace-otlp-http";
import type * as Http from "@opentelemetry/instrumentation-http";
import type * as Pg from "@opentelemetry/instrumentation-pg";
import type * as Sdk from "@opentelemetry/sdk-node";
import { createRouteMatcher, listRouteTemplates, pathOf, type RouteMatcher } from "./routes";

const SERVICE = "memorial-trees";

/** A partner's key as a /v1 path may carry it (lib/operators/keys.ts makes them so). */
const KEY_IN_TEXT = /mt_[a-z]+_[A-Za-z0-9_-]+/g;

const hideKeys = (value: unknown) =>
  typeof value === "string" && value.includes("mt_") ? value.replace(KEY_IN_TEXT, "{key}") : value;

/**
 * The exporter, sent spans without a partner's key in their name or attributes. Next.js's own
 * spans (the request it handles, named and labelled by its URL before its route is known) are
 * made where no hook of ours reaches: their text is cleared here, on its way out, once for all.
 */
function withoutKeys(exporter: Sdk.tracing.SpanExporter): Sdk.tracing.SpanExporter {
  const cleared = (span: Sdk.tracing.ReadableSpan): Sdk.tracing.ReadableSpan => {
    const attributes = Object.fromEntries(
      Object.entries(span.attributes).map(([name, value]) => [name, hideKeys(value)]),
    );
    // The span's other fields are read through the original, unchanged.
    return Object.create(span, {
      name: { value: hideKeys(span.name), enumerable: true },
      attributes: { value: attributes, enumerable: true },
    });
  };
  return {
    export: (spans, done) => exporter.export(spans.map(cleared), done),
    shutdown: () => exporter.shutdown(),
    forceFlush: exporter.forceFlush ? () => exporter.forceFlush!() : undefined,
  };
}

let routes: RouteMatcher | undefined;
let started = false;

/** Starts tracing in this process if OTEL_EXPORTER_OTLP_ENDPOINT is set; true when it did. */
export function startTracing(): boolean {
  const endpoint = settings().OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return false;
  if (started) return true;
  started = true;
  {
    const require = createRequire(import.meta.url);
    const { NodeSDK } = require("@opentelemetry/sdk-node") as typeof Sdk;
    const { OTLPTraceExporter } = require("@opentelemetry/exporter-trace-otlp-http") as typeof Exporter;
    const { HttpInstrumentation } = require("@opentelemetry/instrumentation-http") as typeof Http;
    const { PgInstrumentation } = require("@opentelemetry/instrumentation-pg") as typeof Pg;
    const sdk = new NodeSDK({
      serviceName: process.env.OTEL_SERVICE_NAME || SERVICE,
      traceExporter: withoutKeys(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` })),
      // Traces only: no OTLP metrics or logs.
      metricReaders: [],
      logRecordProcessors: [],
      instrumentations: [
        new HttpInstrumentation({
          // The exporter's own requests would each be traced in turn.
          ignoreOutgoingRequestHook: (request) => String(request.path ?? "").startsWith("/v1/traces"),
          // A request's path may carry a partner's key (/v1/{key}/...): its span shows the route
          // template instead, as the logs and the metrics do.
          requestHook(span, request) {
            if (!("url" in request) || typeof request.url !== "string") return;
            routes ??= createRouteMatcher(listRouteTemplates(process.cwd()));
            const route = routes.match(pathOf(request.url));
            span.updateName(`${request.method ?? ""} ${route}`);
            span.setAttributes({
              "http.route": route,
              "http.target": route,
              "url.path": route,
              "http.url": route,
              "url.full": route,
            });
          },
        }),
        new PgInstrumentation({ requireParentSpan: false }),
      ],
    });
    sdk.start();
    // The modules the instrumentations patch, loaded now through require so that they are patched
    // before the code imports them (an ES import of an already loaded CommonJS module gets the
    // same, patched, exports).
    require("node:http");
    require("node:https");
    require("pg");
    const flush = () => void sdk.shutdown().catch(() => {});
    process.once("beforeExit", flush);
  }
  return true;
}
