// The operators' command line as the tests run it: its exit code, what it printed, and its answer
// (the last line of standard output, JSON). Most tests call the program's own function in their
// process (runCommandLineInProcess): a Node.js start per call costs about two seconds. What only a
// process shows runs it as a child (runCommand): the source through tsx in the unit tests
// (test/support/cli.ts), the compiled command line of `npm run cli` in the end-to-end tests.
import { spawn } from "node:child_process";
import { runCommandLine } from "../../cli/command-line";

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

// One call at a time: a call may change the environment, which is the process's.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs the command line's function (cli/command-line.ts) in this process with `args`, with `env`
 * added to the environment for the call (undefined unsets one).
 */
export function runCommandLineInProcess(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<CommandRun> {
  const run = queue.then(() => inProcess(env, args));
  queue = run.catch(() => undefined);
  return run;
}

async function inProcess(env: Record<string, string | undefined>, args: string[]): Promise<CommandRun> {
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
    let json = null;
    try {
      json = JSON.parse(out[out.length - 1] ?? "");
    } catch {
      json = null;
    }
    return {
      code,
      stdout: out.map((line) => `${line}\n`).join(""),
      stderr: err.map((line) => `${line}\n`).join(""),
      json,
    };
  } finally {
    setAll(saved);
  }
}
