// The operators' command line as the tests run it: the same function as the program
// (cli/command-line.ts), called in the test's process against the real PostgreSQL of
// test/global-setup.ts, with what it prints collected. A Node.js start per call cost about two
// seconds; the program itself (process, exit status) is run as a child by the few tests that hold
// it (spawnCli here, and the compiled command line in the end-to-end tests).
import path from "node:path";
import { runCommandLine } from "@/cli/command-line";
import { type CommandRun, runCommand } from "@/e2e/support/command-line";

export type CliRun = CommandRun;

const TSX = path.resolve("node_modules/.bin/tsx");

// One call at a time: a call may change the environment (runCliIn), which is the process's.
let queue: Promise<unknown> = Promise.resolve();

/** Runs the command line with `args`; `json` is the last line of standard output parsed, or null. */
export function runCli(...args: string[]): Promise<CliRun> {
  return runCliIn({}, ...args);
}

/** The command line with more environment variables (NODE_ENV=production, say; undefined unsets one). */
export function runCliIn(env: Record<string, string | undefined>, ...args: string[]): Promise<CliRun> {
  const run = queue.then(() => inProcess(env, args));
  queue = run.catch(() => undefined);
  return run;
}

async function inProcess(env: Record<string, string | undefined>, args: string[]): Promise<CliRun> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const setAll = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  const out: string[] = [];
  const err: string[] = [];
  setAll(env);
  try {
    const code = await runCommandLine(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
    const stdout = out.map((line) => `${line}\n`).join("");
    let json = null;
    try {
      json = JSON.parse(out[out.length - 1] ?? "");
    } catch {
      json = null;
    }
    return { code, stdout, stderr: err.map((line) => `${line}\n`).join(""), json };
  } finally {
    setAll(saved);
  }
}

/** The command line as a program of its own (tsx cli/index.ts), for what only a process shows. */
export function spawnCli(...args: string[]): Promise<CliRun> {
  return runCommand([TSX, "cli/index.ts", ...args], { DATABASE_URL: process.env.DATABASE_URL });
}
