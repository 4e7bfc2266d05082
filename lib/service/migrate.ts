// Applies prisma/migrations/<name>/migration.sql in order, recording them in Prisma's own
// `_prisma_migrations` table, so that the Prisma CLI would see the same history. An advisory
// lock lets several processes start at once. The job runner's schema (graphile_worker) is
// migrated by the library itself, first. `url` is the owner's connection; given the service's
// (`serviceUrl`, a role of its own), the owner then grants that role its rights (lib/db/service-role.ts).
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { grantServiceRights } from "@memorial/lib/db/service-role";
import { migrateJobs } from "@memorial/lib/jobs/tasks";
import { settings } from "@memorial/lib/settings";
import pg from "pg";

const LOCK_ID = 7_240_319; // any constant shared by every instance of the service

export class MigrationChanged extends Error {
  constructor(readonly migration: string) {
    super(
      `migration ${migration} was changed after it was applied to this database (its checksum differs); ` +
        "restore the file as it was and write the change as a new migration",
    );
    this.name = "MigrationChanged";
  }
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
    const names = readdirSync(migrationsDir())
      .filter((name) => existsSync(path.join(migrationsDir(), name, "migration.sql")))
      .sort();
    for (const name of names) {
      const sql = readFileSync(path.join(migrationsDir(), name, "migration.sql"), "utf8");
      // Prisma's checksum: SHA-256 of the file. An applied migration whose file changed means the
      // database no longer matches what the files say; refusing to start is the only safe answer.
      const checksum = createHash("sha256").update(sql).digest("hex");
      if (done.has(name)) {
        if (done.get(name) !== checksum) {
          throw new MigrationChanged(name);
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
