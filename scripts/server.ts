// The production HTTP server (lib/http/server.ts), started by the launcher (scripts/start.ts);
// `npm run dev` runs it with --dev (Next.js's development mode, no page cache).
// First: OpenTelemetry, when OTEL_EXPORTER_OTLP_ENDPOINT is set, before anything loads pg or http.
import "@/lib/observability/start-tracing";
import { startHttpServer } from "@/lib/http/server";
import { settings } from "@/lib/settings";

const { PORT, HOST, TRUST_PROXY, PAGE_CACHE_MB } = settings();
await startHttpServer({
  dev: process.argv.includes("--dev"),
  port: PORT,
  hostname: HOST,
  trustProxy: TRUST_PROXY === true,
  pageCacheBytes: PAGE_CACHE_MB * 1024 * 1024,
});
