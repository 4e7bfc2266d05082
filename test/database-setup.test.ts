// Starting on a database: the migration runner refuses a migration whose statements changed, and
// the demo catalogue is written once when several instances start together on an empty database.
// Each test gets a database of its own on the test server (this file's process points DATABASE_URL
// at it).
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedDemo } from "@memorial/lib/catalogue/demo";
import { db, disconnect } from "@memorial/lib/db/client";
import { FORMER_WHOLE_TEXT_CHECKSUMS } from "@memorial/lib/service/former-checksums";
import { MigrationChanged, migrate, statementsChecksum } from "@memorial/lib/service/migrate";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

const serverUrl = process.env.DATABASE_URL as string;

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(() => disconnect());

/** A copy of the migrations that a test may edit, which the runner reads while `run` runs. */
async function withMigrationsCopy(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  cpSync(path.resolve("prisma/migrations"), dir, { recursive: true });
  const previous = process.env.MIGRATIONS_DIR;
  process.env.MIGRATIONS_DIR = dir;
  try {
    await run(dir);
  } finally {
    if (previous === undefined) delete process.env.MIGRATIONS_DIR;
    else process.env.MIGRATIONS_DIR = previous;
  }
}

const INIT = "20261122000000_init";

async function recordedChecksum(url: string, migration: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ checksum: string }>(
      `SELECT checksum FROM "_prisma_migrations" WHERE migration_name = $1`,
      [migration],
    );
    return rows[0].checksum;
  } finally {
    await client.end();
  }
}

async function setChecksum(url: string, migration: string, checksum: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2`, [
      checksum,
      migration,
    ]);
  } finally {
    await client.end();
  }
}

/** Records, as a database migrated before comments were left out of the checksum did, the SHA-256 of the whole file. */
async function recordWholeTextChecksum(url: string, dir: string, migration: string): Promise<string> {
  const whole = createHash("sha256")
    .update(readFileSync(path.join(dir, migration, "migration.sql"), "utf8"))
    .digest("hex");
  await setChecksum(url, migration, whole);
  return whole;
}

function edit(dir: string, migration: string, change: (sql: string) => string): void {
  const file = path.join(dir, migration, "migration.sql");
  const before = readFileSync(file, "utf8");
  const after = change(before);
  expect(after).not.toBe(before);
  writeFileSync(file, after);
}

describe("the migration runner", () => {
  it("refuses to start when an applied migration's file has changed", async () => {
    const url = await freshDatabase(`drift_${process.pid}`);
    await withMigrationsCopy(async (dir) => {
      expect((await migrate(url)).length).toBeGreaterThan(0);
      expect(await migrate(url)).toEqual([]); // unchanged: nothing to do, no complaint
      writeFileSync(path.join(dir, INIT, "migration.sql"), "-- edited after it was applied\nSELECT 1;\n");
      await expect(migrate(url)).rejects.toBeInstanceOf(MigrationChanged);
      await expect(migrate(url)).rejects.toThrow(/20261122000000_init was changed/);
    });
  });

  it("accepts an applied migration whose comment lines and blank lines alone changed", async () => {
    const url = await freshDatabase(`comments_${process.pid}`);
    await withMigrationsCopy(async (dir) => {
      await migrate(url);
      const checksum = await recordedChecksum(url, INIT);
      edit(dir, INIT, (sql) =>
        sql
          .replace("-- The whole data model.", "    -- The data model, all of it.")
          .replace("-- CreateTable\n", "-- CreateTable\n-- A comment added later.\n\n\n"),
      );
      expect(await migrate(url)).toEqual([]);
      expect(await recordedChecksum(url, INIT)).toBe(checksum);
    });
  });

  it("refuses an applied migration whose statement changed, a comment at the end of a line included", async () => {
    const url = await freshDatabase(`statement_${process.pid}`);
    await withMigrationsCopy(async (dir) => {
      await migrate(url);
      const original = readFileSync(path.join(dir, INIT, "migration.sql"), "utf8");
      edit(dir, INIT, (sql) => sql.replace('"name" VARCHAR(200) NOT NULL', '"name" VARCHAR(250) NOT NULL'));
      await expect(migrate(url)).rejects.toBeInstanceOf(MigrationChanged);
      writeFileSync(path.join(dir, INIT, "migration.sql"), original);
      edit(dir, INIT, (sql) =>
        sql.replace('"name" VARCHAR(200) NOT NULL,', '"name" VARCHAR(200) NOT NULL, -- its display name'),
      );
      await expect(migrate(url)).rejects.toBeInstanceOf(MigrationChanged);
    });
  });

  it("accepts the whole file's checksum an older database recorded, once, and records the statements' instead", async () => {
    const url = await freshDatabase(`whole_text_${process.pid}`);
    await withMigrationsCopy(async (dir) => {
      await migrate(url);
      const statements = await recordedChecksum(url, INIT);
      const whole = await recordWholeTextChecksum(url, dir, INIT);
      expect(whole).not.toBe(statements);
      expect(await migrate(url)).toEqual([]);
      expect(await recordedChecksum(url, INIT)).toBe(statements);
      // The whole text is no longer what is recorded: a comment now changed is still accepted...
      edit(dir, INIT, (sql) => sql.replace("-- The whole data model.", "-- The data model."));
      expect(await migrate(url)).toEqual([]);
      // ...and an older database whose file's statements changed is still refused.
      await recordWholeTextChecksum(url, dir, INIT);
      edit(dir, INIT, (sql) => sql.replace('"name" VARCHAR(200) NOT NULL', '"name" VARCHAR(250) NOT NULL'));
      await expect(migrate(url)).rejects.toBeInstanceOf(MigrationChanged);
    });
  });

  it("accepts, for a migration whose comments were corrected, the checksum of its former text", async () => {
    const url = await freshDatabase(`former_text_${process.pid}`);
    const [name, { text: former }] = Object.entries(FORMER_WHOLE_TEXT_CHECKSUMS)[0];
    await withMigrationsCopy(async (dir) => {
      await migrate(url);
      const statements = await recordedChecksum(url, name);
      await setChecksum(url, name, former);
      expect(await migrate(url)).toEqual([]);
      expect(await recordedChecksum(url, name)).toBe(statements);
      // Its statements changed: that former checksum no longer vouches for them.
      await setChecksum(url, name, former);
      edit(dir, name, (sql) => `${sql}\nSELECT 1;\n`);
      await expect(migrate(url)).rejects.toBeInstanceOf(MigrationChanged);
    });
  });

  it("knows former checksums only of migrations that exist, whose statements are still the ones they vouch for", () => {
    for (const [name, former] of Object.entries(FORMER_WHOLE_TEXT_CHECKSUMS)) {
      const text = readFileSync(path.resolve("prisma/migrations", name, "migration.sql"), "utf8");
      expect(createHash("sha256").update(text).digest("hex"), name).not.toBe(former.text);
      expect(statementsChecksum(text), name).toBe(former.statements);
    }
  });

  it("started by the service's role, which may not write the history, accepts the old checksum until the owner migrates", async () => {
    const name = `whole_text_service_${process.pid}`;
    const url = await freshDatabase(name);
    const serviceUrl = new URL(process.env.TEST_SERVICE_DATABASE_URL as string);
    serviceUrl.pathname = `/${name}`;
    await withMigrationsCopy(async (dir) => {
      await migrate(url, { serviceUrl: serviceUrl.toString() });
      const statements = await recordedChecksum(url, INIT);
      const whole = await recordWholeTextChecksum(url, dir, INIT);
      expect(await migrate(serviceUrl.toString())).toEqual([]);
      expect(await recordedChecksum(url, INIT)).toBe(whole);
      expect(await migrate(url)).toEqual([]);
      expect(await recordedChecksum(url, INIT)).toBe(statements);
    });
  });
});

describe("the demo catalogue", () => {
  it("is written once when several instances start together on an empty database", async () => {
    const url = await freshDatabase(`demo_${process.pid}`);
    await migrate(url);
    process.env.DATABASE_URL = url;
    const results = await Promise.all([seedDemo(), seedDemo(), seedDemo(), seedDemo()]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await db.operator.count()).toBe(1);
    expect(await db.species.count()).toBe(10);
    expect(await db.plantation.count()).toBe(6);
    const demo = results.find((r) => r !== null);
    expect(await db.context.findUniqueOrThrow({ where: { id: demo!.funeralHomeId } })).toMatchObject({
      kind: "Epf",
    });
  });
});
