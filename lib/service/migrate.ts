// Applies prisma/migrations/<name>/migration.sql in order, recording them in Prisma's own
// `_prisma_migrations` table, in Prisma's layout. An advisory lock lets several processes start at
// once. The job runner's schema (graphile_worker) is migrated by the library itself, first. `url`
// is the owner's connection; given the service's (`serviceUrl`, a role of its own), the owner then
// grants that role its rights (lib/db/service-role.ts).
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { grantServiceRights } from "@memorial/lib/db/service-role";
import { migrateJobs } from "@memorial/lib/jobs/tasks";
import { FORMER_WHOLE_TEXT_CHECKSUMS } from "@memorial/lib/service/former-checksums";
import { settings } from "@memorial/lib/settings";
import pg from "pg";

const LOCK_ID = 7_240_319; // any constant shared by every instance of the service

export class MigrationChanged extends Error {
  constructor(readonly migration: string) {
    super(
      `migration ${migration} was changed after it was applied to this database (its statements differ); ` +
        "restore the file as it was and write the change as a new migration",
    );
    this.name = "MigrationChanged";
  }
}

/**
 * The checksum recorded for a migration: SHA-256 of its statements, that is its text without the
 * lines that are comments alone (first non-blank characters `--`) and without blank lines. A
 * comment explains a migration and may be corrected after it was applied; a changed statement
 * means the database no longer matches the files and is refused. A comment at the end of a
 * statement's line is part of that line. (Prisma's own checksum is of the whole text: the Prisma
 * CLI, which cannot run here, would see these migrations as modified.)
 */
export function statementsChecksum(sql: string): string {
  const statements = sql
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "" && !line.trimStart().startsWith("--"))
    .join("\n");
  return createHash("sha256").update(statements).digest("hex");
}

/** The checksum recorded before comments were left out of it: SHA-256 of the whole text. */
function wholeTextChecksum(sql: string): string {
  return createHash("sha256").update(sql).digest("hex");
}

function migrationsDir(): string {
  return path.resolve(settings().MIGRATIONS_DIR);
}

/** The role a connection string logs in as; null when it names none (the driver's default). */
function roleOf(url: string): string | null {
  try {
    const user = new URL(url).username;
    return user ? decodeURIComponent(user) : null;
  } catch {
    return null;
  }
}

export async function migrate(url: string, options: { serviceUrl?: string } = {}): Promise<string[]> {
  // The job runner's own schema (graphile_worker) first: our triggers add jobs to it.
  await migrateJobs(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    // Asked before creating: a role that may not create tables (the service's own, when it is also
    // the one migrating an up-to-date database) must still be able to find nothing to do.
    const history = await client.query<{ found: string | null }>(
      `SELECT to_regclass('"_prisma_migrations"')::text AS found`,
    );
    if (!history.rows[0]?.found)
      await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const done = new Map(
      (
        await client.query<{ migration_name: string; checksum: string }>(
          `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        )
      ).rows.map((row) => [row.migration_name, row.checksum]),
    );
    let writable: boolean | undefined;
    const mayWriteHistory = async (): Promise<boolean> => {
      writable ??= (
        await client.query<{ writable: boolean }>(
          `SELECT has_table_privilege('"_prisma_migrations"', 'UPDATE') AS writable`,
        )
      ).rows[0]?.writable;
      return writable === true;
    };
    const names = readdirSync(migrationsDir())
      .filter((name) => existsSync(path.join(migrationsDir(), name, "migration.sql")))
      .sort();
    for (const name of names) {
      const sql = readFileSync(path.join(migrationsDir(), name, "migration.sql"), "utf8");
      const checksum = statementsChecksum(sql);
      const recorded = done.get(name);
      if (recorded !== undefined) {
        if (recorded === checksum) continue;
        // An applied migration whose statements changed means the database no longer matches
        // what the files say; refusing to start is the only safe answer.
        const former = FORMER_WHOLE_TEXT_CHECKSUMS[name];
        const formerText = former?.text === recorded && former.statements === checksum;
        if (recorded !== wholeTextChecksum(sql) && !formerText) {
          throw new MigrationChanged(name);
        }
        // A database migrated when the checksum covered the whole text, of this file or of its
        // text before its comments were corrected: the statements are the ones it applied. Its
        // checksum is rewritten, so that the whole text is accepted this once only.
        // The service's role reads the history and may not write it (lib/db/service-role.ts):
        // starting with it alone accepts the old checksum until the owner next migrates.
        if (await mayWriteHistory()) {
          await client.query(
            `UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2 AND checksum = $3`,
            [checksum, name, recorded],
          );
        }
        continue;
      }
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), checksum, name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
    }
    const serviceRole = options.serviceUrl ? roleOf(options.serviceUrl) : null;
    const { rows } = await client.query<{ me: string }>("SELECT current_user AS me");
    if (serviceRole && serviceRole !== rows[0]?.me) await grantServiceRights(client, serviceRole);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => {});
    await client.end();
  }
  return applied;
}
