// The one retry policy of the background jobs (e-mails, webhook deliveries, event consumers,
// scheduled jobs): the wait before the attempt after the n-th failure is JOB_RETRY_BASE_MS
// (30 s by default), doubled at each failure, up to 720 times itself (6 h by default):
// 30 s, 1 min, 2 min, 4 min … 6 h, 6 h … Each kind of job says how many attempts it gets (the
// catalogue, lib/service/job-catalogue.ts). WEBHOOK_RETRY_BASE_MS, its name before there was one
// policy, is still read when JOB_RETRY_BASE_MS is not set.
import { readSettings, settings } from "@memorial/lib/settings";

function retryBaseMs(env?: Record<string, string | undefined>): number {
  return (env ? readSettings(env) : settings()).JOB_RETRY_BASE_MS;
}

/** Milliseconds to wait before the attempt after the `attempts`-th failure. */
export function retryDelayMs(attempts: number, baseMs = retryBaseMs()): number {
  return Math.min(baseMs * 720, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** When the attempt after the `attempts`-th failure is due. */
export function nextAttemptAt(attempts: number, baseMs = retryBaseMs()): Date {
  return new Date(Date.now() + retryDelayMs(attempts, baseMs));
}

/**
 * Thrown by a job that failed and wants the policy's next attempt: `attempts` is how many it has
 * made (kept on its record, or counted by the runner).
 */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly attempts: number,
  ) {
    super(message);
    this.name = "RetryLater";
  }
}
