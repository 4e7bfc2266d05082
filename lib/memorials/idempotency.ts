// Idempotent retries of POST /v1/Memorials/Creer: per operator, an Idempotency-Key names one
// request. Its record is inserted in the same database transaction as the work; a copy that
// arrives at the same moment waits on the unique key, then finds the first response. If the
// work fails, its transaction (record included) rolls back and a retry does it again.
import { createHash } from "node:crypto";
import { type Tx, transaction } from "@/lib/db/client";
import { DomainError, invalid } from "@/lib/errors";
import { LIMITS } from "./schemas";

export interface StoredResponse {
  status: number;
  body: unknown;
}

/** A hash of the JSON body that ignores key order and whitespace. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash("sha256")
    .update(JSON.stringify(canonical(body)))
    .digest("hex");
}

export function checkIdempotencyKey(key: string): string {
  const trimmed = key.trim();
  if (!trimmed || trimmed.length > LIMITS.idempotencyKey || /[^\x20-\x7e]/.test(trimmed)) {
    throw invalid(`Idempotency-Key: must be 1 to ${LIMITS.idempotencyKey} printable ASCII characters`);
  }
  return trimmed;
}

export async function idempotent(
  operatorId: number,
  key: string,
  hash: string,
  work: (tx: Tx) => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  return transaction(async (tx) => {
    const inserted = await tx.$executeRaw`
      INSERT INTO "idempotency_record" ("operator_id", "key", "request_hash")
      VALUES (${operatorId}, ${key}, ${hash})
      ON CONFLICT ("operator_id", "key") DO NOTHING`;
    if (inserted === 0) {
      const existing = await tx.idempotencyRecord.findUniqueOrThrow({
        where: { operatorId_key: { operatorId, key } },
      });
      if (existing.requestHash !== hash) {
        throw new DomainError(
          "CONFLICT",
          "Idempotency-Key: this key was used with a different request body; use a new key for a new request",
        );
      }
      return { status: existing.responseStatus ?? 200, body: existing.responseBody, replayed: true };
    }
    const response = await work(tx);
    await tx.idempotencyRecord.update({
      where: { operatorId_key: { operatorId, key } },
      data: { responseStatus: response.status, responseBody: response.body as object },
    });
    return { ...response, replayed: false };
  });
}
