// A new operator with its first live and test keys.
import { recordChange } from "@memorial/lib/changes/record";
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
  await recordChange(client, {
    kind: "operator.created",
    target: { type: "operator", id: operator.id },
    operatorId: operator.id,
    after: {
      operatorName: operator.name,
      language: operator.language,
      prepaidTrees: operator.prepaidTrees,
      allowedCountries: operator.allowedCountries,
    },
  });
  const live = await createApiKey(operator.id, "production", client);
  const test = await createApiKey(operator.id, "test", client);
  return { operatorId: operator.id, key: live.key, testKey: test.key };
}

/** The choices of operator.unconfirmed_outcome (the enum UnconfirmedOutcome). */
export const UNCONFIRMED_OUTCOMES = ["credit", "global"] as const;
export type UnconfirmedOutcomeChoice = (typeof UNCONFIRMED_OUTCOMES)[number];
export const isUnconfirmedOutcome = (value: string): value is UnconfirmedOutcomeChoice =>
  (UNCONFIRMED_OUTCOMES as readonly string[]).includes(value);

/**
 * What becomes of the waiting tree of the operator's memorials never confirmed (or
 * declined): "credit" (not planted, nothing charged: the default) or "global" (planted in its
 * global memorial). Without `outcome`, reads the current choice.
 */
export async function setUnconfirmedOutcome(
  operatorId: number,
  outcome?: UnconfirmedOutcomeChoice,
): Promise<{ operatorId: number; unconfirmedOutcome: UnconfirmedOutcomeChoice }> {
  if (!outcome) {
    const rows = await db.$queryRaw<{ unconfirmed_outcome: string }[]>`
      SELECT "unconfirmed_outcome"::text FROM "operator" WHERE "id" = ${operatorId}`;
    if (rows.length === 0) throw notFound(`operator ${operatorId} does not exist`);
    return { operatorId, unconfirmedOutcome: rows[0].unconfirmed_outcome as UnconfirmedOutcomeChoice };
  }
  return transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ before: string }[]>`
      SELECT "unconfirmed_outcome"::text AS "before" FROM "operator" WHERE "id" = ${operatorId} FOR UPDATE`;
    if (!row) throw notFound(`operator ${operatorId} does not exist`);
    await tx.$executeRaw`
      UPDATE "operator" SET "unconfirmed_outcome" = ${outcome}::"UnconfirmedOutcome" WHERE "id" = ${operatorId}`;
    await recordChange(tx, {
      kind: "operator.settings_changed",
      target: { type: "operator", id: operatorId },
      operatorId,
      before: { unconfirmedOutcome: row.before },
      after: { unconfirmedOutcome: outcome },
    });
    return { operatorId, unconfirmedOutcome: outcome };
  });
}

/** Adds prepaid trees; the balance can never go below zero (CHECK in the database). */
export async function addPrepaid(operatorId: number, trees: number) {
  return transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ prepaid_trees: number }[]>`
      UPDATE "operator" SET "prepaid_trees" = "prepaid_trees" + ${trees}
      WHERE "id" = ${operatorId} RETURNING "prepaid_trees"`;
    if (rows.length === 0) throw notFound(`operator ${operatorId} does not exist`);
    await recordChange(tx, {
      kind: "operator.prepaid_added",
      target: { type: "operator", id: operatorId },
      operatorId,
      before: { prepaidTrees: rows[0].prepaid_trees - trees },
      after: { prepaidTrees: rows[0].prepaid_trees },
    });
    return { operatorId, prepaid: rows[0].prepaid_trees };
  });
}
