// A new operator with its first live and test keys.
import { db, type Tx, transaction } from "@memorial/lib/db/client";
import { invalid, notFound } from "@memorial/lib/errors";
import type { Language } from "@memorial/lib/i18n/languages";
import { createApiKey } from "./keys";

export interface CreateOperatorInput {
  name: string;
  language?: Language;
  prepaidTrees?: number;
  allowedCountries?: string[];
  maxUnitPrice?: number | null;
}

/** The operator and its two keys in one database transaction (or in the caller's). */
export async function createOperator(
  input: CreateOperatorInput,
  client?: Tx,
): Promise<{ operatorId: number; key: string; testKey: string }> {
  if (!input.name.trim()) throw invalid("the operator's name is empty");
  if (!client) return transaction((tx) => createOperator(input, tx));
  const operator = await client.operator.create({
    data: {
      name: input.name.trim(),
      language: input.language ?? "fr",
      prepaidTrees: input.prepaidTrees ?? 0,
      allowedCountries: (input.allowedCountries ?? []).map((c) => c.toUpperCase()),
      maxUnitPrice: input.maxUnitPrice ?? null,
    },
  });
  const live = await createApiKey(operator.id, "production", client);
  const test = await createApiKey(operator.id, "test", client);
  return { operatorId: operator.id, key: live.key, testKey: test.key };
}

/** Adds prepaid trees; the balance can never go below zero (CHECK in the database). */
export async function addPrepaid(operatorId: number, trees: number) {
  const rows = await db.$queryRaw<{ prepaid_trees: number }[]>`
    UPDATE "operator" SET "prepaid_trees" = "prepaid_trees" + ${trees}
    WHERE "id" = ${operatorId} RETURNING "prepaid_trees"`;
  if (rows.length === 0) throw notFound(`operator ${operatorId} does not exist`);
  return { operatorId, prepaid: rows[0].prepaid_trees };
}
