// The service's Prometheus metrics (prom-client), served at /metrics by the HTTP server
// (lib/service/observed.ts). One registry per process, prom-client's default one, whichever copy
// of this module records into it: Next.js loads prom-client from node_modules (next.config.mjs
// serverExternalPackages) like the server's own module graph does, and each metric is taken from
// the registry by its name when it is already there. What to watch and alert on:
// docs/operations.md, "Metrics, logs and traces".

import type { Pool } from "pg";
import client from "prom-client";

function metric<T extends client.Metric>(name: string, create: () => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? create();
}

// The process's CPU, memory, event loop delay and garbage collection (process_*, nodejs_*), once
// per registry, as the metrics below: a second copy of this module finds them there.
if (!client.register.getSingleMetric("process_cpu_user_seconds_total")) client.collectDefaultMetrics();

/** Seconds: 5 ms to 30 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function httpRequestDuration(): client.Histogram<"method" | "route" | "status"> {
  return metric(
    "http_request_duration_seconds",
    () =>
      new client.Histogram({
        name: "http_request_duration_seconds",
        help: "Time from a request's arrival to the end of its answer, by method, route template and status",
        labelNames: ["method", "route", "status"] as const,
        buckets: DURATION_BUCKETS,
      }),
  );
}

// The database pools of this process (lib/db/client.ts registers them), read at each scrape.
type PoolCounts = Pick<Pool, "totalCount" | "idleCount" | "waitingCount">;
const pools = new Map<string, PoolCounts>();

/** Makes a pg pool's connections and waiting clients visible as db_pool_* under `name`. */
export function registerPool(name: string, pool: PoolCounts): void {
  pools.set(name, pool);
  poolGauge(
    "db_pool_connections_in_use",
    "Connections of the pool lent to a query or a transaction",
    (p) => p.totalCount - p.idleCount,
  );
  poolGauge("db_pool_connections_idle", "Open connections of the pool waiting for work", (p) => p.idleCount);
  poolGauge(
    "db_pool_waiting_clients",
    "Queries and transactions waiting for a connection of the pool",
    (p) => p.waitingCount,
  );
}

/** A gauge by pool of one of its counts, read at each scrape. */
function poolGauge(name: string, help: string, value: (pool: PoolCounts) => number): void {
  metric(
    name,
    () =>
      new client.Gauge({
        name,
        help,
        labelNames: ["pool"] as const,
        collect() {
          this.reset();
          for (const [pool, p] of pools) this.set({ pool }, value(p));
        },
      }),
  );
}

const domainEvents = () =>
  metric(
    "domain_events_total",
    () =>
      new client.Counter({
        name: "domain_events_total",
        help: "Domain events committed by this process, by type (lib/events/events.ts)",
        labelNames: ["type"] as const,
      }),
  );
const plantings = () =>
  metric(
    "plantings_total",
    () =>
      new client.Counter({
        name: "plantings_total",
        help: "Trees planted (tree.planted events committed by this process)",
      }),
  );
const confirmations = () =>
  metric(
    "confirmations_total",
    () =>
      new client.Counter({
        name: "confirmations_total",
        help: "Memorials confirmed by their family (memorial.confirmed events committed by this process)",
      }),
  );

// Shown from the start (at 0), not from the first event.
domainEvents();
plantings();
confirmations();

/** Counts the domain events a transaction of this process committed. */
export function countCommittedEvents(events: { type: string }[]): void {
  for (const { type } of events) {
    domainEvents().inc({ type });
    if (type === "tree.planted") plantings().inc();
    else if (type === "memorial.confirmed") confirmations().inc();
  }
}

/** The text of /metrics. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: client.register.contentType, body: await client.register.metrics() };
}
