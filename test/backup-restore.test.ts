// The backup of the embedded default that docs/operations.md describes ("Backups and restore"):
// with the service stopped, DATA_DIR copied as a whole (the PostgreSQL files and the secrets
// beside them) is a backup; copied back, it is the database as it was, with its password.
// This runs the procedure itself: start, write, stop, copy; change and stop; restore; start, read.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedDatabase } from "@memorial/lib/db/embedded";
import pg from "pg";
import { afterAll, expect, it } from "vitest";

const savedDataDir = process.env.DATA_DIR;
const root = mkdtempSync(path.join(os.tmpdir(), "memorial-backup-"));
chmodSync(root, 0o755); // the postgres user must reach it when we are root
const dataDir = path.join(root, "data");
const backupDir = path.join(root, "backup");

afterAll(() => {
  process.env.DATA_DIR = savedDataDir;
  rmSync(root, { recursive: true, force: true });
});

async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  process.env.DATA_DIR = dataDir;
  const database = await startEmbeddedDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
    await database.stop();
  }
}

function copyKeepingOwners(from: string, to: string) {
  execFileSync("cp", ["-a", from, to]);
}

it("a copy of DATA_DIR taken while the service is stopped restores the database as it was", async () => {
  await withDatabase(async (client) => {
    await client.query("CREATE TABLE kept (note text NOT NULL)");
    await client.query("INSERT INTO kept VALUES ('before the backup')");
  });
  // The backup: the whole folder, with the server stopped (a clean shutdown, nothing in flight).
  // `cp -a` (or `tar`) keeps owners and modes: PostgreSQL refuses a data folder it does not own.
  copyKeepingOwners(dataDir, backupDir);

  await withDatabase(async (client) => {
    await client.query("INSERT INTO kept VALUES ('after the backup')");
    await client.query("DELETE FROM kept WHERE note = 'before the backup'");
  });

  // The restore: the folder replaced by the copy, then the service started on it.
  rmSync(dataDir, { recursive: true, force: true });
  copyKeepingOwners(backupDir, dataDir);
  const notes = await withDatabase(async (client) => {
    const { rows } = await client.query<{ note: string }>("SELECT note FROM kept ORDER BY note");
    return rows.map((row) => row.note);
  });
  expect(notes).toEqual(["before the backup"]);
});
