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
