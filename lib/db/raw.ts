// Statements sent without the ORM, on the hot paths. Prisma's client costs about
// 230 µs of this process's CPU per statement on top of `pg`'s 190 (its query interpreter, the
// proxies of its models, the mapping of each row), measured with a report's statement on the small
// bench database, 20 at once: for a planting of seven statements, or a report of four, that is
// what separated them from their floors (docs/performance.md, "The hot paths without the ORM").
// The hot paths (the planting of lib/memorials/create-memorial.ts, the reports' reads of
// lib/reports) write only SQL, through this module, on the same pools as the ORM
// (lib/db/client.ts): the shared pool and the reports' own, whichever way a statement goes.
//
// A statement is a Prisma.Sql (the `Prisma.sql` tag, `Prisma.join`, `Prisma.raw`), so the same
// fragments serve both ways, and the answers are Prisma's own: the values of a row come back as
// `$queryRaw` gives them (an int8 as a bigint, a numeric as a Decimal, a timestamp or a date as a
// Date at UTC), and the parameters go as Prisma sends them (a Date as its UTC instant).
// test/raw-sql.test.ts compares both ways on every type the project reads (arrays of those four
// types come back as pg reads them: no statement sent here reads one).
import { createHash } from "node:crypto";
import pg from "pg";
import { mainPool, Prisma, reportsPool, TRANSACTION_TIMEOUT_MS } from "./client";

/** What a use case that writes only SQL needs of a client or of a transaction: Prisma's Tx has it. */
export interface SqlClient {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number>;
}

// pg's type ids whose text Prisma reads otherwise than pg does by default.
const INT8 = 20;
const NUMERIC = 1700;
const TIMESTAMP = 1114;
const DATE = 1082;

/** The rows' values as Prisma's `$queryRaw` gives them. */
const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === INT8) return (text: string) => BigInt(text);
    if (oid === NUMERIC) return (text: string) => new Prisma.Decimal(text);
    // A timestamp without time zone, and a date, are UTC for Prisma (pg reads them in local time).
    if (oid === TIMESTAMP) return (text: string) => new Date(`${text.replace(" ", "T")}Z`);
    if (oid === DATE) return (text: string) => new Date(`${text}T00:00:00Z`);
    return pg.types.getTypeParser(oid, format as "text");
  },
};

/** A parameter as Prisma sends it: a Date as its UTC instant (pg would write local time). */
function parameter(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (Prisma.Decimal.isDecimal(value)) return value.toString();
  if (Array.isArray(value)) return value.map(parameter);
  return value;
}

function statementOf(query: TemplateStringsArray | Prisma.Sql, values: unknown[]): Prisma.Sql {
  return query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);
}

interface Queryable {
  query(config: pg.QueryConfig): Promise<pg.QueryResult>;
}

/** The name of a prepared statement: its text's, so that one name is never given two texts. */
const preparedName = (text: string) => `m${createHash("sha1").update(text).digest("base64url")}`;

async function run(on: Queryable, statement: Prisma.Sql, prepare: boolean) {
  const text = statement.text;
  return on.query({
    text,
    values: statement.values.map(parameter),
    types,
    ...(prepare ? { name: preparedName(text) } : {}),
  });
}

/**
 * A SqlClient on a pool (each statement on any free connection) or on one connection. `prepare`:
 * each statement is prepared once per connection, by a name made of its text, then only executed
 * with its values: PostgreSQL neither parses nor, once its plan is generic, plans it again (a
 * report's page took 0.9 ms to plan for 1 ms to run at ten million trees). Only for statements
 * whose texts are few (each text stays prepared as long as its connection lives), and never
 * behind a pooler in transaction mode that does not keep them (PgBouncer before 1.21).
 */
function clientOn(on: () => Queryable, prepare = false): SqlClient {
  return {
    async $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      return (await run(on(), statementOf(query, values), prepare)).rows as T;
    },
    async $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      return (await run(on(), statementOf(query, values), prepare)).rowCount ?? 0;
    },
  };
}

/** Statements on the shared pool (the primary database). */
export const sql: SqlClient = clientOn(mainPool);

/**
 * Prepared statements on the shared pool, for the reads whose texts are few and sent again and
 * again (Infos, a memorial's public address): see clientOn.
 */
export const preparedSql: SqlClient = clientOn(mainPool, true);

/**
 * The reports' reads: on the replica when REPORTS_DATABASE_URL is set (lib/db/client.ts reportsPool),
 * prepared (their texts are a few dozen: a kind of report, a language, a number of words).
 */
export const reportsSql: SqlClient = clientOn(reportsPool, true);

/** A transaction of sqlTransaction that outlived its time limit (it was rolled back). */
class TransactionTimeoutError extends Error {
  constructor(timeout: number) {
    super(`the transaction expired: it lasted more than ${timeout} ms`);
    this.name = "TransactionTimeoutError";
  }
}

/**
 * Whether `error` is a transaction or a statement that ran out of time, and was rolled back: ours
 * (TransactionTimeoutError), PostgreSQL's statement_timeout (57014, query_canceled), or the ORM's
 * transaction past its time limit or its wait for a connection (P2028). Nothing was written: the
 * API answers 503 and the partner retries (lib/v1/handler.ts).
 */
export function isTransactionTimeout(error: unknown): boolean {
  if (error instanceof TransactionTimeoutError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === "57014" || code === "P2028";
}

/**
 * A transaction on one connection of the shared pool, its statements one after the other (as
 * lib/db/serial-transactions.ts has the ORM's): committed when `work` resolves, rolled back when
 * it throws. A connection that failed (the database gone) is closed, not given back to the pool.
 * Like the ORM's, it has a time limit, `timeout` ms: no statement is sent past it, and none runs
 * longer than it (PostgreSQL's statement_timeout, set with BEGIN in the same round trip); the
 * transaction is then rolled back. It holds its locks at most twice that long.
 */
export async function sqlTransaction<T>(
  work: (tx: SqlClient) => Promise<T>,
  { timeout = TRANSACTION_TIMEOUT_MS }: { timeout?: number } = {},
): Promise<T> {
  const connection = await mainPool().connect();
  const deadline = Date.now() + timeout;
  let broken: Error | undefined;
  // A connection that dies while checked out emits "error" (the pool listens only to idle ones):
  // unheard, it would end the process. Its statement fails too, and the work with it.
  const onError = (error: Error) => {
    broken = error;
  };
  connection.on("error", onError);
  let last: Promise<unknown> = Promise.resolve();
  const serial = <R>(next: () => Promise<R>): Promise<R> => {
    const inTime = () => {
      if (Date.now() >= deadline) throw new TransactionTimeoutError(timeout);
      return next();
    };
    const result = last.then(inTime, inTime);
    last = result.catch(() => {});
    return result;
  };
  const tx = clientOn(() => ({
    query: (config: pg.QueryConfig) => serial(() => connection.query(config)),
  }));
  try {
    await connection.query(`BEGIN; SET LOCAL statement_timeout = ${Math.max(1, Math.trunc(timeout))}`);
    const value = await work(tx);
    await serial(() => connection.query("COMMIT"));
    return value;
  } catch (error) {
    await last;
    await connection.query("ROLLBACK").catch((failed: Error) => {
      broken = failed;
    });
    throw error;
  } finally {
    connection.off("error", onError);
    connection.release(broken);
  }
}
