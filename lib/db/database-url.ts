// Where the database is: DATABASE_URL when set, otherwise the embedded server under DATA_DIR
// (started, or reused when it runs already; `log` hears what was found, e.g. a stale pid file).
import { type EmbeddedDatabase, startEmbeddedDatabase } from "./embedded";

export async function resolveDatabase(log?: (line: string) => void): Promise<EmbeddedDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const embedded = await startEmbeddedDatabase(log);
  process.env.DATABASE_URL = embedded.url;
  return embedded;
}
