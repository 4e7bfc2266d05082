// What the service tells the people who run it. Request log lines (JSON, with the
// request id, the route template and the operator, never a key or a password), X-Request-Id,
// /metrics (Prometheus, off in production unless METRICS_TOKEN is set, then behind it) and
// OpenTelemetry traces of HTTP, database queries and jobs sent to an OTLP/HTTP receiver on the
// loopback. The metrics and traces are read from a second instance on a database of its own, so
// that its job runner runs every job of that database and its counts are exact.
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { migrate } from "@memorial/lib/service/migrate";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { signInRequest } from "../support/dashboard-session";
import { api, baseUrl, makeIsolatedOperator } from "../support/factories";
import { type RunningServer, startServer } from "../support/server";

interface LogLine {
  component?: string;
  msg?: string;
  requestId?: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  operatorId?: number;
}

const serverLog = () => readFileSync(process.env.E2E_SERVER_LOG!, "utf8");

function requestLines(log: string): LogLine[] {
  return log
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.component === "http" && line.msg === "request");
}

async function logLineOf(requestId: string): Promise<LogLine> {
  let found: LogLine | undefined;
  await expect
    .poll(() => {
      found = requestLines(serverLog()).find((line) => line.requestId === requestId);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

const creer = { Defunt: { Nom: "Lambert", Prenom: "Anne", DateDeces: "2026-11-10" } };

test("each request has one JSON log line with its id, route template, status, duration and operator; the key is in none", async () => {
  const op = await makeIsolatedOperator();
  const created = await api("POST", "/Memorials/Creer", { key: op.key, body: creer });
  expect(created.status).toBe(200);
  const memorialId = created.json.IdMemorial as number;

  // The key in the path (/v1/{key}/Memorial/{memorialId}/Infos), and a request id of the client's.
  const requestId = `obs-${Date.now().toString(36)}`;
  const infos = await fetch(`${baseUrl()}/v1/${op.key}/Memorial/${memorialId}/Infos`, {
    headers: { "X-Request-Id": requestId },
  });
  expect(infos.status).toBe(200);
  expect(infos.headers.get("x-request-id")).toBe(requestId);
  const line = await logLineOf(requestId);
  expect(line).toMatchObject({
    method: "GET",
    route: "/v1/{key}/Memorial/{memorialId}/Infos",
    status: 200,
    operatorId: op.operatorId,
  });
  expect(typeof line.durationMs).toBe("number");

  // A request id that is not a sane one is replaced by one of the server's, sent back.
  const odd = await fetch(`${baseUrl()}/v1/Especes`, { headers: { key: op.key, "X-Request-Id": "a b<c>" } });
  expect(odd.status).toBe(200);
  const given = odd.headers.get("x-request-id")!;
  expect(given).toMatch(/^[0-9a-f-]{36}$/);
  expect(await logLineOf(given)).toMatchObject({
    route: "/v1/Especes",
    status: 200,
    operatorId: op.operatorId,
  });

  // A page: its template, not its path; and its own id each time, the second answer coming from
  // the rendered-page cache.
  for (const n of [1, 2]) {
    const page = await fetch(`${baseUrl()}/memorial/${memorialId}`, {
      headers: { "X-Request-Id": `${requestId}-page-${n}` },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-cache")).toBe(n === 1 ? "MISS" : "HIT");
    expect(page.headers.get("x-request-id")).toBe(`${requestId}-page-${n}`);
    await page.arrayBuffer();
    expect((await logLineOf(`${requestId}-page-${n}`)).route).toBe("/memorial/{id}");
  }

  expect(serverLog()).not.toContain(op.key);
});

test("a dashboard sign-in leaves no password in the log, and the dashboard's lines name the operator", async ({
  request,
}) => {
  const op = await makeIsolatedOperator();
  await signInRequest(request, op.operatorId);
  const requestId = `obs-dash-${Date.now().toString(36)}`;
  const overview = await request.get(`${baseUrl()}/dashboard`, { headers: { "X-Request-Id": requestId } });
  expect(overview.status()).toBe(200);
  expect(await logLineOf(requestId)).toMatchObject({
    route: "/dashboard",
    status: 200,
    operatorId: op.operatorId,
  });
  const log = serverLog();
  expect(log).not.toContain("correct horse battery");
  // next-auth's callback is logged by its template.
  expect(
    requestLines(log).some((line) => line.route === "/api/auth/{nextauth...}" && line.method === "POST"),
  ).toBe(true);
});

test("a body over Next.js's limit posted to a link with a token leaves no token in the log; /readyz is logged as its route", async () => {
  const token = `tok${Date.now().toString(36)}SECRET`;
  const body = Buffer.alloc(11 * 1024 * 1024, "a");
  for (const address of [`/manage/${token}`, `/confirm/${token}/decline`]) {
    const response = await fetch(`${baseUrl()}${address}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl() },
      body,
    }).catch(() => null);
    expect(response?.status ?? 0, address).toBeLessThan(500);
  }
  const requestId = `readyz-${Date.now().toString(36)}`;
  await fetch(`${baseUrl()}/readyz`, { headers: { "X-Request-Id": requestId } });
  expect((await logLineOf(requestId)).route).toBe("/readyz");
  expect(serverLog()).not.toContain(token);
});

test("/metrics is off in production without METRICS_TOKEN", async () => {
  const response = await fetch(`${baseUrl()}/metrics`);
  expect(response.status).toBe(404);
  expect(await response.text()).not.toContain("http_request_duration_seconds");
});

/** A small OTLP/HTTP (JSON) receiver on the loopback: every span it is sent. */
async function otlpReceiver() {
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.url === "/v1/traces") bodies.push(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    spans(): Span[] {
      return bodies.flatMap((body) =>
        (JSON.parse(body) as OtlpBody).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Span {
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}
interface OtlpBody {
  resourceSpans: { scopeSpans: { spans: Span[] }[] }[];
}
const attribute = (span: Span, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue;

test.describe("an instance with METRICS_TOKEN and OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });
  let server: RunningServer;
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let admin: pg.Client;
  let database: string;
  const token = "metrics-token-of-the-test";

  /** A memorial made through this instance's own Creer: its id. */
  async function creerOnServer(key: string): Promise<number> {
    const created = await fetch(`${server.url}/v1/Memorials/Creer`, {
      method: "POST",
      headers: { key, "content-type": "application/json" },
      body: JSON.stringify(creer),
    });
    expect(created.status).toBe(200);
    return ((await created.json()) as { IdMemorial: number }).IdMemorial;
  }

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    receiver = await otlpReceiver();
    // A database of its own: its job runner runs every job of it.
    database = `observe_${process.pid}_${Date.now().toString(36)}`;
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const serviceEnv = JSON.parse(process.env.E2E_SERVICE_ENV as string);
    const [ownerUrl, serviceUrl] = [process.env.DATABASE_URL!, serviceEnv.DATABASE_URL].map((each) => {
      const url = new URL(each);
      url.pathname = `/${database}`;
      return url.toString();
    });
    await migrate(ownerUrl, { serviceUrl });
    const log = path.join(path.dirname(process.env.E2E_SERVER_LOG!), `${database}.log`);
    server = await startServer(
      {
        ...serviceEnv,
        DATABASE_URL: serviceUrl,
        MIGRATION_DATABASE_URL: ownerUrl,
        METRICS_TOKEN: token,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        // Spans leave at once rather than every 5 s.
        OTEL_BSP_SCHEDULE_DELAY: "100",
      },
      log,
    );
  });

  test.afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    await admin?.end();
  });

  /** The demo operator's key, printed once by the instance's first start. */
  const demoKey = () => {
    const log = readFileSync(path.join(path.dirname(process.env.E2E_SERVER_LOG!), `${database}.log`), "utf8");
    return /live key \(shown once\): (\S+)/.exec(log)![1]!;
  };

  test("/metrics answers only with the token, and shows requests by route template, pools, backlogs and domain counts", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");

    const key = demoKey();
    const memorialId = await creerOnServer(key);
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${server.url}/v1/${key}/Memorial/${memorialId}/Infos`)).status).toBe(200);
    }
    expect((await fetch(`${server.url}/v1/${key}/Memorial/999999999/Infos`)).status).toBe(404);
    // A page the server renders for itself to answer a visitor (the memorial page's cache, the
    // home page made light) counts once: the visitor's request, not the render too.
    for (let i = 0; i < 2; i++) expect((await fetch(`${server.url}/?q=Lambert`)).status).toBe(200);
    const page = await fetch(`${server.url}/memorial/${memorialId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-cache")).toBe("MISS");

    const scrape = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toContain("text/plain");
    const text = await scrape.text();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/v1/{key}/Memorial/{memorialId}/Infos",status="200"} 3',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/v1/{key}/Memorial/{memorialId}/Infos",status="404"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="POST",route="/v1/Memorials/Creer",status="200"} 1',
    );
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/",status="200"} 2');
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/memorial/{id}",status="200"} 1',
    );
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/v1\/\{key\}/);
    expect(text).not.toContain(key);
    // No label carries an id: routes are templates.
    expect(text).not.toMatch(/route="[^"]*\/\d+(\/|")/);
    expect(text).not.toContain(`/${memorialId}/`);
    expect(text).toMatch(/^db_pool_connections_in_use\{pool="main"\} \d+$/m);
    expect(text).toMatch(/^db_pool_waiting_clients\{pool="main"\} 0$/m);
    expect(text).toMatch(/^email_outbox_messages\{status="pending"\} \d+$/m);
    expect(text).toMatch(/^webhook_deliveries\{status="failed"\} 0$/m);
    expect(text).toMatch(/^domain_events_undispatched \d+$/m);
    expect(text).toMatch(/^jobs_queued\{task="dispatch-events"\} \d+$/m);
    expect(text).toMatch(/^jobs_failed\{task="dispatch-events"\} 0$/m);
    expect(text).toMatch(/^jobs_oldest_queued_age_seconds\{task="dispatch-events"\} [\d.e+-]+$/m);
    expect(text).toContain('domain_events_total{type="memorial.created"} 1');
    expect(text).toMatch(/^plantings_total \d+$/m);
    expect(text).toMatch(/^confirmations_total 0$/m);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  test("traces of the HTTP requests, the database queries and the jobs reach the OTLP receiver, without the key", async () => {
    const key = demoKey();
    const memorialId = await creerOnServer(key);
    expect((await fetch(`${server.url}/v1/${key}/Memorial/${memorialId}/Infos`)).status).toBe(200);

    // The memorial's domain event wakes the job that dispatches it (dispatch-events).
    await expect
      .poll(
        () => {
          const spans = receiver.spans();
          return {
            http: spans.some(
              (s) => s.kind === 2 && attribute(s, "http.route") === "/v1/{key}/Memorial/{memorialId}/Infos",
            ),
            db: spans.some(
              (s) => (attribute(s, "db.system.name") ?? attribute(s, "db.system")) === "postgresql",
            ),
            job: spans.some((s) => s.name === "job dispatch-events"),
          };
        },
        { timeout: 60_000 },
      )
      .toEqual({ http: true, db: true, job: true });
    expect(receiver.bodies.join("\n")).not.toContain(key);
  });
});
