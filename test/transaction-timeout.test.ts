// A /v1 request whose transaction outlives its time limit is rolled back and answered 503
// SERVICE_UNAVAILABLE with Retry-After, as a busy instance answers: nothing was written and the
// partner retries (lib/v1/handler.ts, lib/db/raw.ts isTransactionTimeout). Every way a transaction
// runs out of time: a statement past PostgreSQL's statement_timeout, a statement sent after the
// transaction's deadline, and the ORM's interactive transaction past its own. Through the v1 wrapper with a real key, on the real PostgreSQL.
import { db, disconnect, Prisma } from "@memorial/lib/db/client";
import { sql, sqlTransaction } from "@memorial/lib/db/raw";
import { v1 } from "@memorial/lib/v1/handler";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makeIsolatedOperator } from "@/e2e/support/factories";
import { expectBusyAnswer } from "./support/busy-answer";

const table = Prisma.raw(`"transaction_timeout_${Date.now().toString(36)}"`);

beforeAll(() => sql.$executeRaw`CREATE TABLE ${table} ("n" int PRIMARY KEY)`);

afterAll(async () => {
  await sql.$executeRaw`DROP TABLE ${table}`;
  await disconnect();
});

it.each([
  [
    "a statement past PostgreSQL's statement_timeout",
    () =>
      sqlTransaction(
        async (tx) => {
          await tx.$executeRaw`INSERT INTO ${table} VALUES (1)`;
          await tx.$queryRaw`SELECT pg_sleep(2)::text AS "slept"`;
        },
        { timeout: 200 },
      ),
  ],
  [
    "a statement sent after the transaction's deadline",
    () =>
      sqlTransaction(
        async (tx) => {
          await tx.$executeRaw`INSERT INTO ${table} VALUES (2)`;
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.$executeRaw`INSERT INTO ${table} VALUES (3)`;
        },
        { timeout: 200 },
      ),
  ],
  [
    "the ORM's transaction past its time limit (P2028)",
    () =>
      db.$transaction(
        async (tx) => {
          await tx.$executeRaw`INSERT INTO ${table} VALUES (4)`;
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.$executeRaw`INSERT INTO ${table} VALUES (5)`;
        },
        { timeout: 200 },
      ),
  ],
])("answers 503 SERVICE_UNAVAILABLE with Retry-After, nothing written: %s", async (_name, work) => {
  const op = await makeIsolatedOperator();
  const route = v1({ auth: "header" }, async () => {
    await work();
    return {};
  });
  const answer = await route(new Request("http://x/v1/Especes", { headers: { key: op.key } }), {
    params: Promise.resolve({}),
  });
  expect(await expectBusyAnswer(answer)).toMatchObject({ Message: "the service is busy; retry in a moment" });
  expect(await sql.$queryRaw`SELECT "n" FROM ${table}`).toEqual([]);
});
