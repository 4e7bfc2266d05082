// `npm start` runs JavaScript, no transpiler at run time. The service is started as
// `npm start` starts it (node scripts/run.mjs start, against the tests' database) with module
// hooks that fail on any TypeScript file or on tsx (test/support/no-typescript-hooks.mjs): it must
// become ready and answer the API and a page. Under tsx, its first import of scripts/start.ts
// would stop it.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "@memorial/lib/db/embedded";
import pg from "pg";
import { afterAll, expect, it } from "vitest";

let child: ChildProcess | undefined;
// Its own embedded database in a folder of its own: the service's migrations and job runner would
// otherwise work beside the other test files' long transactions on the shared one.
const dir = mkdtempSync(path.join(os.tmpdir(), "memorial-compiled-"));
afterAll(() => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

it("starts with no TypeScript loaded, serves /readyz, the API and a page, connected as the service's role", async () => {
  const port = await freePort();
  let output = "";
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", JOB_WORKERS: "1" };
  env.LOG_LEVEL = "warn";
  env.DATA_DIR = path.join(dir, "data");
  delete env.DATABASE_URL;
  child = spawn(
    process.execPath,
    ["--import", "./test/support/no-typescript.mjs", "scripts/run.mjs", "start"],
    {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  let ready = 0;
  while (Date.now() < deadline && child.exitCode === null) {
    ready = await fetch(`${origin}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (ready === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(ready, output).toBe(200);
  expect(output).not.toContain("TypeScript loaded at run time");
  // The API (lib/ through the server) and a page (lib/ through Next.js), both compiled.
  expect((await fetch(`${origin}/v1/Especes`)).status).toBe(403);
  expect((await fetch(`${origin}/`)).status).toBe(200);
  // The embedded default runs the service as its own role, not as the superuser that migrated.
  const pgDir = path.join(env.DATA_DIR, "postgres");
  const owner = new pg.Client({
    host: "127.0.0.1",
    port: Number(readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[3]),
    user: "postgres",
    password: readFileSync(path.join(env.DATA_DIR, "postgres-password"), "utf8").trim(),
    database: "memorial",
  });
  await owner.connect();
  try {
    const { rows } = await owner.query<{ role: string }>(
      `SELECT DISTINCT usename AS role FROM pg_stat_activity
        WHERE datname = 'memorial' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    expect(rows.map((row) => row.role)).toEqual(["memorial_service"]);
  } finally {
    await owner.end();
  }
  const exited = new Promise((resolve) => child?.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  expect(child.exitCode).toBe(0);
}, 120_000);
