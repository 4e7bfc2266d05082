// The end of a program's use of the database, for a process that is not the service (the command
// line): the edges reach the database only through lib/'s use cases and read models, so they close
// it through lib/ too, never through the Prisma client's module.
import { disconnect } from "@memorial/lib/db/client";

/** Closes the process's database connections (the shared pool and the reports'), so that it can exit. */
export function closeDatabase(): Promise<void> {
  return disconnect();
}
