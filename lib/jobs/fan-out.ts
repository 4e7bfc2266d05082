// The daily jobs fan out: the scheduled job (guestbook-digest, closing-summary,
// send-reminders) only selects the day's items, in keyset batches (lib/db/keyset.ts), and adds one
// job per item; each item's job does its item, with its own attempts and the retry policy's waits
// (lib/jobs/retry.ts). One item that fails is retried alone and holds back none of the others,
// and the scheduled job's run is bounded: a batch read and its jobs added, batch after batch.
//
// Each item's job has a key: the item's once-only unit (a memorial's digest of a day, a memorial's
// summary, a subscription's reminder of a kind and year). It is added only if no job of that key
// exists (enqueueOnce), so a second run of the schedule, or `jobs run` twice, adds nothing while
// the first one's job waits, waits for its retry or runs; once it is done, the item is no longer
// selected (its row in the database says it was done) and the item's job itself checks that row
// again in the transaction that writes its e-mail: nothing is sent twice.
//
// The domain modules describe their items (which rows, in which key's order, which job of which
// key) without importing this folder; the catalogue (lib/service/job-catalogue.ts) fans them out.
import { transaction } from "@memorial/lib/db/client";
import { type KeysetListing, keysetBatches } from "@memorial/lib/db/keyset";
import { enqueueOnce } from "./enqueue";

/** Items read in a batch (a transaction of that many jobs added). */
const FAN_OUT_BATCH = 500;
/**
 * The items' jobs' priority: after the jobs of priority 0 (e-mails, webhook deliveries, events),
 * so that a day's thousands of items never delay a confirmation e-mail; their own e-mails, added
 * as they go, leave among them.
 */
export const ITEM_PRIORITY = 10;

/** A daily job's items: a keyset listing of rows, and the job of each. */
export interface ItemJobs<Row> extends KeysetListing<Row> {
  /** The task of the items' jobs. */
  task: string;
  /** The item's job: its key (the item's once-only unit) and its payload. */
  job(row: Row): { key: string; payload: Record<string, unknown> };
}

export interface FanOutOutcome {
  /** Items selected. */
  items: number;
  /** Jobs added: the items without a job of their key already. */
  added: number;
}

/** Adds the job of each item, batch after batch; returns how many items and how many jobs added. */
export async function fanOut<Row>(items: ItemJobs<Row>, batch = FAN_OUT_BATCH): Promise<FanOutOutcome> {
  const outcome: FanOutOutcome = { items: 0, added: 0 };
  for await (const rows of keysetBatches(items, batch)) {
    const added = await transaction(async (tx) => {
      let n = 0;
      for (const row of rows) {
        const { key, payload } = items.job(row);
        if (await enqueueOnce(tx, items.task, payload, { key, priority: ITEM_PRIORITY })) n++;
      }
      return n;
    });
    outcome.items += rows.length;
    outcome.added += added;
  }
  return outcome;
}
