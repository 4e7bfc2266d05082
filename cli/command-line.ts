// The command line as a function: its arguments in, an exit status out, what it prints written
// through `output`. cli/index.ts runs it as a program; the unit tests call it in their own process
// (test/support/cli.ts), so that a check of an option does not cost a Node.js start.
import { actingAs } from "@memorial/lib/audit/actor";
import { resolveDatabase } from "@memorial/lib/db/database-url";
import { DomainError } from "@memorial/lib/errors";
import { systemAccount } from "@memorial/lib/scope";
import { migrate } from "@memorial/lib/service/migrate";
import { SettingsError, settings } from "@memorial/lib/settings";
import { type Command, type CommandOutput, parseOptions, UsageError, type Values } from "./arguments";
import { CATALOGUE_COMMANDS } from "./commands/catalogue";
import { JOB_COMMANDS } from "./commands/jobs";
import { OPERATOR_COMMANDS } from "./commands/operators";
import { PRIVACY_COMMANDS } from "./commands/privacy";
import { TREE_COMMANDS } from "./commands/trees";
import { VISITOR_COMMANDS } from "./commands/visitors";
import { WEBHOOK_COMMANDS } from "./commands/webhooks";

/** Every command, by name: the audit log's coverage test lists the ways in from it. */
export const COMMANDS: Record<string, Command> = {
  ...OPERATOR_COMMANDS,
  ...CATALOGUE_COMMANDS,
  ...WEBHOOK_COMMANDS,
  ...TREE_COMMANDS,
  ...JOB_COMMANDS,
  ...VISITOR_COMMANDS,
  ...PRIVACY_COMMANDS,
};

/** Standard output and standard error of the process. */
export const processOutput: CommandOutput = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

/**
 * Runs one command: 0 with its answer as one JSON line on `out`, 2 for bad arguments or settings,
 * 1 for a failure of the operation. `release` runs before the database it started (if any) stops:
 * the program closes its connections there; a caller that goes on using them passes none.
 */
export async function runCommandLine(
  argv: string[],
  output: CommandOutput = processOutput,
  release?: () => Promise<void>,
): Promise<number> {
  const command = argv.slice(0, 2).join(" ");
  const run = COMMANDS[command];
  if (!run) {
    output.err(`unknown command "${command}". Commands:\n  ${Object.keys(COMMANDS).join("\n  ")}`);
    return 2;
  }
  let values: Values;
  try {
    values = parseOptions(argv.slice(2), run.options, run.positionals);
  } catch (error) {
    output.err(`${command}: ${(error as Error).message}`);
    return 2;
  }
  try {
    settings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    output.err(error.message);
    return 2;
  }
  const database = await resolveDatabase();
  try {
    await migrate(database.migrationUrl, { serviceUrl: database.url });
    // The audit log names the command line by the system account that ran it, as its scopes do.
    const result = await actingAs({ kind: "cli", account: systemAccount() }, () => run.run(values, output));
    output.out(JSON.stringify(result));
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof DomainError) {
      output.err(`${command}: ${error.message}`);
      return error instanceof UsageError ? 2 : 1;
    }
    output.err(`${command} failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await release?.();
    await database.stop();
  }
}
