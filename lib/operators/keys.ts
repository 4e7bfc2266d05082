// API keys: shown once, stored as a SHA-256 hash, live (production) or test, revocable; named at
// creation and stamped with their last use (at most once a minute per key, see authenticateKey).

import { randomBytes } from "node:crypto";
import { recordChange, withEvents } from "@memorial/lib/changes/record";
import { db, type Tx, transaction } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";
import {
  type Environment,
  isTestEnvironment,
  keyPrefixTag,
  type OperatorScope,
  partnerKeyScope,
} from "@memorial/lib/scope";
import { hashSecretToken } from "@memorial/lib/secret-token";

/** A key's environment: the one Environment of lib/scope.ts ("live" in its prefix is production). */
export type KeyEnvironment = Environment;

/** What is stored of a key: its SHA-256, as of every secret token (lib/secret-token.ts). */
export const hashKey = hashSecretToken;

export function generateKey(environment: KeyEnvironment): string {
  return `mt_${keyPrefixTag(environment)}_${randomBytes(32).toString("base64url")}`;
}

/** The longest key name (api_key.name is VARCHAR(100)). */
export const KEY_NAME_MAX = 100;

/** A key just created: the key itself is shown this once. */
export interface CreatedKey {
  id: number;
  key: string;
  prefix: string;
  environment: KeyEnvironment;
  name: string | null;
  createdAt: Date;
}

export async function createApiKey(
  operatorId: number,
  environment: KeyEnvironment,
  client: Tx | typeof db = db,
  name: string | null = null,
): Promise<CreatedKey> {
  // The key and its audit row in one transaction (the caller's, when it gives one).
  if (client === db) return transaction((tx) => createApiKey(operatorId, environment, tx, name));
  const tx = client as Tx;
  const operator = await tx.operator.findUnique({ where: { id: operatorId } });
  if (!operator) throw new DomainError("NOT_FOUND", `operator ${operatorId} does not exist`);
  const key = generateKey(environment);
  const row = await tx.apiKey.create({
    data: { operatorId, hash: hashKey(key), prefix: key.slice(0, 12), environment, name },
  });
  await recordChange(tx, {
    kind: "key.created",
    target: { type: "key", id: row.id },
    operatorId,
    after: { prefix: row.prefix, environment, keyName: name },
  });
  return { id: row.id, key, prefix: row.prefix, environment, name: row.name, createdAt: row.createdAt };
}

/** Revokes the keys matching `where` that are still live, with a key.revoked event for each. */
async function revoke(where: { hash: string } | { id: number; operatorId: number }): Promise<number> {
  return withEvents(async (tx, changes) => {
    const revoked = await tx.apiKey.updateManyAndReturn({
      where: { ...where, revokedAt: null },
      data: { revokedAt: new Date() },
      select: { id: true, operatorId: true, environment: true },
    });
    for (const key of revoked) {
      await changes.record({
        kind: "key.revoked",
        target: { type: "key", id: key.id },
        operatorId: key.operatorId,
        before: { revoked: false },
        after: { revoked: true },
        event: {
          isTest: isTestEnvironment(key.environment),
          payload: { keyId: key.id },
        },
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

/**
 * Whoever calls a use case for an operator: its Scope (operator, environment, actor: the API key,
 * or the dashboard's user through operatorCaller) and the operator's name and language.
 */
export interface Caller extends OperatorScope {
  operatorName: string;
  operatorLanguage: string;
}

/** The operator behind a key, or null when the key is unknown or revoked. */
export async function authenticateKey(key: string): Promise<Caller | null> {
  if (!key || key.length > 200) return null;
  const row = await db.apiKey.findUnique({
    where: { hash: hashKey(key) },
    include: { operator: { select: { id: true, name: true, language: true } } },
  });
  if (!row || row.revokedAt) return null;
  touchKey(row.id, row.lastUsedAt);
  return {
    ...partnerKeyScope({
      id: row.id,
      operatorId: row.operator.id,
      environment: row.environment,
      name: row.name ?? row.prefix,
    }),
    operatorName: row.operator.name,
    operatorLanguage: row.operator.language,
  };
}

/** How often a key's last use is written: at most once a minute, whatever the request rate. */
const LAST_USE_PRECISION_MS = 60_000;

/**
 * Records the key's use without delaying the request and without a write per request: nothing is
 * sent when the row read says the key was used less than a minute ago, and the UPDATE's own
 * condition keeps concurrent requests (other instances included) to one write a minute.
 */
function touchKey(id: number, lastUsedAt: Date | null): void {
  if (lastUsedAt && Date.now() - lastUsedAt.getTime() < LAST_USE_PRECISION_MS) return;
  recordKeyUse(id);
}

/** The conditional UPDATE of a key's last use (one write a minute at most, whatever calls it). */
export function recordKeyUse(id: number): void {
  db.$executeRaw`UPDATE "api_key" SET "last_used_at" = now()
    WHERE "id" = ${id} AND ("last_used_at" IS NULL OR "last_used_at" < now() - interval '1 minute')`.catch(
    (error: unknown) => console.error("could not record the key's last use", error),
  );
}
