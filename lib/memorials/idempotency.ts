// Idempotent retries of a planting: an Idempotency-Key names one request of one operator in one
// environment (a live retry never replays a test response). Its record is inserted in the same
// database transaction as the work; a copy that arrives at the same moment waits on the unique key,
// then finds the first result. If the work fails, its transaction (record included) rolls back and
// a retry does it again. Records are kept IDEMPOTENCY_HOURS, then purged (a key older than that
// names a new request).
import { createHash } from "node:crypto";
import { db } from "@memorial/lib/db/client";
import type { SqlClient } from "@memorial/lib/db/raw";
import { DomainError, invalid } from "@memorial/lib/errors";
import { isTestEnvironment, type OperatorScope } from "@memorial/lib/scope";
import { LIMITS } from "./limits";

const IDEMPOTENCY_HOURS = 24;

export interface IdempotencyKey {
  key: string;
  /** A fingerprint of the request (requestHash of the edge's body). */
  requestHash: string;
}

/** Whose key it is: the caller's operator and environment. */
export type IdempotencyScope = Pick<OperatorScope, "operatorId" | "environment">;

/** The deepest JSON nesting a hashed body may have (the v1 wrapper refuses deeper bodies first). */
const MAX_HASH_DEPTH = 64;

/** A hash of a JSON value that ignores key order and whitespace; bounded depth, no deep recursion. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown, depth: number): unknown => {
    if (depth > MAX_HASH_DEPTH) throw invalid(`the body is nested deeper than ${MAX_HASH_DEPTH} levels`);
    if (Array.isArray(value)) return value.map((item) => canonical(item, depth + 1));
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k], depth + 1)]),
      );
    }
    return value;
  };
  return createHash("sha256")
    .update(JSON.stringify(canonical(body, 0)))
    .digest("hex");
}

export function checkIdempotencyKey(key: string): string {
  const trimmed = key.trim();
  if (!trimmed || trimmed.length > LIMITS.idempotencyKey || /[^\x20-\x7e]/.test(trimmed)) {
    throw invalid(`Idempotency-Key: must be 1 to ${LIMITS.idempotencyKey} printable ASCII characters`);
  }
  return trimmed;
}

/**
 * Claims the key in the caller's transaction. Returns the stored result of an earlier request
 * with the same key (a replay), or null when the work is to be done now (then `remember` stores
 * its result in the same transaction). An expired record is taken over as a new request.
 */
export async function claimIdempotencyKey<T>(
  tx: SqlClient,
  scope: IdempotencyScope,
  idempotency: IdempotencyKey,
): Promise<T | null> {
  const { key, requestHash: hash } = idempotency;
  const claimed = await tx.$executeRaw`
    INSERT INTO "idempotency_record" ("operator_id", "is_test", "key", "request_hash")
    VALUES (${scope.operatorId}, ${isTestEnvironment(scope.environment)}, ${key}, ${hash})
    ON CONFLICT ("operator_id", "is_test", "key") DO UPDATE
      SET "request_hash" = EXCLUDED."request_hash", "response_status" = NULL, "response_body" = NULL,
          "created_at" = now()
      WHERE "idempotency_record"."created_at" < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`;
  if (claimed === 1) return null;
  const [existing] = await tx.$queryRaw<{ request_hash: string; response_body: unknown }[]>`
    SELECT "request_hash", "response_body" FROM "idempotency_record"
    WHERE "operator_id" = ${scope.operatorId} AND "is_test" = ${isTestEnvironment(scope.environment)} AND "key" = ${key}`;
  if (!existing) throw new DomainError("INTERNAL", "an Idempotency-Key neither claimed nor found");
  if (existing.request_hash !== hash) {
    throw new DomainError(
      "IDEMPOTENCY_MISMATCH",
      "Idempotency-Key: this key was used with a different request body; use a new key for a new request",
    );
  }
  return existing.response_body as T;
}

export async function rememberResult(
  tx: SqlClient,
  scope: IdempotencyScope,
  key: string,
  result: unknown,
): Promise<void> {
  await tx.$executeRaw`
    UPDATE "idempotency_record" SET "response_status" = 200, "response_body" = ${JSON.stringify(result)}::jsonb
    WHERE "operator_id" = ${scope.operatorId} AND "is_test" = ${isTestEnvironment(scope.environment)} AND "key" = ${key}`;
}

/** Deletes the records older than IDEMPOTENCY_HOURS (run by the launcher's housekeeping). */
export async function purgeIdempotencyRecords(): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "idempotency_record" WHERE "created_at" < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`;
}
