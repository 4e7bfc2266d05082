// The metrics of the work waiting in the database, read at each scrape of /metrics: they say the
// same whichever process runs the jobs (every instance, one, or none), and cost a few indexed
// queries per scrape. The background jobs (graphile-worker's tables), the e-mail outbox, the
// domain events not yet dispatched to their durable consumers, and the webhook deliveries.

import { db } from "@memorial/lib/db/client";
import { JOB_SCHEMA } from "@memorial/lib/jobs/tasks";
import client from "prom-client";

interface Backlog {
  jobs: { task: string; queued: number; running: number; retrying: number; failed: number; oldest: number }[];
  emails: { status: string; count: number; oldest: number }[];
  events: { count: number; oldest: number };
  webhooks: { status: string; count: number; oldest: number }[];
}

let reading: { at: number; backlog: Promise<Backlog> } | undefined;

/** One reading per scrape: the gauges below all ask within the same instant. */
function backlog(): Promise<Backlog> {
  if (!reading || Date.now() - reading.at > 1_000) {
    reading = { at: Date.now(), backlog: readBacklog() };
    reading.backlog.catch(() => {
      reading = undefined;
    });
  }
  return reading.backlog;
}

async function readBacklog(): Promise<Backlog> {
  // Ages in seconds (0 when nothing waits); counts as plain numbers. Every task ever added is
  // listed, with zeros when none of its jobs waits.
  const [jobs, emails, events, webhooks] = await Promise.all([
    db.$queryRawUnsafe<Backlog["jobs"]>(`
      SELECT t.identifier AS "task",
        count(*) FILTER (WHERE j.locked_at IS NULL AND j.run_at <= now() AND j.attempts < j.max_attempts)::int AS "queued",
        count(*) FILTER (WHERE j.locked_at IS NOT NULL)::int AS "running",
        count(*) FILTER (WHERE j.attempts < j.max_attempts AND (j.payload->>'_failures') IS NOT NULL)::int AS "retrying",
        count(*) FILTER (WHERE j.attempts >= j.max_attempts)::int AS "failed",
        coalesce(extract(epoch FROM now() - min(j.run_at) FILTER (
          WHERE j.locked_at IS NULL AND j.run_at <= now() AND j.attempts < j.max_attempts)), 0)::float8 AS "oldest"
      FROM ${JOB_SCHEMA}._private_tasks t LEFT JOIN ${JOB_SCHEMA}._private_jobs j ON j.task_id = t.id
      GROUP BY t.identifier`),
    db.$queryRaw<Backlog["emails"]>`
      SELECT "status"::text AS "status", count(*)::int AS "count",
        coalesce(extract(epoch FROM now() - min("created_at")), 0)::float8 AS "oldest"
      FROM "outgoing_email" WHERE "status" <> 'sent' GROUP BY "status"`,
    db.$queryRaw<Backlog["events"][]>`
      SELECT count(*)::int AS "count", coalesce(extract(epoch FROM now() - min("created_at")), 0)::float8 AS "oldest"
      FROM "domain_event" WHERE "dispatched_at" IS NULL`,
    db.$queryRaw<Backlog["webhooks"]>`
      SELECT "status"::text AS "status", count(*)::int AS "count",
        coalesce(extract(epoch FROM now() - min("created_at")), 0)::float8 AS "oldest"
      FROM "webhook_delivery" WHERE "status" <> 'sent' GROUP BY "status"`,
  ]);
  return { jobs, emails, events: events[0] ?? { count: 0, oldest: 0 }, webhooks };
}

type Labels = Record<string, string>;

/** A gauge whose values are read from the backlog at each scrape. */
function backlogGauge(
  name: string,
  help: string,
  labelNames: string[],
  values: (backlog: Backlog) => [Labels, number][],
) {
  if (client.register.getSingleMetric(name)) return;
  new client.Gauge({
    name,
    help,
    labelNames,
    async collect() {
      const read = await backlog();
      this.reset();
      for (const [labels, value] of values(read)) this.set(labels, value);
    },
  });
}

/** A gauge by task of one of the jobs' counts or ages. */
const taskGauge = (name: string, help: string, value: (job: Backlog["jobs"][number]) => number) =>
  backlogGauge(name, help, ["task"], (b) => b.jobs.map((j) => [{ task: j.task }, value(j)]));

type StatusRow = { status: string; count: number; oldest: number };

/** A gauge by status of the rows not sent, every status listed (0 when no row is in it). */
const statusGauge = (
  name: string,
  help: string,
  statuses: string[],
  rows: (backlog: Backlog) => StatusRow[],
) =>
  backlogGauge(name, help, ["status"], (b) =>
    statuses.map((status) => [{ status }, rows(b).find((r) => r.status === status)?.count ?? 0]),
  );

/** A gauge of one value. */
const singleGauge = (name: string, help: string, value: (backlog: Backlog) => number) =>
  backlogGauge(name, help, [], (b) => [[{}, value(b)]]);

/** The age of the oldest row still pending (0: none). */
const oldestPending = (rows: StatusRow[]) => rows.find((r) => r.status === "pending")?.oldest ?? 0;

const OUTBOX_STATUSES = ["pending", "held", "failed"];
const WEBHOOK_STATUSES = ["pending", "failed"];

/** Registers the backlog gauges (once per process). */
export function registerBacklogMetrics(): void {
  taskGauge("jobs_queued", "Background jobs due and waiting for a worker, by task", (j) => j.queued);
  taskGauge("jobs_running", "Background jobs held by a worker, by task", (j) => j.running);
  taskGauge(
    "jobs_retrying",
    "Background jobs that failed at least once and wait for their next attempt, by task",
    (j) => j.retrying,
  );
  taskGauge("jobs_failed", "Background jobs given up after their last attempt, by task", (j) => j.failed);
  taskGauge(
    "jobs_oldest_queued_age_seconds",
    "How long the oldest job due has waited for a worker, by task (0: none waits)",
    (j) => j.oldest,
  );
  statusGauge(
    "email_outbox_messages",
    "E-mails of the outbox not sent: pending (to send or retry), held (no SMTP_URL), failed (given up)",
    OUTBOX_STATUSES,
    (b) => b.emails,
  );
  singleGauge(
    "email_outbox_oldest_pending_age_seconds",
    "Age of the oldest e-mail still pending (0: none)",
    (b) => oldestPending(b.emails),
  );
  singleGauge(
    "domain_events_undispatched",
    "Domain events not yet dispatched to their durable consumers (e-mails, webhooks)",
    (b) => b.events.count,
  );
  singleGauge(
    "domain_events_oldest_undispatched_age_seconds",
    "Age of the oldest domain event not yet dispatched (0: none)",
    (b) => b.events.oldest,
  );
  statusGauge(
    "webhook_deliveries",
    "Webhook deliveries not delivered: pending (to send or retry) and failed (given up)",
    WEBHOOK_STATUSES,
    (b) => b.webhooks,
  );
  singleGauge(
    "webhook_oldest_pending_age_seconds",
    "Age of the oldest webhook delivery still pending (0: none)",
    (b) => oldestPending(b.webhooks),
  );
}
