// The operators' command line as the tests run it: the same function as the program
// (cli/command-line.ts), called in the test's process against the real PostgreSQL of
// test/global-setup.ts, with what it prints collected. A Node.js start per call cost about two
// seconds; the program itself (process, exit status) is run as a child by the few tests that hold
// it (spawnCli here, and the compiled command line in the end-to-end tests).
import path from "node:path";
import { type CommandRun, runCommand, runCommandLineInProcess } from "@/e2e/support/command-line";

export type CliRun = CommandRun;

const TSX = path.resolve("node_modules/.bin/tsx");

/** Runs the command line with `args`; `json` is the last line of standard output parsed, or null. */
export function runCli(...args: string[]): Promise<CliRun> {
  return runCommandLineInProcess(args);
}

/** The command line with more environment variables (NODE_ENV=production, say; undefined unsets one). */
export function runCliIn(env: Record<string, string | undefined>, ...args: string[]): Promise<CliRun> {
  return runCommandLineInProcess(args, env);
}

/** The command line as a program of its own (tsx cli/index.ts), for what only a process shows. */
export function spawnCli(...args: string[]): Promise<CliRun> {
  return runCommand([TSX, "cli/index.ts", ...args], { DATABASE_URL: process.env.DATABASE_URL });
}
