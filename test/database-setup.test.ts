// Starting on a database: the migration runner refuses a changed migration, and the demo catalogue
// is written once when several instances start together on an empty database. Each test gets a
// database of its own on the test server (this file's process points DATABASE_URL at it).
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedDemo } from "@memorial/lib/catalogue/demo";
import { db, disconnect } from "@memorial/lib/db/client";
import { MigrationChanged, migrate } from "@memorial/lib/service/migrate";
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

describe("the migration runner", () => {
  it("refuses to start when an applied migration's file has changed", async () => {
    const url = await freshDatabase(`drift_${process.pid}`);
    const dir = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    cpSync(path.resolve("prisma/migrations"), dir, { recursive: true });
    const previous = process.env.MIGRATIONS_DIR;
    process.env.MIGRATIONS_DIR = dir;
    try {
      expect((await migrate(url)).length).toBeGreaterThan(0);
      expect(await migrate(url)).toEqual([]); // unchanged: nothing to do, no complaint
      const file = path.join(dir, "20261122000000_init", "migration.sql");
      writeFileSync(file, "-- edited after it was applied\nSELECT 1;\n");
      await expect(migrate(url)).rejects.toBeInstanceOf(MigrationChanged);
      await expect(migrate(url)).rejects.toThrow(/20261122000000_init was changed/);
    } finally {
      if (previous === undefined) delete process.env.MIGRATIONS_DIR;
      else process.env.MIGRATIONS_DIR = previous;
    }
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
