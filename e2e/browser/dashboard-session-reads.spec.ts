// A dashboard page reads its session once per request, not once per layout, page and
// title. A second instance of the service talks to PostgreSQL through a relay that counts the
// statements naming the session table (e2e/support/pg-counter.ts); one page request is sent with
// the signed-in cookie and its reads of "dashboard_session" are counted. The instance runs no
// background jobs (JOB_WORKERS=0), so nothing else of it reads that table meanwhile.
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signInRequest } from "../support/dashboard-session";
import { db } from "../support/factories";
import { countStatements, type StatementCounter } from "../support/pg-counter";
import { type RunningServer, startServer } from "../support/server";
import { seedDashboard } from "./dashboard-seed";

let counter: StatementCounter;
let instance: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env = { ...JSON.parse(process.env.E2E_SERVICE_ENV as string), JOB_WORKERS: "0" };
  counter = await countStatements(env.DATABASE_URL, '"dashboard_session"');
  instance = await startServer(
    { ...env, DATABASE_URL: counter.url },
    path.join(os.tmpdir(), `memorial-session-reads-${process.pid}.log`),
  );
});

test.afterAll(async () => {
  await instance?.stop();
  await counter?.close();
});

test("each dashboard page reads the session once per request", async ({ request }) => {
  test.setTimeout(120_000);
  const data = await seedDashboard("en");
  // Signed in over HTTP, not in a browser: a browser's prefetches of the navigation's links would
  // be requests of their own, counted with the one measured.
  await signInRequest(request, data.operator.operatorId, instance.url);
  const tree = await db.tree.findFirstOrThrow({ where: { memorialId: data.withTrees } });

  for (const address of [
    "/dashboard",
    "/dashboard/trees",
    "/dashboard/trees/due",
    `/dashboard/memorials/${data.withTrees}`,
    `/dashboard/trees/${tree.id}`,
    "/dashboard/keys",
  ]) {
    counter.reset();
    const response = await request.get(`${instance.url}${address}`, { maxRedirects: 0 });
    await response.body();
    expect(response.status(), address).toBe(200);
    expect(counter.count(), address).toBe(1);
  }

  // The count is real: a page without a session reads none.
  counter.reset();
  const signInPage = await fetch(`${instance.url}/dashboard/signin`);
  await signInPage.text();
  expect(counter.count()).toBe(0);
});
