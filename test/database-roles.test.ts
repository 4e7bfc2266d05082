// The service connects as a role that reads and writes rows and nothing more (lib/db/service-role.ts,
// docs/operations.md "The database's roles"). Connected as that role, as the tests' global setup
// made and granted it, each way of undoing the audit log is refused by PostgreSQL's privileges, not
// only by the log's triggers, which an owner could switch off.
import { randomUUID } from "node:crypto";
import { grantServiceRights } from "@memorial/lib/db/service-role";
import { migrate } from "@memorial/lib/service/migrate";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let service: pg.Client;
let owner: pg.Client;
let rowId: string;

async function refusal(
  statement: string,
  values: unknown[] = [],
): Promise<{ code?: string; message: string }> {
  try {
    await service.query(statement, values);
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error(`the service's role was allowed: ${statement}`);
}

beforeAll(async () => {
  service = new pg.Client({ connectionString: process.env.TEST_SERVICE_DATABASE_URL });
  owner = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await Promise.all([service.connect(), owner.connect()]);
  // The service writes and reads the audit log: that much it must be able to do.
  const inserted = await service.query<{ id: string }>(
    `INSERT INTO audit_log (actor_kind, action, target_type, target_id)
     VALUES ('system', 'test.role_probe', 'test', $1) RETURNING id`,
    [randomUUID()],
  );
  rowId = inserted.rows[0].id;
});

afterAll(async () => {
  await Promise.all([service?.end(), owner?.end()]);
});

describe("the service's database role", () => {
  it("is neither a superuser nor the owner of the tables", async () => {
    const { rows } = await service.query<{ me: string; superuser: boolean; owner: string }>(
      `SELECT current_user AS me, r.rolsuper AS superuser, pg_get_userbyid(c.relowner) AS owner
         FROM pg_roles r, pg_class c
        WHERE r.rolname = current_user AND c.oid = 'audit_log'::regclass`,
    );
    expect(rows[0]).toMatchObject({ me: "memorial_service", superuser: false });
    expect(rows[0].owner).not.toBe("memorial_service");
    const read = await service.query("SELECT id FROM audit_log WHERE id = $1", [rowId]);
    expect(read.rowCount).toBe(1);
  });

  it("cannot switch off the audit log's triggers, nor alter the table", async () => {
    for (const statement of [
      "ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete",
      "ALTER TABLE audit_log DISABLE TRIGGER ALL",
      "ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check",
      "DROP TRIGGER audit_log_no_truncate ON audit_log",
      "CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$",
    ]) {
      const error = await refusal(statement);
      expect(error.code, statement).toBe("42501");
      expect(error.message, statement).toMatch(/must be owner|permission denied for schema public/);
    }
  });

  it("cannot truncate or drop the audit log", async () => {
    for (const statement of ["TRUNCATE audit_log", "DROP TABLE audit_log"]) {
      const error = await refusal(statement);
      expect(error.code, statement).toBe("42501");
      // Refused by the privileges, before the append-only trigger would be reached.
      expect(error.message, statement).toMatch(/permission denied for table audit_log|must be owner/);
      expect(error.message, statement).not.toMatch(/append-only/);
    }
  });

  it("cannot update or delete a row of the audit log", async () => {
    for (const statement of [
      "UPDATE audit_log SET action = 'test.rewritten' WHERE id = $1",
      "DELETE FROM audit_log WHERE id = $1",
    ]) {
      const error = await refusal(statement, [rowId]);
      expect(error.code, statement).toBe("42501");
      expect(error.message, statement).toMatch(/permission denied for table audit_log/);
    }
    const { rows } = await owner.query("SELECT action FROM audit_log WHERE id = $1", [rowId]);
    expect(rows).toEqual([{ action: "test.role_probe" }]);
  });

  it("cannot create a table, nor rewrite the history of the migrations", async () => {
    expect((await refusal("CREATE TABLE role_probe (id int)")).code).toBe("42501");
    expect((await refusal(`DELETE FROM "_prisma_migrations"`)).code).toBe("42501");
    expect((await refusal("DELETE FROM graphile_worker.migrations")).code).toBe("42501");
  });

  it("reads the webhook event types but adds, changes or removes none; it writes an endpoint's choices", async () => {
    const types = await service.query(`SELECT "name" FROM "webhook_event_type"`);
    expect(types.rowCount).toBeGreaterThan(0);
    for (const statement of [
      `INSERT INTO "webhook_event_type" ("name") VALUES ('role.probe')`,
      `UPDATE "webhook_event_type" SET "name" = 'role.probe' WHERE "name" = 'tree.planted'`,
      `DELETE FROM "webhook_event_type" WHERE "name" = 'role.probe'`,
    ]) {
      const error = await refusal(statement);
      expect(error.code, statement).toBe("42501");
      expect(error.message, statement).toMatch(/permission denied for table webhook_event_type/);
    }
    const operator = await service.query<{ id: number }>(
      `INSERT INTO "operator" ("name") VALUES ('Role probe') RETURNING "id"`,
    );
    const endpoint = await service.query<{ id: number }>(
      `INSERT INTO "webhook_endpoint" ("operator_id", "url", "secret_encrypted")
       VALUES ($1, 'http://127.0.0.1:9/role', 'x') RETURNING "id"`,
      [operator.rows[0].id],
    );
    await service.query(
      `INSERT INTO "webhook_endpoint_event" ("endpoint_id", "event_type", "position") VALUES ($1, 'tree.planted', 1)`,
      [endpoint.rows[0].id],
    );
    await service.query(`DELETE FROM "webhook_endpoint_event" WHERE "endpoint_id" = $1`, [
      endpoint.rows[0].id,
    ]);
  });

  it("finds nothing to apply on a migrated database, without any right to create", async () => {
    // The strictest split (docs/operations.md): the owner migrates as a release step, and the
    // service starts with its own DATABASE_URL alone, migrating with it.
    await expect(migrate(process.env.TEST_SERVICE_DATABASE_URL as string)).resolves.toEqual([]);
  });

  it("is refused when it could undo its limits: a superuser is never granted as the service", async () => {
    await expect(grantServiceRights(owner, "postgres")).rejects.toThrow(/superuser or a member of the owner/);
    await expect(grantServiceRights(owner, `nobody_${Date.now()}`)).rejects.toThrow(/does not exist/);
  });
});
