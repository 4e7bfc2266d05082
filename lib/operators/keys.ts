// API keys: shown once, stored as a SHA-256 hash, live (production) or test, revocable.
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";

export type KeyEnvironment = "production" | "test";

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function generateKey(environment: KeyEnvironment): string {
  const tag = environment === "production" ? "live" : "test";
  return `mt_${tag}_${randomBytes(32).toString("base64url")}`;
}

export async function createApiKey(operatorId: number, environment: KeyEnvironment) {
  const operator = await db.operator.findUnique({ where: { id: operatorId } });
  if (!operator) throw new DomainError("NOT_FOUND", `operator ${operatorId} does not exist`);
  const key = generateKey(environment);
  const row = await db.apiKey.create({
    data: { operatorId, hash: hashKey(key), prefix: key.slice(0, 12), environment },
  });
  return { id: row.id, key, prefix: row.prefix, environment, createdAt: row.createdAt };
}

/** Revokes a key given in full. Returns false when no such key exists. */
export async function revokeApiKey(key: string): Promise<boolean> {
  const result = await db.apiKey.updateMany({
    where: { hash: hashKey(key), revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (result.count > 0) return true;
  return (await db.apiKey.count({ where: { hash: hashKey(key) } })) > 0;
}

/** Revokes one of an operator's keys by id (the dashboard); another operator's key is not found. */
export async function revokeApiKeyById(operatorId: number, id: number): Promise<boolean> {
  const result = await db.apiKey.updateMany({
    where: { id, operatorId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return result.count > 0;
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
