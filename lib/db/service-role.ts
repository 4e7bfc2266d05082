// The rights of the role the service connects as. Migrations run as the owner of the schema; the
// service runs as a role that reads and writes rows and nothing more: it cannot alter, truncate or
// drop a table (only an owner can), nor update or delete a row of the audit log (not granted). A
// bug or an injected statement in the service then cannot switch off the audit log's triggers.
//
// The owner grants these rights after each migration (lib/service/migrate.ts), so a table added by
// a later migration is granted at the start that creates it; every statement is idempotent.
import type pg from "pg";

/** The role the embedded database makes for the service (DATA_DIR/service-password). */
export const EMBEDDED_SERVICE_ROLE = "memorial_service";

/** The schemas the service reads and writes: ours, and the job runner's (graphile-worker). */
const SCHEMAS = ["public", "graphile_worker"];

/** Tables whose rows the service may add and read but never change: what is granted is less. */
const APPEND_ONLY = ['public."audit_log"'];

/**
 * Tables the service only reads, written by the owner: the migration histories, and the webhook
 * event types (each brought by the migration of its event: the service adding one would let
 * endpoints choose an event the code never sends).
 */
const READ_ONLY = [
  'public."_prisma_migrations"',
  'graphile_worker."migrations"',
  'public."webhook_event_type"',
];

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The statements that give `role` the service's rights, and take away what it must not have. */
function serviceGrants(role: string, database: string): string[] {
  const who = quoteIdentifier(role);
  const statements = [
    `GRANT CONNECT, TEMPORARY ON DATABASE ${quoteIdentifier(database)} TO ${who}`,
    `REVOKE CREATE ON DATABASE ${quoteIdentifier(database)} FROM ${who}`,
  ];
  for (const schema of SCHEMAS) {
    statements.push(
      `GRANT USAGE ON SCHEMA ${schema} TO ${who}`,
      `REVOKE CREATE ON SCHEMA ${schema} FROM ${who}`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${who}`,
      `REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA ${schema} FROM ${who}`,
      `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${who}`,
      `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${schema} TO ${who}`,
    );
  }
  for (const table of APPEND_ONLY) statements.push(`REVOKE UPDATE, DELETE ON ${table} FROM ${who}`);
  for (const table of READ_ONLY) statements.push(`REVOKE INSERT, UPDATE, DELETE ON ${table} FROM ${who}`);
  return statements;
}

/**
 * Grants the service's rights to `role`, connected as the owner. Refuses a role that could undo
 * them (a superuser, or a member of the owner) rather than pretend it is limited.
 */
export async function grantServiceRights(owner: pg.Client, role: string): Promise<void> {
  const { rows } = await owner.query<{ superuser: boolean; member: boolean; database: string }>(
    `SELECT r.rolsuper AS superuser, pg_has_role(r.oid, current_user, 'MEMBER') AS member,
            current_database() AS database
       FROM pg_roles r WHERE r.rolname = $1`,
    [role],
  );
  const found = rows[0];
  if (!found)
    throw new Error(`the service's database role "${role}" does not exist (see docs/operations.md)`);
  if (found.superuser || found.member) {
    throw new Error(
      `the service's database role "${role}" is a superuser or a member of the owner, so it could ` +
        "alter the audit log: connect the service as a role of its own (see docs/operations.md)",
    );
  }
  for (const statement of serviceGrants(role, found.database)) await owner.query(statement);
  // The job runner's tables keep row-level security on, with no policy: only their owner sees a
  // row. The service's role gets a policy of its own on each, made once and kept.
  const guarded = await owner.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND c.relrowsecurity
        AND NOT EXISTS (SELECT 1 FROM pg_policy p
                         WHERE p.polrelid = c.oid AND p.polname = $2)`,
    [SCHEMAS, policyName(role)],
  );
  for (const { name } of guarded.rows) {
    await owner.query(
      `CREATE POLICY ${quoteIdentifier(policyName(role))} ON ${name} TO ${quoteIdentifier(role)} USING (true) WITH CHECK (true)`,
    );
  }
}

function policyName(role: string): string {
  return `${role}_rows`;
}
