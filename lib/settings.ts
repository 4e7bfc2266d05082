// The service's settings: every environment variable docs/settings.md names, read and
// checked here only, once per set of values. A bad value is refused by name (at start-up, by the
// launcher, before anything runs) instead of quietly becoming NaN or a default somewhere else.
// Values are read from process.env when asked for, so a test may change a setting between calls.
import { z } from "zod";

const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

/** A whole number from `min` to `max`; unset or empty gives `fallback`. */
function integer(min: number, max: number, fallback: number) {
  return z
    .string()
    .optional()
    .transform((raw, context) => {
      const text = raw?.trim();
      if (!text) return fallback;
      const value = Number(text);
      if (Number.isInteger(value) && value >= min && value <= max) return value;
      context.addIssue({
        code: "custom",
        message: `must be a whole number from ${min} to ${max}, got "${raw}"`,
      });
      return z.NEVER;
    });
}

/** A text setting: trimmed, unset or empty gives `fallback`. */
function text<F extends string | undefined>(fallback: F) {
  return z
    .string()
    .optional()
    .transform((raw) => (raw?.trim() ? raw.trim() : fallback));
}

/** An absolute http(s) address without a trailing slash, or undefined. */
const origin = z
  .string()
  .optional()
  .transform((raw, context) => {
    const value = raw?.trim();
    if (!value) return undefined;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({
        code: "custom",
        message: `must be an absolute address such as https://trees.example.org, got "${raw}"`,
      });
      return z.NEVER;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      context.addIssue({ code: "custom", message: `must start with http:// or https://, got "${raw}"` });
      return z.NEVER;
    }
    return value.replace(/\/+$/, "");
  });

/** "1" or "0"; anything else (unset included) is undefined: the mode decides. */
const switchSetting = z
  .string()
  .optional()
  .transform((raw, context) => {
    const value = raw?.trim().toLowerCase();
    if (!value) return undefined;
    if (value === "1" || value === "true") return true;
    if (value === "0" || value === "false") return false;
    context.addIssue({ code: "custom", message: `must be 1 or 0, got "${raw}"` });
    return z.NEVER;
  });

/**
 * Hosts (host[:port], lower-cased) separated by commas or spaces; a scheme or a path written by
 * habit (https://trees.example.org/) is left out.
 */
const hostList = z
  .string()
  .optional()
  .transform((raw) =>
    (raw ?? "")
      .split(/[\s,]+/)
      .map((entry) =>
        entry
          .trim()
          .toLowerCase()
          .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
          .replace(/[/?#].*$/, ""),
      )
      .filter(Boolean),
  );

const MS_HOUR = 3_600_000;

const ZSettings = z.object({
  NODE_ENV: text(undefined),
  DATABASE_URL: text(undefined),
  /** The schema owner's connection for the migrations (lib/db/database-url.ts); unset: DATABASE_URL. */
  MIGRATION_DATABASE_URL: text(undefined),
  DATABASE_POOL_SIZE: integer(1, 1_000, 20),
  /** A read replica for the reports only (lib/db/client.ts reportsPool); unset: DATABASE_URL. */
  REPORTS_DATABASE_URL: text(undefined),
  /** Connections of the reports' own pool (lib/db/client.ts reportsPool), on the replica or the primary. */
  REPORTS_POOL_SIZE: integer(1, 1_000, 4),
  DATA_DIR: text(".data"),
  MIGRATIONS_DIR: text("prisma/migrations"),
  PORT: integer(1, 65_535, 3000),
  HOST: text("0.0.0.0"),
  APP_URL: origin,
  ALLOWED_HOSTS: hostList,
  TRUST_PROXY: switchSetting,
  SMTP_URL: text(undefined),
  MAIL_FROM: text("Memorial trees <no-reply@memorial-trees.local>"),
  V1_MAX_IN_FLIGHT: integer(1, 100_000, 200),
  /** Requests a minute per API key (lib/v1/rate-limit.ts); 0: no limit. */
  API_RATE_LIMIT: integer(0, 10_000_000, 6_000),
  PAGE_CACHE_MB: integer(0, 1_000_000, 128),
  NEXTAUTH_SECRET: text(undefined),
  NEXTAUTH_URL: origin,
  CONFIRMATION_TTL_DAYS: integer(1, 3650, 14),
  /** Days after its creation when a family that has not confirmed gets its one reminder. */
  CONFIRMATION_REMINDER_DAYS: integer(1, 3650, 7),
  MANAGE_TTL_DAYS: integer(1, 36500, 365),
  /** Days during which a guestbook author's withdrawal link works. */
  GUESTBOOK_WITHDRAW_DAYS: integer(1, 36500, 365),
  INVITATION_TTL_DAYS: integer(1, 3650, 7),
  PASSWORD_RESET_TTL_MINUTES: integer(1, 100_000, 60),
  /** A tree dead within this many years of its day in the ground is replaced (lib/trees). */
  REPLACEMENT_YEARS: integer(0, 100, 3),
  /** Days after its last check (or its day in the ground) when a tree is due for a check. */
  TREE_CHECK_DAYS: integer(1, 3650, 365),
  /** Weeks after a memorial's creation when its family gets the closing summary. */
  CLOSING_WEEKS: integer(1, 520, 6),
  /** The least name similarity (percent, pg_trgm) of two memorials taken for duplicates. */
  DUPLICATE_NAME_SIMILARITY: integer(1, 100, 60),
  WEBHOOK_SECRET_KEY: text(undefined),
  WEBHOOK_ALLOW_PRIVATE: switchSetting,
  WEBHOOK_TIMEOUT_MS: integer(100, MS_HOUR, 10_000),
  /** The former name of JOB_RETRY_BASE_MS, read when that is not set. */
  WEBHOOK_RETRY_BASE_MS: integer(1, 24 * MS_HOUR, 30_000),
  JOB_RETRY_BASE_MS: z.string().optional(),
  JOB_WORKERS: integer(0, 1_000, 8),
  /** How long a failed job runner waits for the database before the instance exits (lib/jobs/runner.ts). */
  JOB_RECOVERY_SECONDS: integer(1, 86_400, 300),
  HEADERS_TIMEOUT_MS: integer(100, MS_HOUR, 15_000),
  REQUEST_TIMEOUT_MS: integer(100, MS_HOUR, 60_000),
  KEEP_ALIVE_TIMEOUT_MS: integer(100, MS_HOUR, 5_000),
  /** Level of the JSON log lines (lib/log.ts). */
  LOG_LEVEL: z
    .string()
    .optional()
    .transform((raw, context) => {
      const value = raw?.trim().toLowerCase() || "info";
      if (LOG_LEVELS.includes(value as (typeof LOG_LEVELS)[number]))
        return value as (typeof LOG_LEVELS)[number];
      context.addIssue({ code: "custom", message: `must be one of ${LOG_LEVELS.join(", ")}, got "${raw}"` });
      return z.NEVER;
    }),
  /** /metrics (lib/service/observed.ts): in production off unless set, then its bearer token. */
  METRICS_TOKEN: text(undefined),
  /** OpenTelemetry traces sent there (OTLP/HTTP, lib/observability/tracing.ts) when set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: origin,
  // Photos of trees (lib/photos): a folder (PHOTOS_DIR, else DATA_DIR/photos), or an
  // S3-compatible bucket when S3_BUCKET is set.
  PHOTOS_DIR: text(undefined),
  PHOTO_MAX_BYTES: integer(1, 1024 * 1024 * 1024, 10 * 1024 * 1024),
  S3_BUCKET: text(undefined),
  S3_ENDPOINT: origin,
  S3_REGION: text("us-east-1"),
  S3_ACCESS_KEY_ID: text(undefined),
  S3_SECRET_ACCESS_KEY: text(undefined),
  S3_FORCE_PATH_STYLE: switchSetting,
  // Visitors' payments with Stripe Checkout (lib/visitors/payments.ts): offered only
  // with both the secret key and the webhook's signing secret. STRIPE_API_* point the SDK at
  // another server than api.stripe.com (the tests' local fake, e2e/support/fake-stripe.ts).
  STRIPE_SECRET_KEY: text(undefined),
  STRIPE_WEBHOOK_SECRET: text(undefined),
  STRIPE_API_HOST: text(undefined),
  /** 0: the SDK's own (443). */
  STRIPE_API_PORT: integer(0, 65_535, 0),
  STRIPE_API_PROTOCOL: z
    .string()
    .optional()
    .transform((raw, context) => {
      const value = raw?.trim().toLowerCase() || undefined;
      if (value === undefined || value === "http" || value === "https") return value;
      context.addIssue({ code: "custom", message: `must be http or https, got "${raw}"` });
      return z.NEVER;
    }),
  /** Days a paid visitor's tree waits for stock before the queue gives it up and refunds it. */
  VISITOR_QUEUE_GIVE_UP_DAYS: integer(1, 3650, 30),
  // How long personal data no longer used is kept (lib/privacy/retention.ts, the daily
  // job `retention`).
  RETENTION_UNCONFIRMED_SUBSCRIPTION_DAYS: integer(1, 36_500, 30),
  RETENTION_LINK_DAYS: integer(1, 36_500, 90),
  RETENTION_EMAIL_BODY_DAYS: integer(1, 36_500, 90),
  RETENTION_WEBHOOK_DELIVERY_DAYS: integer(1, 36_500, 30),
  RETENTION_EVENT_DAYS: integer(1, 36_500, 30),
});

/**
 * Production mode, the one rule: the production rules apply (webhooks never to private
 * addresses, links in e-mails only on allowed hosts) unless NODE_ENV says `development` or `test`.
 * `npm start` sets production and `npm run dev` development (scripts/start.ts), the test runners
 * test (vitest itself, Playwright in playwright.config.ts); an operator's shell, which usually sets
 * nothing, runs the command line in production mode, as the service it works on.
 */
function isProductionMode(nodeEnv: string | undefined): boolean {
  const mode = nodeEnv?.trim().toLowerCase();
  return mode !== "development" && mode !== "test";
}

export type Settings = Omit<z.output<typeof ZSettings>, "JOB_RETRY_BASE_MS"> & {
  /** The base of the one retry policy of the jobs (WEBHOOK_RETRY_BASE_MS when unset). */
  JOB_RETRY_BASE_MS: number;
  /** Production mode (isProductionMode): the production rules apply (webhook addresses, links). */
  production: boolean;
};

const NAMES = Object.keys(ZSettings.shape) as (keyof typeof ZSettings.shape)[];

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings: ${problems.join("; ")}. See docs/settings.md.`);
  }
}

/** The settings of `env`, checked; throws SettingsError naming every bad variable. */
export function readSettings(env: Record<string, string | undefined>): Settings {
  const parsed = ZSettings.safeParse(Object.fromEntries(NAMES.map((name) => [name, env[name]])));
  if (!parsed.success) {
    throw new SettingsError(parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`));
  }
  const data = parsed.data;
  // Object storage settings without a bucket would quietly keep photos on the local disk, and one
  // half of a key pair would quietly fall back to the SDK's own credentials.
  const s3Problems: string[] = [];
  if (!data.S3_BUCKET) {
    for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const)
      if (data[name]) s3Problems.push(`${name} is set but S3_BUCKET is not (photos would stay on the disk)`);
  }
  if (!data.S3_ACCESS_KEY_ID !== !data.S3_SECRET_ACCESS_KEY)
    s3Problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither");
  if (s3Problems.length) throw new SettingsError(s3Problems);
  // A payment taken without the webhook's secret would never be confirmed: both or neither.
  if (!data.STRIPE_SECRET_KEY !== !data.STRIPE_WEBHOOK_SECRET)
    throw new SettingsError([
      "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both or neither (payments are confirmed by the signed webhook)",
    ]);
  // One retry policy for every job (lib/jobs/retry.ts); WEBHOOK_RETRY_BASE_MS was its name.
  const retryBase = integer(1, 24 * MS_HOUR, data.WEBHOOK_RETRY_BASE_MS).safeParse(data.JOB_RETRY_BASE_MS);
  if (!retryBase.success)
    throw new SettingsError([`JOB_RETRY_BASE_MS ${retryBase.error.issues[0]?.message}`]);
  return { ...data, JOB_RETRY_BASE_MS: retryBase.data, production: isProductionMode(data.NODE_ENV) };
}

let cached: { fingerprint: string; settings: Settings } | undefined;
let held = false;

/**
 * This process's settings (process.env), parsed once per set of values; once held (holdSettings),
 * the ones read last.
 */
export function settings(): Settings {
  if (held && cached) return cached.settings;
  const fingerprint = NAMES.map((name) => process.env[name] ?? "\u0000").join("\u0001");
  if (cached?.fingerprint !== fingerprint) cached = { fingerprint, settings: readSettings(process.env) };
  return cached.settings;
}

/**
 * From now on settings() answers the settings of the environment as it is now, without reading it
 * again: a running server's environment does not change. Called by the HTTP server once it is
 * prepared (lib/service/server.ts). Until then (and in the tests, which change the environment
 * between cases) every call compares the variables' values, which costs about 30 µs (Node reads
 * each of some 90 variables from the environment), and a request calls settings() dozens of
 * times: together a few per cent of the server's CPU under the reports.
 */
export function holdSettings(): Settings {
  held = false;
  const current = settings();
  held = true;
  return current;
}
