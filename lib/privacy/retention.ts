// Personal data kept no longer than it serves, removed by the daily job `retention`
// (lib/service/job-catalogue.ts). Each period is a setting (docs/settings.md, "Retention"); what is
// removed and why is in docs/privacy.md. Each step deletes in batches of RETENTION_BATCH rows, so
// no step holds many row locks or one long transaction, and a step cut short is done by the next
// run. What stays: accounting (trees, transactions, amounts) and what a family or an operator
// still uses.
import { db, Prisma } from "@memorial/lib/db/client";
import { componentLogger } from "@memorial/lib/log";
import { settings } from "@memorial/lib/settings";

/** The job's name, in the catalogue and for `jobs run retention`. */
export const RETENTION_JOB = "retention";

/** Rows one statement removes at most; a step repeats until fewer are left. */
const RETENTION_BATCH = 1_000;

export interface RetentionReport {
  /** Reminder subscriptions never confirmed by their address, or cancelled, deleted. */
  unconfirmedSubscriptions: number;
  /** Secret links (confirmation, management, password reset, invitation) long past use, deleted. */
  links: number;
  /** Bodies (text, HTML, attachments) of e-mails sent or given up, emptied. */
  emailBodies: number;
  /** Webhook deliveries delivered or given up, deleted with their bodies. */
  webhookDeliveries: number;
  /** Domain events dispatched long ago (their payloads name planters), deleted. */
  events: number;
  /** Rate-limit counts (hashes of client addresses, e-mail addresses) whose window has ended, deleted. */
  rateLimits: number;
}

const days = (n: number) => Prisma.sql`now() - make_interval(days => ${n})`;

/**
 * Deletes the links of `table` spent before `age`: a link is spent at the first of its `ends`
 * (expiry, use, revocation), and LEAST ignores the NULL ones (a link not used, not revoked).
 */
function deleteSpentLinks(table: string, ends: string[], age: Prisma.Sql): Promise<number> {
  const spentAt = Prisma.raw(`LEAST(${ends.map((column) => `"${column}"`).join(", ")})`);
  return inBatches(
    () => db.$executeRaw`
      DELETE FROM ${Prisma.raw(`"${table}"`)} WHERE "id" IN (
        SELECT "id" FROM ${Prisma.raw(`"${table}"`)} WHERE ${spentAt} < ${age}
        LIMIT ${RETENTION_BATCH} FOR UPDATE SKIP LOCKED)`,
  );
}

/** Runs `statement` (one batch, answers the rows it touched) until a batch is not full. */
async function inBatches(statement: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await statement();
    total += count;
    if (count < RETENTION_BATCH) return total;
  }
}

/** Every step once, in order; answers what each removed (the job logs it). */
export async function applyRetention(): Promise<RetentionReport> {
  const s = settings();
  // A subscription never confirmed, or cancelled, that long ago: the row and its address go (with
  // the record of the reminders it was sent, which only served to send each once).
  const subscriptionAge = days(s.RETENTION_UNCONFIRMED_SUBSCRIPTION_DAYS);
  const unconfirmedSubscriptions = await inBatches(() =>
    db.$transaction(async (tx) => {
      const gone = await tx.$queryRaw<{ id: number }[]>`
        SELECT "id" FROM "reminder_subscription"
        WHERE ("confirmed_at" IS NULL AND "created_at" < ${subscriptionAge})
           OR "unsubscribed_at" < ${subscriptionAge}
        LIMIT ${RETENTION_BATCH} FOR UPDATE SKIP LOCKED`;
      if (gone.length === 0) return 0;
      const ids = gone.map((row) => row.id);
      await tx.$executeRaw`DELETE FROM "reminder_sent" WHERE "subscription_id" = ANY(${ids}::int[])`;
      return tx.$executeRaw`DELETE FROM "reminder_subscription" WHERE "id" = ANY(${ids}::int[])`;
    }),
  );
  const linkAge = days(s.RETENTION_LINK_DAYS);
  // A memorial still awaiting its family keeps its confirmation links: they hold its waiting
  // planting, and the job `unconfirmed-memorials` closes it at their expiry.
  const links =
    (await inBatches(
      () => db.$executeRaw`
        DELETE FROM "confirmation_token" WHERE "id" IN (
          SELECT t."id" FROM "confirmation_token" t JOIN "memorial" m ON m."id" = t."memorial_id"
          WHERE m."status" <> 'awaiting_confirmation' AND GREATEST(t."expires_at", t."used_at") < ${linkAge}
          LIMIT ${RETENTION_BATCH} FOR UPDATE OF t SKIP LOCKED)`,
    )) +
    (await deleteSpentLinks("manage_token", ["expires_at", "revoked_at"], linkAge)) +
    (await deleteSpentLinks("password_reset_token", ["expires_at", "used_at"], linkAge)) +
    (await deleteSpentLinks("operator_invitation", ["expires_at", "accepted_at", "revoked_at"], linkAge));
  const bodyAge = days(s.RETENTION_EMAIL_BODY_DAYS);
  const emailBodies = await inBatches(async () => {
    const emptied = await db.$queryRaw<{ id: number }[]>`
      UPDATE "outgoing_email" SET "text" = '', "html" = '', "headers" = NULL WHERE "id" IN (
        SELECT "id" FROM "outgoing_email"
        WHERE "status" IN ('sent', 'failed') AND "created_at" < ${bodyAge} AND ("text" <> '' OR "html" <> '')
        LIMIT ${RETENTION_BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING "id"`;
    if (emptied.length > 0) {
      await db.$executeRaw`DELETE FROM "outgoing_email_attachment"
        WHERE "email_id" = ANY(${emptied.map((row) => row.id)}::int[])`;
    }
    return emptied.length;
  });
  const webhookDeliveries = await inBatches(
    () => db.$executeRaw`
      DELETE FROM "webhook_delivery" WHERE "id" IN (
        SELECT "id" FROM "webhook_delivery"
        WHERE "status" IN ('sent', 'failed') AND "created_at" < ${days(s.RETENTION_WEBHOOK_DELIVERY_DAYS)}
        LIMIT ${RETENTION_BATCH} FOR UPDATE SKIP LOCKED)`,
  );
  // A dispatched event has done its work (caches dropped, e-mails and deliveries written); one
  // with a delivery still on its way stays until that delivery ends (the delivery reads it).
  const events = await inBatches(
    () => db.$executeRaw`
      DELETE FROM "domain_event" WHERE "id" IN (
        SELECT e."id" FROM "domain_event" e
        WHERE e."dispatched_at" IS NOT NULL AND e."created_at" < ${days(s.RETENTION_EVENT_DAYS)}
          AND NOT EXISTS (SELECT 1 FROM "webhook_delivery" d
            WHERE d."event_id" = e."id" AND d."status" NOT IN ('sent', 'failed'))
        LIMIT ${RETENTION_BATCH} FOR UPDATE OF e SKIP LOCKED)`,
  );
  // Counts are swept a few at a time as new ones come (lib/limits/rate-limit.ts); this takes the
  // rest, and the failed sign-ins counted per address before the rate limits existed.
  const rateLimits =
    (await inBatches(
      () => db.$executeRaw`
        DELETE FROM "rate_limit" WHERE ("bucket", "subject") IN (
          SELECT "bucket", "subject" FROM "rate_limit" WHERE "reset_at" < now()
          LIMIT ${RETENTION_BATCH} FOR UPDATE SKIP LOCKED)`,
    )) +
    (await inBatches(
      () => db.$executeRaw`
        DELETE FROM "sign_in_failure" WHERE "id" IN (
          SELECT "id" FROM "sign_in_failure" WHERE "created_at" < now() - interval '1 day'
          LIMIT ${RETENTION_BATCH} FOR UPDATE SKIP LOCKED)`,
    ));
  return { unconfirmedSubscriptions, links, emailBodies, webhookDeliveries, events, rateLimits };
}

/** One log line a run, with what each step removed. */
export function logRetention(report: RetentionReport): void {
  componentLogger("retention").info(report, "personal data past its retention period removed");
}
