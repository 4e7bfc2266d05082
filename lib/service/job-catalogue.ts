// The catalogue of the background jobs: every kind of background work of the service is one entry
// here (a name, what it does, its attempts), and every scheduled one a line of SCHEDULES. A new
// kind of work (an anniversary reminder, a digest...) is one entry and, if it is periodic, one
// schedule: no loop of its own. How to add one: docs/operations.md, "Background work".
//
// Jobs are added in the transaction of what they are for: by `enqueue(tx, name, payload)`
// (lib/jobs/enqueue.ts), or by the triggers of the migration 20261125153700_jobs (a pending
// e-mail or webhook delivery). The domain events are rows written in their transaction; the job
// that dispatches them is woken after their commit (wakeDispatchOnEvents, lib/events/dispatcher.ts).
// The runner is lib/jobs/runner.ts, the retry policy lib/jobs/retry.ts.
import type { DurableConsumer } from "@memorial/lib/events/dispatcher";
import {
  DISPATCH_JOB,
  DISPATCH_JOB_OPTIONS,
  dispatchEvents,
  requestDispatch,
} from "@memorial/lib/events/dispatcher";
import {
  DIGEST_JOB,
  digestItems,
  SEND_DIGEST_JOB,
  sendGuestbookDigest,
} from "@memorial/lib/guestbook/digest";
import { fanOut, type ItemJobs } from "@memorial/lib/jobs/fan-out";
import type { JobCatalogue, JobDefinition, Schedule } from "@memorial/lib/jobs/tasks";
import {
  CLOSING_SUMMARY_JOB,
  closingSummaryItems,
  SEND_CLOSING_SUMMARY_JOB,
  sendDueClosingSummary,
} from "@memorial/lib/mail/closing-summary";
import { createMailer, type Mailer, redactExpiredLinks, sendEmail } from "@memorial/lib/mail/outbox-sender";
import {
  runUnconfirmedStep,
  UNCONFIRMED_ITEM_JOB,
  UNCONFIRMED_JOB,
  unconfirmedItems,
} from "@memorial/lib/mail/unconfirmed-memorials";
import { purgeIdempotencyRecords } from "@memorial/lib/memorials/idempotency";
import { SERVE_QUEUE_JOB, servePlantingQueue } from "@memorial/lib/plantings/planting-queue";
import {
  ARCHIVE_JOB,
  ARCHIVES_CLEANUP_JOB,
  buildArchive,
  removeExpiredArchives,
} from "@memorial/lib/privacy/archive";
import { ERASURE_JOB, eraseDueMemorials } from "@memorial/lib/privacy/erasure";
import { applyRetention, logRetention, RETENTION_JOB } from "@memorial/lib/privacy/retention";
import {
  reminderItems,
  SEND_REMINDER_JOB,
  SEND_REMINDERS_JOB,
  sendReminder,
} from "@memorial/lib/reminders/send-reminders";
import { CREDIT_CODES_JOB, creditExpiredCodes } from "@memorial/lib/visitors/claim-codes";
import { GIVE_UP_JOB, giveUpWaitingVisitorTrees } from "@memorial/lib/visitors/give-up";
import {
  deliverWebhook,
  MAX_ATTEMPTS as WEBHOOK_ATTEMPTS,
  webhookContext,
} from "@memorial/lib/webhooks/sender";
import type { GuardOptions } from "@memorial/lib/webhooks/url-guard";

/**
 * A schedule's own queue and job key, named after its task: its runs, by the schedule or by
 * `jobs run` (cli/commands/jobs.ts), go one at a time, and one waits at most.
 */
const alone = (task: string) => ({ task, queue: task, key: task });

/** Scheduled jobs, crontab syntax in UTC (minute hour day-of-month month day-of-week). */
export const SCHEDULES: Schedule[] = [
  // Expired Idempotency-Key records, expired links kept in unsent e-mails.
  { ...alone("housekeeping"), cron: "17 * * * *" },
  // Personal data past its retention period (lib/privacy/retention.ts).
  { ...alone(RETENTION_JOB), cron: "50 3 * * *" },
  // Families' erasures due (lib/privacy/erasure.ts): 14 days after the request.
  { ...alone(ERASURE_JOB), cron: "40 3 * * *" },
  // Families' archives past their validity, deleted (lib/privacy/archive.ts).
  { ...alone(ARCHIVES_CLEANUP_JOB), cron: "45 3 * * *" },
  // The plantings waiting for stock, should a stock increase have come before their commit.
  { ...alone(SERVE_QUEUE_JOB), cron: "* * * * *" },
  // Claim codes past their expiry, credited back to their operator once.
  { ...alone(CREDIT_CODES_JOB), cron: "5 * * * *" },
  // Visitors' trees waiting for stock past VISITOR_QUEUE_GIVE_UP_DAYS: given up, paid ones refunded.
  { ...alone(GIVE_UP_JOB), cron: "35 * * * *" },
  // Memorials awaiting their family: reminders, the last one, closing at the link's
  // expiry; fanned out like the daily jobs below, one keyed job per memorial and step.
  { ...alone(UNCONFIRMED_JOB), cron: "25 * * * *", items: UNCONFIRMED_ITEM_JOB },
  // Events whose wake was lost with its process (see wakeDispatchOnEvents).
  { task: DISPATCH_JOB, cron: "* * * * *", ...DISPATCH_JOB_OPTIONS },
  // The daily jobs below fan out (lib/jobs/fan-out.ts): each adds one keyed job per item, `items`.
  // The families' daily digest of guestbook messages waiting for approval.
  { ...alone(DIGEST_JOB), cron: "0 6 * * *", items: SEND_DIGEST_JOB },
  // The families' closing summaries due (CLOSING_WEEKS after creation), once each.
  { ...alone(CLOSING_SUMMARY_JOB), cron: "30 6 * * *", items: SEND_CLOSING_SUMMARY_JOB },
  // Anniversary reminders of the UTC day, once per subscription, kind and year.
  { ...alone(SEND_REMINDERS_JOB), cron: "0 7 * * *", items: SEND_REMINDER_JOB },
];

export interface CatalogueOptions {
  /** The durable consumers of the domain events. */
  consumers: DurableConsumer[];
  /** SMTP_URL unless given ("" for none: e-mails are kept, not sent). */
  smtpUrl?: string;
  /** The webhook URL guard (production: never private addresses) and timeouts. */
  webhooks?: GuardOptions & { timeoutMs?: number; retryBaseMs?: number };
}

export interface Catalogue {
  jobs: JobCatalogue;
  /** Cuts what is in progress and can be taken up again (webhook deliveries): called on stop. */
  interrupt(): void;
  close(): void;
}

/**
 * Attempts of a daily job's item (a reminder, a digest, a summary): with the retry policy's waits,
 * the last one comes some 8 minutes after the first (JOB_RETRY_BASE_MS 30 s), well within its day.
 */
export const DAILY_ITEM_ATTEMPTS = 5;

const job = <P>(definition: JobDefinition<P>) => definition as JobDefinition<never>;

/** A daily job that fans out (lib/jobs/fan-out.ts): one keyed job per item that `items` lists. */
const fanOutJob = <Row>(items: () => ItemJobs<Row>) =>
  job({
    async run() {
      await fanOut(items());
    },
    maxAttempts: 3,
  });

/**
 * The job of one item of a daily job that fans out: it retries alone, DAILY_ITEM_ATTEMPTS times.
 * `step` is given the item only (its other parameters keep their defaults).
 */
const itemJob = <P>(step: (item: P) => Promise<unknown>) =>
  job<P>({
    async run(item) {
      await step(item);
    },
    maxAttempts: DAILY_ITEM_ATTEMPTS,
  });

export function jobCatalogue(options: CatalogueOptions): Catalogue {
  const mailer: Mailer = createMailer(options.smtpUrl);
  const stopping = new AbortController();
  const webhooks = webhookContext({ ...options.webhooks, signal: stopping.signal });
  const jobs: JobCatalogue = {
    // One attempt at an e-mail of the outbox; its row counts attempts and schedules the next.
    "send-email": job<{ id: number }>({ run: ({ id }) => sendEmail(id, mailer) }),
    // One attempt at a webhook delivery; its row counts attempts and schedules the next.
    "deliver-webhook": job<{ id: number }>({
      run: ({ id }) => deliverWebhook(id, webhooks),
      maxAttempts: WEBHOOK_ATTEMPTS,
    }),
    // The pending domain events to their durable consumers (exactly once per event).
    [DISPATCH_JOB]: job({
      async run() {
        await dispatchEvents(options.consumers, { stopping: () => stopping.signal.aborted });
        // Stopped before the end: the rest goes to another instance (or the next start) at once.
        if (stopping.signal.aborted) await requestDispatch();
      },
    }),
    [SERVE_QUEUE_JOB]: job({
      async run() {
        await servePlantingQueue();
      },
    }),
    // The daily jobs fan out (lib/jobs/fan-out.ts): the scheduled job adds one keyed job per item
    // (DAILY_ITEM_ATTEMPTS), which retries alone. The anniversary reminders due today (UTC), into
    // the outbox (lib/reminders/send-reminders.ts).
    [SEND_REMINDERS_JOB]: fanOutJob(reminderItems),
    [SEND_REMINDER_JOB]: itemJob(sendReminder),
    // Each family's one e-mail of the day listing its guestbook's waiting messages.
    [DIGEST_JOB]: fanOutJob(digestItems),
    [SEND_DIGEST_JOB]: itemJob(sendGuestbookDigest),
    [CREDIT_CODES_JOB]: job({
      async run() {
        await creditExpiredCodes();
      },
      maxAttempts: 3,
    }),
    // The memorials awaiting their family that are due for a reminder or their closing.
    [UNCONFIRMED_JOB]: fanOutJob(unconfirmedItems),
    [UNCONFIRMED_ITEM_JOB]: itemJob(runUnconfirmedStep),
    [GIVE_UP_JOB]: job({
      async run() {
        await giveUpWaitingVisitorTrees();
      },
      maxAttempts: 5,
    }),
    housekeeping: job({
      async run() {
        await purgeIdempotencyRecords();
        await redactExpiredLinks();
      },
      maxAttempts: 3,
    }),
    // One family's archive, asked from its management page: built, kept, its e-mail written.
    [ARCHIVE_JOB]: job<{ archive: number; manageUrl: string }>({
      async run({ archive, manageUrl }) {
        await buildArchive(archive, manageUrl);
      },
      maxAttempts: 5,
    }),
    [ARCHIVES_CLEANUP_JOB]: job({
      async run() {
        await removeExpiredArchives();
      },
      maxAttempts: 3,
    }),
    [ERASURE_JOB]: job({
      async run() {
        await eraseDueMemorials();
      },
      maxAttempts: 3,
    }),
    [RETENTION_JOB]: job({
      async run() {
        logRetention(await applyRetention());
      },
      maxAttempts: 3,
    }),
    // The closing summaries due: one e-mail per memorial, once (summary_sent_at).
    [CLOSING_SUMMARY_JOB]: fanOutJob(closingSummaryItems),
    [SEND_CLOSING_SUMMARY_JOB]: itemJob<{ memorial: number }>(({ memorial }) =>
      sendDueClosingSummary(memorial),
    ),
  };
  return {
    jobs,
    interrupt: () => stopping.abort(),
    close: () => mailer.close(),
  };
}
