// Imported first by each process's entry (scripts/start.ts): tracing starts
// before any module loads what it instruments (lib/observability/tracing.ts).
import { startTracing } from "./tracing";

startTracing();
