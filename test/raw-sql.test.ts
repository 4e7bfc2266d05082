// The statements sent without the ORM (lib/db/raw.ts) give what Prisma's $queryRaw gives,
// value for value, on every type the project reads, with the same parameters; its transactions
// commit, roll back, run their statements one at a time and survive a connection that dies.
import { db, disconnect, Prisma } from "@memorial/lib/db/client";
import { preparedSql, reportsSql, sql, sqlTransaction } from "@memorial/lib/db/raw";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { type ReportFilter, reportLinesSql, reportTotalsSql } from "@memorial/lib/reports/queries";
import { serviceAdminScope } from "@memorial/lib/scope";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { makeIsolatedOperator } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => disconnect());

describe("a statement without the ORM", () => {
  it("reads every type as Prisma's $queryRaw does, whatever the process's time zone", async () => {
    // pg reads a timestamp without time zone and a date in the process's zone, and writes a Date
    // parameter in it: far from UTC, a difference shows.
    const zone = process.env.TZ;
    process.env.TZ = "Pacific/Chatham";
    onTestFinished(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    expect(new Date("2026-11-27T13:45:12.345Z").getHours()).not.toBe(13);
    const at = new Date("2026-11-27T13:45:12.345Z");
    const statement = Prisma.sql`
      SELECT 7::int2 AS "int2", 2147483647::int4 AS "int4", ${9007199254740993n}::int8 AS "int8",
        ${new Prisma.Decimal("12.3400")}::numeric AS "numeric", 0.25::float8 AS "float8", 1.5::float4 AS "float4",
        true AS "bool", ${"é’ \u00a0text"}::text AS "text", 'x'::varchar(3) AS "varchar",
        ${at}::timestamptz AS "timestamptz", ${at}::timestamp AS "timestamp", '2026-02-28'::date AS "date",
        '2026-11-27 13:45:12.345'::timestamp AS "timestampRead", ${at}::timestamp::text AS "timestampSent",
        '{"a": [1, "b", null], "n": 1.50}'::jsonb AS "jsonb", '{"b": 2}'::json AS "json",
        ARRAY[1, 2, 3]::int4[] AS "ints", ARRAY['a', 'b c']::text[] AS "texts",
        'visible'::"MemorialStatus" AS "enum", NULL::int AS "null", NULL::timestamptz AS "nullTime",
        count(*) AS "count", ${[4, 5]}::int4[] AS "arrayParameter", ${true} AS "boolParameter",
        ${null}::text AS "nullParameter", ${42} AS "numberParameter"`;
    const [viaPrisma] = await db.$queryRaw<Record<string, unknown>[]>(statement);
    const [viaSql] = await sql.$queryRaw<Record<string, unknown>[]>(statement);
    expect(viaSql).toEqual(viaPrisma);
    // toEqual compares what matters and the kinds: a bigint, a Decimal, Dates at UTC.
    expect(viaSql.int8).toBe(9007199254740993n);
    expect(viaSql.count).toBe(1n);
    expect(viaSql.numeric).toBeInstanceOf(Prisma.Decimal);
    expect(String(viaSql.numeric)).toBe(String(viaPrisma.numeric));
    expect(viaSql.timestamptz).toEqual(at);
    expect(viaSql.timestamp).toEqual(at);
    expect(viaSql.date).toEqual(new Date("2026-02-28T00:00:00Z"));
    expect(viaSql.timestampRead).toEqual(at);
    expect(viaSql.timestampSent).toBe("2026-11-27 13:45:12.345");
    expect(viaSql.jsonb).toEqual({ a: [1, "b", null], n: 1.5 });
  });

  it("gives a report's lines and totals as the ORM did, value for value", async () => {
    const op = await makeIsolatedOperator({ stock: 10 });
    const caller = (await authenticateKey(op.key)) as Caller;
    for (let i = 0; i < 3; i++) {
      await fixtureMemorial(caller, plantingCommand(newMemorialTarget()), null);
    }
    const filter: ReportFilter = {
      viewer: serviceAdminScope(op.operatorId),
      scope: { kind: "operator" },
      start: new Date(Date.now() - 86_400_000),
      end: new Date(Date.now() + 86_400_000),
      language: "en",
    };
    const lines = reportLinesSql(filter, 200, 0);
    const viaSql = await reportsSql.$queryRaw<Record<string, unknown>[]>(lines);
    expect(viaSql).toHaveLength(3);
    expect(viaSql).toEqual(await db.$queryRaw(lines));
    const totals = reportTotalsSql(filter);
    expect(await reportsSql.$queryRaw(totals)).toEqual(await db.$queryRaw(totals));
  });

  it("prepares a statement once per connection and runs it again with other values", async () => {
    const marker = `raw-sql-prepared-${Date.now()}`;
    const once = (i: number) => preparedSql.$queryRaw<{ i: number; marker: string; pid: number }[]>`
      SELECT ${i}::int AS "i", ${marker}::text AS "marker", pg_backend_pid() AS "pid"`;
    // One after the other: the pool (pg-pool, last released first taken) gives back the connection
    // just released; the pids say so, so that another pool's policy fails here and not below.
    const [first] = await once(1);
    const [second] = await once(2);
    expect([first.i, second.i]).toEqual([1, 2]);
    const [{ prepared, pid }] = await preparedSql.$queryRaw<{ prepared: number; pid: number }[]>`
      SELECT count(*)::int AS "prepared", pg_backend_pid() AS "pid" FROM pg_prepared_statements
      WHERE "statement" LIKE '%::text AS "marker", pg_backend_pid()%'
        AND "statement" NOT LIKE '%pg_prepared_statements%'`;
    expect([first.pid, second.pid]).toEqual([pid, pid]);
    expect(prepared).toBe(1);
  });

  it("counts the rows an $executeRaw changes, as Prisma does", async () => {
    const statement = Prisma.sql`UPDATE "operator" SET "name" = "name" WHERE "id" < 0`;
    expect(await sql.$executeRaw(statement)).toBe(await db.$executeRaw(statement));
    expect(await sql.$executeRaw`SELECT 1 FROM generate_series(1, 3)`).toBe(3);
  });
});

describe("a transaction without the ORM", () => {
  const table = `raw_sql_${Date.now().toString(36)}`;
  const name = Prisma.raw(`"${table}"`);

  it("commits what its work wrote, and rolls it all back when the work throws", async () => {
    await sql.$executeRaw`CREATE TABLE ${name} ("n" int PRIMARY KEY)`;
    await sqlTransaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO ${name} VALUES (1)`;
    });
    await expect(
      sqlTransaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO ${name} VALUES (2)`;
        throw new Error("the work failed");
      }),
    ).rejects.toThrow("the work failed");
    await expect(
      sqlTransaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO ${name} VALUES (3)`;
        await tx.$executeRaw`INSERT INTO ${name} VALUES (1)`; // a unique violation
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(await sql.$queryRaw`SELECT "n" FROM ${name} ORDER BY "n"`).toEqual([{ n: 1 }]);
  });

  it("sends statements started together one after the other, on its one connection", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    try {
      const pids = await sqlTransaction((tx) =>
        Promise.all(
          [1, 2, 3, 4].map(async (i) => {
            const [row] = await tx.$queryRaw<{ pid: number; i: number }[]>`
              SELECT pg_backend_pid() AS "pid", ${i}::int AS "i", pg_sleep(0.01)::text AS "slept"`;
            return row;
          }),
        ),
      );
      expect(pids.map((row) => row.i)).toEqual([1, 2, 3, 4]);
      expect(new Set(pids.map((row) => row.pid)).size).toBe(1);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.filter((message) => message.includes("already executing a query"))).toEqual([]);
  });

  it("is rolled back past its time limit: a statement running too long, or one sent too late", async () => {
    await expect(
      sqlTransaction(
        async (tx) => {
          await tx.$executeRaw`INSERT INTO ${name} VALUES (10)`;
          await tx.$queryRaw`SELECT pg_sleep(2)::text AS "slept"`;
        },
        { timeout: 300 },
      ),
    ).rejects.toMatchObject({ code: "57014" }); // query_canceled: PostgreSQL's statement_timeout
    await expect(
      sqlTransaction(
        async (tx) => {
          await tx.$executeRaw`INSERT INTO ${name} VALUES (11)`;
          await new Promise((resolve) => setTimeout(resolve, 400));
          await tx.$executeRaw`INSERT INTO ${name} VALUES (12)`;
        },
        { timeout: 300 },
      ),
    ).rejects.toThrow("the transaction expired: it lasted more than 300 ms");
    expect(await sql.$queryRaw`SELECT "n" FROM ${name} ORDER BY "n"`).toEqual([{ n: 1 }]);
    // The limit is the transaction's own: the connection's next one has none of it.
    expect(
      await sqlTransaction((tx) => tx.$queryRaw`SELECT current_setting('statement_timeout') AS "limit"`),
    ).toEqual([{ limit: "1min" }]);
    expect(await sql.$queryRaw`SELECT current_setting('statement_timeout') AS "limit"`).toEqual([
      { limit: "0" },
    ]);
  });

  it("closes a connection that died instead of giving it back to the pool", async () => {
    await expect(
      sqlTransaction(async (tx) => {
        await tx.$queryRaw`SELECT pg_terminate_backend(pg_backend_pid())`;
      }),
    ).rejects.toThrow();
    // Every later transaction gets a live connection.
    for (let i = 0; i < 12; i++) {
      expect(await sqlTransaction((tx) => tx.$queryRaw`SELECT 1 AS "one"`)).toEqual([{ one: 1 }]);
    }
    await sql.$executeRaw`DROP TABLE ${name}`;
  });
});
