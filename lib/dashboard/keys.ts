// The operator's API keys as the dashboard lists them: never the key, only its first characters.
import { db } from "@memorial/lib/db/client";

export async function listKeys(operatorId: number) {
  const rows = await db.apiKey.findMany({
    where: { operatorId },
    select: {
      id: true,
      name: true,
      prefix: true,
      environment: true,
      createdAt: true,
      revokedAt: true,
      lastUsedAt: true,
    },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    environment: row.environment,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

export type KeyRow = Awaited<ReturnType<typeof listKeys>>[number];
