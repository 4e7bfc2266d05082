// Where the database is: DATABASE_URL when set, otherwise the embedded server under DATA_DIR
// (started, or reused when it runs already; `log` hears what was found, e.g. a stale pid file).
// The service connects with `url`; migrations run with `migrationUrl`, the schema owner's
// (MIGRATION_DATABASE_URL, or the embedded server's superuser), which grants the service its rights.
import { startEmbeddedDatabase } from "./embedded";

export interface ServiceDatabase {
  /** The service's connection: a role that reads and writes rows and may not alter the schema. */
  url: string;
  /** The schema owner's connection, for the migrations only. */
  migrationUrl: string;
  /** Stops the embedded server if this process started it. */
  stop(): Promise<void>;
}

export async function resolveDatabase(log?: (line: string) => void): Promise<ServiceDatabase> {
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    return { url, migrationUrl: process.env.MIGRATION_DATABASE_URL || url, stop: async () => {} };
  }
  const embedded = await startEmbeddedDatabase(log);
  process.env.DATABASE_URL = embedded.serviceUrl;
  return { url: embedded.serviceUrl, migrationUrl: embedded.url, stop: embedded.stop };
}
