// A real PostgreSQL for the database tests: embedded, in a fresh temporary directory, migrated.
import { chmodSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";

export default async function setup() {
  const root = mkdtempSync(path.join(os.tmpdir(), "memorial-test-"));
  // PostgreSQL runs as the unprivileged "postgres" user when we are root: it must reach the folder.
  chmodSync(root, 0o755);
  process.env.DATA_DIR = path.join(root, "data");
  const database = await startEmbeddedDatabase();
  await migrate(database.url);
  // Test files run in forked workers, which inherit this environment.
  process.env.DATABASE_URL = database.url;
  return () => database.stop();
}
