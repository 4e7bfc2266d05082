// A visitor's tree that waits in the planting queue (no stock) more than
// VISITOR_QUEUE_GIVE_UP_DAYS (lib/settings.ts, 30 by default) is given up, once, by the job
// `give-up-visitor-trees` (hourly; `jobs run give-up-visitor-trees`):
// 1. in one transaction, a conditional UPDATE sets queued_planting.given_up_at on the rows still
//    waiting (the queue, lib/plantings/planting-queue.ts, locks a row to plant it and never serves
//    a given-up one: of the two, one wins); a claim code's tree given up returns the prepaid tree
//    its code had set aside to the operator's balance (a code that was not prepaid was never
//    charged: the operator pays a code's tree when it is planted), and its planting is `expired`;
// 2. then each paid tree given up and not yet refunded is refunded through Stripe, with an
//    Idempotency-Key derived from its visitor_planting id, and marked refunded (refund_id,
//    refunded_at). A crash between 1 and 2, or a refund that failed, is taken up by the next run:
//    Stripe answers a repeated key with the same refund, so the visitor is refunded once.
// The code itself is not made usable again: a redeemed code stays redeemed (claim_code's check
// keeps redeemed and credited apart), what the operator gets back is the tree it had paid for.
import { recordChange } from "@memorial/lib/changes/record";
import { db, transaction } from "@memorial/lib/db/client";
import { componentLogger } from "@memorial/lib/log";
import { settings } from "@memorial/lib/settings";
import { stripeClient } from "./payments";

export const GIVE_UP_JOB = "give-up-visitor-trees";

/** The Idempotency-Key of a visitor planting's refund: one refund, whatever the retries. */
export const refundKey = (visitorPlantingId: number) => `visitor-planting-${visitorPlantingId}-refund`;

export interface GiveUpResult {
  /** Queued visitor trees given up by this run. */
  givenUp: number;
  /** Paid trees refunded by this run (given up by it or by an earlier one). */
  refunded: number;
}

export async function giveUpWaitingVisitorTrees(): Promise<GiveUpResult> {
  const days = settings().VISITOR_QUEUE_GIVE_UP_DAYS;
  const givenUp = await transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { id: number; claim_code_id: number | null; memorial_id: number; operator_id: number }[]
    >`
      UPDATE "queued_planting" q SET "given_up_at" = now()
      FROM "visitor_planting" v
      WHERE q."visitor_planting_id" = v."id" AND q."planted_at" IS NULL AND q."given_up_at" IS NULL
        AND q."created_at" <= now() - make_interval(days => ${days})
      RETURNING v."id", v."claim_code_id", v."memorial_id", v."operator_id"`;
    for (const row of rows) {
      await recordChange(tx, {
        kind: "planting.given_up",
        target: { type: "planting", id: row.id },
        operatorId: row.operator_id,
        memorialId: row.memorial_id,
        before: { status: "queued" },
        after: { givenUp: true, claimCodeId: row.claim_code_id },
      });
    }
    const codePlantings = rows.filter((row) => row.claim_code_id !== null).map((row) => row.id);
    if (codePlantings.length > 0) {
      // The prepaid trees the codes had set aside go back to their operators' balances.
      await tx.$executeRaw`
        UPDATE "operator" o SET "prepaid_trees" = o."prepaid_trees" + c."trees"
        FROM (SELECT cc."operator_id", count(*)::int AS "trees"
              FROM "visitor_planting" v JOIN "claim_code" cc ON cc."id" = v."claim_code_id"
              WHERE v."id" = ANY(${codePlantings}::int[]) AND cc."prepaid" AND NOT cc."is_test"
              GROUP BY cc."operator_id") c
        WHERE o."id" = c."operator_id"`;
      await tx.$executeRaw`
        UPDATE "visitor_planting" SET "status" = 'expired'
        WHERE "id" = ANY(${codePlantings}::int[]) AND "status" = 'queued'`;
    }
    return rows.length;
  });

  const due = await db.$queryRaw<{ id: number; payment_intent: string }[]>`
    SELECT v."id", v."payment_intent" FROM "visitor_planting" v
    JOIN "queued_planting" q ON q."visitor_planting_id" = v."id"
    WHERE q."given_up_at" IS NOT NULL AND v."origin" = 'visitor_payment' AND v."status" = 'queued'
      AND v."refund_id" IS NULL AND v."payment_intent" IS NOT NULL
    ORDER BY v."id"`;
  let refunded = 0;
  const failures: string[] = [];
  for (const planting of due) {
    try {
      const refund = await stripeClient().refunds.create(
        { payment_intent: planting.payment_intent, metadata: { visitorPlantingId: String(planting.id) } },
        { idempotencyKey: refundKey(planting.id) },
      );
      refunded += await transaction(async (tx) => {
        const [marked] = await tx.$queryRaw<{ memorial_id: number; operator_id: number }[]>`
          UPDATE "visitor_planting" SET "status" = 'refunded', "refund_id" = ${refund.id}, "refunded_at" = now()
          WHERE "id" = ${planting.id} AND "status" = 'queued'
          RETURNING "memorial_id", "operator_id"`;
        if (!marked) return 0;
        await recordChange(tx, {
          kind: "planting.refunded",
          target: { type: "planting", id: planting.id },
          operatorId: marked.operator_id,
          memorialId: marked.memorial_id,
          before: { status: "queued" },
          after: { status: "refunded", refundId: refund.id },
        });
        return 1;
      });
    } catch (error) {
      failures.push(
        `visitor planting ${planting.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  if (givenUp > 0 || refunded > 0)
    componentLogger("visitors").info({ givenUp, refunded }, "visitor trees given up in the planting queue");
  // The job fails, and is retried: what was not refunded is taken up again (same keys).
  if (failures.length > 0) throw new Error(`refunds failed: ${failures.join("; ")}`);
  return { givenUp, refunded };
}
