// Whether this instance can serve, said by the HTTP server itself, ahead of Next.js (lib/service/server.ts):
// - GET /healthz, liveness: 200 while the process runs and its HTTP server answers. It does not
//   look at the database, which every instance shares: restarting an instance does not bring it
//   back (docs/operations.md).
// - GET /readyz, readiness: 200 only when the migrations are applied, the database answers, the
//   job runner runs all its workers or is taking them back (or JOB_WORKERS=0) and Next.js is
//   ready; 503 otherwise and while the instance shuts down, with what is missing in its JSON body.
// - While the instance starts, or while the database cannot be reached (lib/db/health.ts), every
//   other request is answered 503 at once with Retry-After: the API's Error object with its own
//   Code, a short page in the visitor's language for the rest. Static files are served.
import type http from "node:http";
import { countRefused, databaseUp, lastConfirmedUp, probeDatabase } from "@memorial/lib/db/health";
import { html } from "@memorial/lib/html";
import { SECURITY_HEADERS } from "@memorial/lib/http/security-headers";
import { acceptedLanguage, type Language, parseLanguage } from "@memorial/lib/i18n/languages";
import { t } from "@memorial/lib/i18n/translate";
import type { JobRunnerStatus } from "@memorial/lib/jobs/runner";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "@memorial/lib/v1/errors";
import { v1Unavailable } from "@memorial/lib/v1/guard";

/** What the launcher (scripts/start.ts) tells of the instance's life. */
export interface ServiceState {
  migrated: boolean;
  /** Next.js prepared and the application attached. */
  serving: boolean;
  /** The job runner's status, or null when this instance runs no jobs (JOB_WORKERS=0). */
  jobs: (() => JobRunnerStatus) | null;
  shuttingDown: boolean;
}

export const serviceState: ServiceState = {
  migrated: false,
  serving: false,
  jobs: null,
  shuttingDown: false,
};

interface Readiness {
  ready: boolean;
  migrations: boolean;
  database: boolean;
  jobs: JobRunnerStatus | "off";
  serving: boolean;
  shuttingDown: boolean;
}

/** A database thought up but not heard from for this long is asked again by /readyz. */
const CONFIRM_EVERY_MS = 5_000;

async function readiness(): Promise<Readiness> {
  const state = serviceState;
  let database = databaseUp();
  // Thought down: asked now, so that /readyz says 200 as soon as the API answers again (the API
  // serves once the probes of lib/db/health.ts hear the database; /readyz does not wait for them).
  if (state.migrated && (!database || Date.now() - lastConfirmedUp() > CONFIRM_EVERY_MS)) {
    database = await probeDatabase();
  }
  const jobs = state.jobs ? state.jobs() : "off";
  // A runner recovering from a failure takes its workers back as soon as the database answers, or
  // gives up within its limit and the process exits: the instance serves meanwhile, as the API does.
  const jobsReady =
    jobs === "off" ||
    jobs.state === "recovering" ||
    (jobs.state === "running" && jobs.workers === jobs.expected);
  return {
    ready: state.migrated && database && jobsReady && state.serving && !state.shuttingDown,
    migrations: state.migrated,
    database,
    jobs,
    serving: state.serving,
    shuttingDown: state.shuttingDown,
  };
}

const NO_STORE = { "cache-control": "no-store", ...SECURITY_HEADERS };

/** Answers /healthz and /readyz; false for any other request. */
export function serveProbes(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  path: string,
): boolean {
  if (path !== "/healthz" && path !== "/readyz") return false;
  const head = request.method === "HEAD";
  if (request.method !== "GET" && !head) {
    response.writeHead(405, { allow: "GET, HEAD", ...NO_STORE });
    response.end();
    return true;
  }
  if (path === "/healthz") {
    response.writeHead(200, { "content-type": "text/plain; charset=utf-8", ...NO_STORE });
    response.end(head ? undefined : "ok\n");
    return true;
  }
  readiness().then(
    (state) => {
      const body = JSON.stringify(state);
      response.writeHead(state.ready ? 200 : 503, {
        "content-type": "application/json; charset=utf-8",
        ...NO_STORE,
      });
      response.end(head ? undefined : body);
    },
    () => {
      response.writeHead(503, NO_STORE);
      response.end();
    },
  );
  return true;
}

/** Files that need no database: Next.js's assets and the icons. */
function isStatic(path: string): boolean {
  return path.startsWith("/_next/") || /^\/[^/]+\.(ico|svg|png|txt|webmanifest)$/.test(path);
}

/**
 * While the instance starts or cannot reach its database: answers the request 503 (and counts it)
 * and returns true. Otherwise false: the application serves it.
 */
export function refuseWhileUnavailable(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  path: string,
): boolean {
  const starting = !serviceState.serving;
  if (!starting && (databaseUp() || isStatic(path))) return false;
  if (!starting) countRefused();
  if (path === "/v1" || path.startsWith("/v1/")) {
    const answer = v1Unavailable(starting ? "the service is starting; retry in a moment" : undefined);
    void answer.text().then((body) => {
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(request.method === "HEAD" ? undefined : body);
    });
    return true;
  }
  const language = pageLanguage(request);
  const title = t(language, "page.unavailableTitle");
  const page =
    html`<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${title}</h1><p>${t(language, "page.unavailableText")}</p></body></html>`
      .value;
  response.writeHead(503, {
    "content-type": "text/html; charset=utf-8",
    "retry-after": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    "content-language": language,
    ...NO_STORE,
  });
  response.end(request.method === "HEAD" ? undefined : page);
  return true;
}

/** The visitor's `?lang=`, else the browser's language, else French (as the pages choose). */
function pageLanguage(request: http.IncomingMessage): Language {
  let lang: string | null = null;
  try {
    lang = new URL(request.url ?? "/", "http://server.invalid").searchParams.get("lang");
  } catch {}
  return (lang ? parseLanguage(lang) : null) ?? acceptedLanguage(request.headers["accept-language"]) ?? "fr";
}
