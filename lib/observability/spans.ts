// Spans of the service's own work (a background job), through OpenTelemetry's API only: without
// the SDK (lib/observability/tracing.ts, OTEL_EXPORTER_OTLP_ENDPOINT unset) they cost nothing.
import { type Attributes, SpanStatusCode, trace } from "@opentelemetry/api";

const TRACER = "memorial-trees";

/** Runs `work` in a span of its own (a no-op span when tracing is off). */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return trace.getTracer(TRACER).startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}
