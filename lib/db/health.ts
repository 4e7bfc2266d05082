// Whether this process can reach its database, known by every part of it: the HTTP server answers
// 503 instead of running requests while it cannot (lib/http/outage.ts), the /v1 handlers map a
// lost connection to 503 (lib/v1/handler.ts), the job runner waits for it before starting again
// (lib/jobs/runner.ts), /readyz reports it. It is fed by the errors that say the database went
// away (isConnectionError) and by a probe (`SELECT 1` on a connection of its own) that runs only
// while the database is thought down, once a second, until it answers. The log says once that the
// database is unreachable and once that it is back, with the number of requests refused between
// the two: not one stack per request.

import { componentLogger } from "@memorial/lib/log";
import { settings } from "@memorial/lib/settings";
import pg from "pg";

/** PostgreSQL's codes of a server going away or refusing connections for now. */
const SERVER_GONE = new Set([
  "57P01", // admin_shutdown: the server is stopping
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or in recovery
  "53300", // too_many_connections
]);
/** Socket errors of a server that cannot be reached. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOENT", // a Unix socket that is not there
]);
/** Prisma's codes: cannot reach (P1001), timed out (P1002), connection closed (P1017), pool timeout (P2024). */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2024"]);
/** The driver adapter's kinds of the same (@prisma/adapter-pg convertDriverError). */
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
/**
 * node-postgres's own errors for a connection that died carry no code, only these messages (its
 * lib/client.js); Prisma passes them on as a plain Error inside a transaction.
 */
const PG_CONNECTION_MESSAGES = [
  "Connection terminated unexpectedly",
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
];

/** Whether `error` (or what it wraps) says that the database cannot be reached or went away. */
export function isConnectionError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as {
    code?: unknown;
    kind?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: unknown };
    errors?: unknown;
  };
  const code = typeof e.code === "string" ? e.code : "";
  if (SERVER_GONE.has(code) || code.startsWith("08") || SOCKET_CODES.has(code) || PRISMA_CODES.has(code)) {
    return true;
  }
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  if (e.kind === "postgres" && typeof (e as { originalCode?: unknown }).originalCode === "string") {
    const original = (e as { originalCode: string }).originalCode;
    if (SERVER_GONE.has(original) || original.startsWith("08")) return true;
  }
  if (typeof e.message === "string" && PG_CONNECTION_MESSAGES.some((m) => e.message === m)) return true;
  if (isConnectionError(e.cause, depth + 1)) return true;
  if (isConnectionError(e.meta?.driverAdapterError, depth + 1)) return true;
  // A socket error of several addresses (localhost: ::1 and 127.0.0.1) is an AggregateError.
  if (Array.isArray(e.errors)) return e.errors.some((inner) => isConnectionError(inner, depth + 1));
  return false;
}

interface HealthState {
  up: boolean;
  /** When a probe last found it up. */
  confirmedAt: number;
  /** When it was first thought down. */
  downSince: number;
  /** Requests answered 503 since then. */
  refused: number;
  probing: Promise<boolean> | null;
  timer: NodeJS.Timeout | null;
  waiters: Set<() => void>;
}

const state: HealthState = {
  up: true,
  confirmedAt: 0,
  downSince: 0,
  refused: 0,
  probing: null,
  timer: null,
  waiters: new Set(),
};

const log = () => componentLogger("db");
const PROBE_INTERVAL_MS = 1000;
const PROBE_TIMEOUT_MS = 3000;

/** Whether the database answered last time this process looked (true until something failed). */
export function databaseUp(): boolean {
  return state.up;
}

/** When a probe last found the database up (0: never). */
export function lastConfirmedUp(): number {
  return state.confirmedAt;
}

/** Counts a request refused because the database is down (said in the "back" line). */
export function countRefused(): void {
  state.refused++;
}

/**
 * The database failed `error` (a connection error, or anything while it is already thought down):
 * marks it down, says so once, and probes until it answers.
 */
export function reportDatabaseFailure(error: unknown): void {
  if (!state.up) return;
  state.up = false;
  state.downSince = Date.now();
  state.refused = 0;
  log().error(
    { err: { message: (error as Error)?.message, code: (error as { code?: unknown })?.code } },
    "database unreachable: requests are answered 503 and jobs wait until it answers again",
  );
  scheduleProbe(0);
}

function markUp() {
  if (state.up) return;
  state.up = true;
  log().warn(
    { downForMs: Date.now() - state.downSince, refusedRequests: state.refused },
    `database back after ${((Date.now() - state.downSince) / 1000).toFixed(1)} s; ${state.refused} requests were refused meanwhile`,
  );
  for (const wake of [...state.waiters]) wake();
}

function scheduleProbe(delay: number) {
  if (state.timer) return;
  state.timer = setTimeout(() => {
    state.timer = null;
    void probeDatabase().then((up) => {
      if (!up) scheduleProbe(PROBE_INTERVAL_MS);
    });
  }, delay);
  state.timer.unref?.();
}

/**
 * Asks the database now (`SELECT 1` on a connection of its own, 3 s at most); marks it up or down
 * by the answer. Simultaneous calls share one probe.
 */
export function probeDatabase(): Promise<boolean> {
  state.probing ??= (async () => {
    const url = settings().DATABASE_URL;
    if (!url) return false;
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
      application_name: "memorial-health",
    });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("SELECT 1");
      state.confirmedAt = Date.now();
      markUp();
      return true;
    } catch (error) {
      if (state.up) reportDatabaseFailure(error);
      return false;
    } finally {
      client.end().catch(() => {});
    }
  })().finally(() => {
    state.probing = null;
  });
  return state.probing;
}

/**
 * Resolves once the database answers (at once when it is thought up), or false after `timeoutMs`
 * or when `signal` aborts.
 */
export function databaseAnswers(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
  if (state.up) return Promise.resolve(true);
  scheduleProbe(0);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      state.waiters.delete(wake);
      clearTimeout(timer);
      signal?.removeEventListener("abort", abort);
      resolve(value);
    };
    const wake = () => done(true);
    const abort = () => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    state.waiters.add(wake);
    signal?.addEventListener("abort", abort);
  });
}
