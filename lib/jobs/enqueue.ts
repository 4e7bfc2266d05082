// Adding a job (lib/jobs/runner.ts) from anywhere, the web server's code included: one SQL call,
// graphile-worker's own function, in the caller's transaction.
import type { Tx } from "@memorial/lib/db/client";

/**
 * Adds a job in the caller's transaction: it exists if and only if the transaction commits.
 * `key` makes it the one waiting job of that key (replaced by a later enqueue with the same key);
 * jobs of one `queue` run one at a time, in order.
 */
export async function enqueue(
  tx: Pick<Tx, "$executeRaw">,
  task: string,
  payload: Record<string, unknown> = {},
  options: { runAt?: Date; key?: string; maxAttempts?: number; queue?: string } = {},
): Promise<void> {
  await tx.$executeRaw`SELECT graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json,
    queue_name := ${options.queue ?? null}::text, run_at := ${options.runAt ?? null}::timestamptz, job_key := ${options.key ?? null}::text,
    max_attempts := ${options.maxAttempts ?? null}::int)`;
}

/**
 * Adds the job of `key` unless one of that key exists, waiting, waiting for its retry or running
 * (graphile-worker's job_key_mode 'unsafe_dedupe'): the existing one is left as it is, its payload,
 * its failures so far and its next time included. Returns whether this call added it.
 *
 * For a job that reads its item's state when it runs and holds its once-only rule in the database
 * (the daily jobs' items, lib/jobs/fan-out.ts): a job of the key already running does the item now,
 * so nothing asked by this call is lost. Not for a job whose payload carries the change to act on.
 */
export async function enqueueOnce(
  tx: Pick<Tx, "$queryRaw">,
  task: string,
  payload: Record<string, unknown>,
  options: { key: string; queue?: string; runAt?: Date; priority?: number },
): Promise<boolean> {
  const [job] = await tx.$queryRaw<{ revision: number }[]>`
    SELECT revision FROM graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json,
      queue_name := ${options.queue ?? null}::text, run_at := ${options.runAt ?? null}::timestamptz,
      job_key := ${options.key}::text, priority := ${options.priority ?? null}::int,
      job_key_mode := 'unsafe_dedupe')`;
  return job?.revision === 0;
}
