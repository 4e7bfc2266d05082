// API keys: shown once, stored as a SHA-256 hash, live (production) or test, revocable.
import { createHash, randomBytes } from "node:crypto";
import { db, type Tx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { withEvents } from "@/lib/events/events";

export type KeyEnvironment = "production" | "test";

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function generateKey(environment: KeyEnvironment): string {
  const tag = environment === "production" ? "live" : "test";
  return `mt_${tag}_${randomBytes(32).toString("base64url")}`;
}

export async function createApiKey(
  operatorId: number,
  environment: KeyEnvironment,
  client: Tx | typeof db = db,
) {
  const operator = await client.operator.findUnique({ where: { id: operatorId } });
  if (!operator) throw new DomainError("NOT_FOUND", `operator ${operatorId} does not exist`);
  const key = generateKey(environment);
  const row = await client.apiKey.create({
    data: { operatorId, hash: hashKey(key), prefix: key.slice(0, 12), environment },
  });
  return { id: row.id, key, prefix: row.prefix, environment, createdAt: row.createdAt };
}

/** Revokes the keys matching `where` that are still live, with a key.revoked event for each. */
async function revoke(where: { hash: string } | { id: number; operatorId: number }): Promise<number> {
  return withEvents(async (tx, events) => {
    const revoked = await tx.apiKey.updateManyAndReturn({
      where: { ...where, revokedAt: null },
      data: { revokedAt: new Date() },
      select: { id: true, operatorId: true, environment: true },
    });
    for (const key of revoked) {
      await events.record({
        type: "key.revoked",
        operatorId: key.operatorId,
        isTest: key.environment === "test",
        payload: { keyId: key.id },
      });
    }
    return revoked.length;
  });
}

/** Revokes a key given in full. Returns false when no such key exists. */
export async function revokeApiKey(key: string): Promise<boolean> {
  if ((await revoke({ hash: hashKey(key) })) > 0) return true;
  return (await db.apiKey.count({ where: { hash: hashKey(key) } })) > 0;
}

/** Revokes one of an operator's keys by id (the dashboard); another operator's key is not found. */
export async function revokeApiKeyById(operatorId: number, id: number): Promise<boolean> {
  return (await revoke({ id, operatorId })) > 0;
}

export interface Caller {
  operatorId: number;
  operatorName: string;
  operatorLanguage: string;
  environment: KeyEnvironment;
  isTest: boolean;
  keyId: number;
}

/** The operator behind a key, or null when the key is unknown or revoked. */
export async function authenticateKey(key: string): Promise<Caller | null> {
  if (!key || key.length > 200) return null;
  const row = await db.apiKey.findUnique({
    where: { hash: hashKey(key) },
    include: { operator: { select: { id: true, name: true, language: true } } },
  });
  if (!row || row.revokedAt) return null;
  return {
    operatorId: row.operator.id,
    operatorName: row.operator.name,
    operatorLanguage: row.operator.language,
    environment: row.environment,
    isTest: row.environment === "test",
    keyId: row.id,
  };
}
