// The webhook event types are rows (webhook_event_type) that an endpoint's choices reference
// (webhook_endpoint_event): the typed catalogue (lib/webhooks/event-types.ts) and the rows must
// say the same, and PostgreSQL refuses a choice of a type it does not hold. The migration that
// brought the rows kept every endpoint's choices, in their order.

import { cpSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { actingAs } from "@memorial/lib/audit/actor";
import { createOperator } from "@memorial/lib/operators/create-operator";
import { migrate } from "@memorial/lib/service/migrate";
import { WEBHOOK_EVENTS } from "@memorial/lib/webhooks/event-types";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_FIXTURE } from "@/e2e/support/factories";

const THE_ROWS = "20261203003000_webhook_event_types";

let owner: pg.Client;

beforeAll(async () => {
  owner = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await owner.connect();
});

afterAll(async () => {
  await owner?.end();
});

async function endpointOf(client: pg.Client, operatorId: number): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO "webhook_endpoint" ("operator_id", "url", "secret_encrypted")
     VALUES ($1, 'http://127.0.0.1:9/types', 'x') RETURNING "id"`,
    [operatorId],
  );
  return rows[0].id;
}

async function refusal(
  statement: string,
  values: unknown[],
): Promise<{ code?: string; constraint?: string }> {
  try {
    await owner.query(statement, values);
  } catch (error) {
    return error as { code?: string; constraint?: string };
  }
  throw new Error(`PostgreSQL accepted: ${statement} ${JSON.stringify(values)}`);
}

describe("the webhook event types", () => {
  it("are the catalogue's, each a row, and no row is missing from the catalogue", async () => {
    const { rows } = await owner.query<{ name: string }>(`SELECT "name" FROM "webhook_event_type"`);
    const stored = new Set(rows.map((row) => row.name));
    const catalogue = new Set<string>(WEBHOOK_EVENTS);
    // Named, so that a failure says which migration's INSERT (or which catalogue entry) is missing.
    expect(
      [...catalogue].filter((name) => !stored.has(name)),
      "in WEBHOOK_EVENTS without a row",
    ).toEqual([]);
    expect(
      [...stored].filter((name) => !catalogue.has(name)),
      "rows not in WEBHOOK_EVENTS",
    ).toEqual([]);
    expect(rows).toHaveLength(WEBHOOK_EVENTS.length);
  });

  it("refuse, in PostgreSQL, an endpoint's choice of an unknown type", async () => {
    const { operatorId } = await actingAs(TEST_FIXTURE, () =>
      createOperator({ name: `Event types ${process.pid} ${Date.now()}` }),
    );
    const endpoint = await endpointOf(owner, operatorId);
    const choose = `INSERT INTO "webhook_endpoint_event" ("endpoint_id", "event_type", "position") VALUES ($1, $2, 1)`;
    const error = await refusal(choose, [endpoint, "memorial.renamed"]);
    expect(error).toMatchObject({ code: "23503", constraint: "webhook_endpoint_event_event_type_fkey" });
    // A known type is taken, once.
    await owner.query(choose, [endpoint, "tree.planted"]);
    expect(await refusal(choose, [endpoint, "tree.planted"])).toMatchObject({
      code: "23505",
      constraint: "webhook_endpoint_event_pkey",
    });
    // A type some endpoint chose cannot be taken away from under it.
    expect(
      await refusal(`DELETE FROM "webhook_event_type" WHERE "name" = $1`, ["tree.planted"]),
    ).toMatchObject({
      // ON DELETE RESTRICT's restrict_violation
      code: "23001",
      constraint: "webhook_endpoint_event_event_type_fkey",
    });
    // The choices go with their endpoint.
    await owner.query(`DELETE FROM "webhook_endpoint" WHERE "id" = $1`, [endpoint]);
    const left = await owner.query(`SELECT 1 FROM "webhook_endpoint_event" WHERE "endpoint_id" = $1`, [
      endpoint,
    ]);
    expect(left.rowCount).toBe(0);
  });
});

describe("the migration to rows", () => {
  it("keeps every endpoint's events, in their order and each once, and drops the column", async () => {
    const name = `event_types_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    // The migrations before this one, then this one alone.
    const before = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    const all = path.resolve("prisma/migrations");
    for (const migration of readdirSync(all).filter((m) => m < THE_ROWS)) {
      cpSync(path.join(all, migration), path.join(before, migration), { recursive: true });
    }
    const previous = process.env.MIGRATIONS_DIR;
    const fresh = new pg.Client({ connectionString: url.toString() });
    try {
      process.env.MIGRATIONS_DIR = before;
      await migrate(url.toString());
      await fresh.connect();
      const { rows } = await fresh.query<{ id: number }>(
        `INSERT INTO "operator" ("name") VALUES ('Types') RETURNING "id"`,
      );
      const endpoints = await fresh.query<{ id: number }>(
        `INSERT INTO "webhook_endpoint" ("operator_id", "url", "events", "secret_encrypted", "disabled_at")
         VALUES ($1, 'http://127.0.0.1:9/a', ARRAY['photo.published', 'tree.planted', 'memorial.created'], 'x', NULL),
                ($1, 'http://127.0.0.1:9/b', ARRAY['tree.moved', 'memorial.merged', 'tree.moved'], 'x', NULL),
                ($1, 'http://127.0.0.1:9/c', ARRAY['tree.planted'], '', now())
         RETURNING "id"`,
        [rows[0].id],
      );
      const [a, b, c] = endpoints.rows.map((row) => row.id);

      cpSync(path.join(all, THE_ROWS), path.join(before, THE_ROWS), { recursive: true });
      expect(await migrate(url.toString())).toEqual([THE_ROWS]);
      const chosen = await fresh.query<{ endpoint_id: number; event_type: string }>(
        `SELECT "endpoint_id", "event_type" FROM "webhook_endpoint_event" ORDER BY "endpoint_id", "position"`,
      );
      expect(chosen.rows).toEqual([
        { endpoint_id: a, event_type: "photo.published" },
        { endpoint_id: a, event_type: "tree.planted" },
        { endpoint_id: a, event_type: "memorial.created" },
        { endpoint_id: b, event_type: "tree.moved" },
        { endpoint_id: b, event_type: "memorial.merged" },
        { endpoint_id: c, event_type: "tree.planted" },
      ]);
      const column = await fresh.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'webhook_endpoint' AND column_name = 'events'`,
      );
      expect(column.rowCount).toBe(0);
    } finally {
      if (previous === undefined) delete process.env.MIGRATIONS_DIR;
      else process.env.MIGRATIONS_DIR = previous;
      await fresh.end();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
