// The operators' command line run as the people who run the service run it: a child process per
// call (tsx cli/index.ts), against the real PostgreSQL of test/global-setup.ts (DATABASE_URL).
import { spawn } from "node:child_process";
import path from "node:path";

const TSX = path.resolve("node_modules/.bin/tsx");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  // biome-ignore lint/suspicious/noExplicitAny: the JSON printed by the command
  json: any;
}

/** Runs `cli/index.ts args...`; `json` is the last line of standard output parsed, or null. */
export function runCli(...args: string[]): Promise<CliRun> {
  return runCliIn({}, ...args);
}

/** The command line with more environment variables (NODE_ENV=production, say; undefined unsets one). */
export function runCliIn(env: Record<string, string | undefined>, ...args: string[]): Promise<CliRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: process.env.DATABASE_URL, ...env };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ["cli/index.ts", ...args], {
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const lines = stdout.trim().split("\n");
      let json = null;
      try {
        json = JSON.parse(lines[lines.length - 1]);
      } catch {
        json = null;
      }
      resolve({ code, stdout, stderr, json });
    });
  });
}
