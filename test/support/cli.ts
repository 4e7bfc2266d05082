// The operators' command line run as the people who run the service run it: a child process per
// call (tsx cli/index.ts), against the real PostgreSQL of test/global-setup.ts (DATABASE_URL).
import path from "node:path";
import { type CommandRun, runCommand } from "@/e2e/support/command-line";

const TSX = path.resolve("node_modules/.bin/tsx");

export type CliRun = CommandRun;

/** Runs `cli/index.ts args...`; `json` is the last line of standard output parsed, or null. */
export function runCli(...args: string[]): Promise<CliRun> {
  return runCliIn({}, ...args);
}

/** The command line with more environment variables (NODE_ENV=production, say; undefined unsets one). */
export function runCliIn(env: Record<string, string | undefined>, ...args: string[]): Promise<CliRun> {
  return runCommand([TSX, "cli/index.ts", ...args], { DATABASE_URL: process.env.DATABASE_URL, ...env });
}
