// A process that starts the embedded PostgreSQL of DATA_DIR, prints READY and waits to be killed:
// test/embedded-database.test.ts kills its process group with SIGKILL, as a crash would.
import { startEmbeddedDatabase } from "@memorial/lib/db/embedded";

const database = await startEmbeddedDatabase();
console.log(`READY ${new URL(database.url).port}`);
setInterval(() => {}, 60_000);
