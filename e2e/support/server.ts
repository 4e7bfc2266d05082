// Starts the whole service for the tests as `npm start` does (node scripts/run.mjs start: the
// compiled launcher with its job runner and the built Next.js server), on a free loopback port,
// and stops it by its process id.
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { freePort } from "@memorial/lib/db/embedded";

export interface RunningServer {
  url: string;
  pid: number;
  /** The exit status once the process has exited (a signal's name if it was killed), else null. */
  exitCode(): number | string | null;
  stop(): Promise<void>;
}

/** `projectDir`: the checkout to start (another build side by side, as bench:page does). */
export async function startServer(
  env: Record<string, string>,
  logFile: string,
  projectDir = process.cwd(),
): Promise<RunningServer> {
  const port = await freePort();
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(process.execPath, [path.join(projectDir, "scripts/run.mjs"), "start"], {
    cwd: projectDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const response = await fetch(`${url}/v1/Plantations`);
      if (response.status === 403) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start in 90 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    exitCode: () => child.exitCode ?? child.signalCode,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(child.pid!, "SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) process.kill(child.pid!, "SIGKILL");
    },
  };
}
