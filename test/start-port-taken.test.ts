// `npm start` on a port already taken (another instance still running, or another
// program) exits non-zero with a clear message, at once: before it starts or touches a database.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const dir = mkdtempSync(path.join(os.tmpdir(), "memorial-port-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("exits non-zero, saying the port is in use, without starting a database", async () => {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const port = (holder.address() as net.AddressInfo).port;
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1" };
    env.DATA_DIR = path.join(dir, "data");
    delete env.DATABASE_URL; // it would start an embedded PostgreSQL there, were the port free
    const run = spawnSync(process.execPath, ["scripts/run.mjs", "start"], {
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(3);
    expect(run.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
    expect(run.stdout).not.toContain("database:");
    expect(existsSync(env.DATA_DIR)).toBe(false);
  } finally {
    holder.close();
  }
});
