// The job `send-reminders` (daily, lib/service/job-catalogue.ts): the reminders due on the UTC day of
// `now`, each written to the outbox (lib/mail) once per subscription, kind and year. The daily job
// only selects them (reminderItems, in keyset batches) and adds one job `send-reminder` per
// reminder, keyed by subscription, kind and year (lib/jobs/fan-out.ts): a reminder that fails is
// retried alone. Once, even with two instances or two runs at the same time: the reminder_sent row
// (its primary key) and the e-mail are written in one transaction, the row by INSERT ... ON
// CONFLICT DO NOTHING, so a second job of the same reminder inserts nothing (after waiting for the
// first one's commit) and writes no e-mail; and a reminder sent is no longer selected.
// Sent only to confirmed, not unsubscribed subscriptions of memorials the public may see: checked
// when the day's reminders are selected, and again by each reminder's job when it runs.
import { db, Prisma, type Tx, transaction } from "@memorial/lib/db/client";
import { isLanguage } from "@memorial/lib/i18n/languages";
import { memorialUrl, myRemindersUrl } from "@memorial/lib/links";
import { requesterName } from "@memorial/lib/memorials/family";
import { memorialsVisibleToSql, PUBLIC, treesVisibleToSql } from "@memorial/lib/memorials/policy";
import { visitorPlantingOffer } from "@memorial/lib/visitors/offer";
import { datesComingBackOn, type ReminderKind } from "./anniversaries";
import { reminderEmail, type TreeStatusCounts } from "./reminder-emails";
import { reminderDateSql, reminderMemorial } from "./subscriptions";
import { reminderToken } from "./tokens";

/** The daily job: selects the day's reminders and adds the job of each. */
export const SEND_REMINDERS_JOB = "send-reminders";
/** One reminder's job (its payload: ReminderItem). */
export const SEND_REMINDER_JOB = "send-reminder";

interface Due {
  id: number;
  kind: ReminderKind;
  from_year: number;
}

/** A reminder's job: the subscription, the kind and the UTC day (YYYY-MM-DD) it is due. */
export interface ReminderItem {
  subscription: number;
  kind: ReminderKind;
  day: string;
}

/**
 * The reminders due on the UTC day of `now` not yet sent this year, in the order of (subscription,
 * kind), after `after` (a keyset condition, lib/db/keyset.ts), at most `limit`; or that one reminder.
 */
async function dueReminders(
  now: Date,
  page: { after?: Prisma.Sql; limit?: number; only?: { subscription: number; kind: ReminderKind } },
): Promise<Due[]> {
  const year = now.getUTCFullYear();
  const day = (column: Prisma.Sql) =>
    Prisma.join(
      datesComingBackOn(now).map(
        (d) => Prisma.sql`(extract(month FROM ${column} AT TIME ZONE 'UTC') = ${d.month}
          AND extract(day FROM ${column} AT TIME ZONE 'UTC') = ${d.day})`,
      ),
      " OR ",
    );
  const date = Prisma.sql`k."d"`;
  const only = page.only
    ? Prisma.sql`AND s."id" = ${page.only.subscription} AND k."kind" = ${page.only.kind}`
    : Prisma.empty;
  return db.$queryRaw<Due[]>`
    SELECT s."id", k."kind", extract(year FROM k."d" AT TIME ZONE 'UTC')::int AS "from_year"
    FROM "reminder_subscription" s
    JOIN "memorial" m ON m."id" = s."memorial_id"
    JOIN "person" p ON p."id" = m."person_id"
    CROSS JOIN LATERAL (VALUES
      ('death_anniversary', CASE WHEN s."death_anniversary" THEN ${reminderDateSql("death_anniversary")} END),
      ('birthday', CASE WHEN s."birthday" THEN ${reminderDateSql("birthday")} END)
    ) AS k("kind", "d")
    WHERE s."confirmed_at" IS NOT NULL AND s."unsubscribed_at" IS NULL AND k."d" IS NOT NULL
      AND m."kind"::text <> 'global' AND ${memorialsVisibleToSql(PUBLIC)}
      AND (${day(date)}) AND extract(year FROM k."d" AT TIME ZONE 'UTC') < ${year}
      AND NOT EXISTS (SELECT 1 FROM "reminder_sent" r
        WHERE r."subscription_id" = s."id" AND r."kind" = k."kind" AND r."year" = ${year})
      ${only} ${page.after ?? Prisma.empty}
    ORDER BY s."id", k."kind"
    LIMIT ${page.limit ?? null}`;
}

/** The reminders due on the UTC day of `now` and their jobs (fanned out by lib/jobs/fan-out.ts). */
export function reminderItems(now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  const year = now.getUTCFullYear();
  return {
    task: SEND_REMINDER_JOB,
    key: Prisma.sql`s."id", k."kind"`,
    keyOf: (row: Due) => [row.id, row.kind],
    read: (after: Prisma.Sql, limit: number) => dueReminders(now, { after, limit }),
    job: (row: Due) => ({
      // Once per subscription, kind and year: the reminder's own once-only unit.
      key: `${SEND_REMINDER_JOB}:${row.id}:${row.kind}:${year}`,
      payload: { subscription: row.id, kind: row.kind, day } satisfies ReminderItem,
    }),
  };
}

/**
 * The job `send-reminder`: writes the reminder to the outbox if it is still due on its day (the
 * subscription still confirmed, the memorial still public, not sent yet); returns whether it did.
 */
export async function sendReminder(item: ReminderItem): Promise<boolean> {
  const now = new Date(`${item.day}T00:00:00Z`);
  if (Number.isNaN(now.getTime())) throw new Error(`send-reminder: "${item.day}" is not a day`);
  if (!Number.isSafeInteger(item.subscription)) throw new Error("send-reminder: no subscription in the job");
  const [reminder] = await dueReminders(now, { only: { subscription: item.subscription, kind: item.kind } });
  if (!reminder) return false;
  return transaction((tx) => sendOne(tx, reminder, now.getUTCFullYear()));
}

async function sendOne(tx: Tx, reminder: Due, year: number): Promise<boolean> {
  const claimed = await tx.$executeRaw`
    INSERT INTO "reminder_sent" ("subscription_id", "kind", "year")
    VALUES (${reminder.id}, ${reminder.kind}, ${year}) ON CONFLICT DO NOTHING`;
  if (claimed === 0) return false; // another run sent it
  const subscription = await tx.reminderSubscription.findUniqueOrThrow({ where: { id: reminder.id } });
  const memorial = await reminderMemorial(tx, subscription.memorialId);
  const counts = await tx.$queryRaw<{ status: string; n: number }[]>`
    SELECT t."status"::text AS "status", sum(t."quantity")::int AS "n" FROM "tree" t
    WHERE t."memorial_id" = ${memorial.id} AND ${treesVisibleToSql(PUBLIC)}
    GROUP BY t."status"`;
  const language = isLanguage(subscription.language) ? subscription.language : "fr";
  const token = reminderToken(subscription);
  const mail = await reminderEmail({
    language,
    kind: reminder.kind,
    title: memorial.title,
    years: year - reminder.from_year,
    trees: Object.fromEntries(counts.map((c) => [c.status, c.n])) as TreeStatusCounts,
    requester: await requesterName(tx, {
      operatorId: memorial.operatorId,
      contextId: memorial.contextId,
      operatorName: memorial.operator.name,
    }),
    memorialLink: memorialUrl(subscription.linkBase, memorial, language),
    unsubscribeLink: `${subscription.linkBase}/reminders/unsubscribe/${token}`,
    myRemindersLink: myRemindersUrl(subscription.linkBase, token),
    visitorPlanting: await visitorPlantingOffer(tx, memorial, subscription.linkBase, language),
  });
  await tx.outgoingEmail.create({
    data: {
      memorialId: memorial.id,
      to: subscription.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
    },
  });
  return true;
}
