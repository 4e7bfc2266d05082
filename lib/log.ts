// The service's one logger: structured JSON lines (pino) on standard output, one object per line,
// for every process of the service (web server, jobs, command line). What a line may carry is
// decided here: secrets are redacted by path whatever the caller passes (API keys, tokens,
// passwords, cookies, authorization headers, e-mail bodies), so a careless `log.info({ headers })`
// cannot leak one. LOG_LEVEL (lib/settings.ts) chooses the level: trace, debug, info, warn, error,
// fatal or silent.

import { settings } from "@memorial/lib/settings";
import pino, { type Logger } from "pino";

/** Field names whose values never reach a log line, at any depth the paths below name. */
const SECRET_FIELDS = [
  "key",
  "apiKey",
  "token",
  "password",
  "secret",
  "cookie",
  "authorization",
  "text",
  "html",
  "body",
];

const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  'headers["key"]',
  'headers["cookie"]',
  'headers["authorization"]',
  'req.headers["key"]',
  'req.headers["cookie"]',
  'req.headers["authorization"]',
];

let root: Logger | undefined;

/** The root logger of this process, made on first use (after the settings are checked). */
function logger(): Logger {
  root ??= pino({
    level: settings().LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    formatters: { level: (label) => ({ level: label }) },
  });
  return root;
}

/** A logger whose lines all carry `component` (e.g. "jobs", "http", "db"). */
export function componentLogger(component: string): Logger {
  return logger().child({ component });
}

/**
 * A logger for a line written on every request, whose fields its one caller fixes and fills with
 * no secret (lib/service/observed.ts: request id, method, route template, status, duration,
 * operator id): it skips the redaction pass, which costs twice the rest of the line.
 */
export function fixedFieldsLogger(component: string): Logger {
  return logger().child({ component }, { redact: [] });
}
