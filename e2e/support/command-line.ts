// The operators' command line run as a child process, as the people who run the service run it:
// its exit code, what it printed, and its answer (the last line of standard output, JSON). The
// unit tests run the source through tsx (test/support/cli.ts), the e2e tests the compiled command
// line of `npm run cli` (scripts/run.mjs cli): one collector for both.
import { spawn } from "node:child_process";

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The last line of standard output parsed as JSON, or null. */
  // biome-ignore lint/suspicious/noExplicitAny: the JSON printed by the command
  json: any;
}

/** Runs `argv` (the program first) with `env` added to this process's (undefined unsets one). */
export function runCommand(
  argv: string[],
  env: Record<string, string | undefined> = {},
): Promise<CommandRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0] as string, argv.slice(1), {
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
        json = JSON.parse(lines[lines.length - 1] as string);
      } catch {
        json = null;
      }
      resolve({ code, stdout, stderr, json });
    });
  });
}
