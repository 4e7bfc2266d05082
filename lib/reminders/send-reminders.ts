// The job `send-reminders` (daily, lib/jobs/catalogue.ts): the reminders due on the UTC day of
// `now`, each written to the outbox (lib/mail) once per subscription, kind and year. Once, even
// with two instances running the job at the same time: the reminder_sent row (its primary key)
// and the e-mail are written in one transaction, the row by INSERT ... ON CONFLICT DO NOTHING, so
// the second run inserts nothing (after waiting for the first one's commit) and writes no e-mail.
// Sent only to confirmed, not unsubscribed subscriptions of memorials the public may see.
import { db, Prisma, type Tx, transaction } from "@memorial/lib/db/client";
import { isLanguage } from "@memorial/lib/i18n/languages";
import { memorialUrl } from "@memorial/lib/links";
import { requesterName } from "@memorial/lib/memorials/family";
import { memorialsVisibleToSql, PUBLIC, treesVisibleToSql } from "@memorial/lib/memorials/policy";
import { datesComingBackOn, type ReminderKind } from "./anniversaries";
import { reminderEmail, type TreeStatusCounts } from "./emails";
import { reminderMemorial } from "./subscriptions";
import { reminderToken } from "./tokens";

export const SEND_REMINDERS_JOB = "send-reminders";

interface Due {
  id: number;
  kind: ReminderKind;
  from_year: number;
}

/** Writes the reminders due today (UTC) to the outbox; returns how many this run wrote. */
export async function sendReminders(now = new Date()): Promise<number> {
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
  const due = await db.$queryRaw<Due[]>`
    SELECT s."id", k."kind", extract(year FROM k."d" AT TIME ZONE 'UTC')::int AS "from_year"
    FROM "reminder_subscription" s
    JOIN "memorial" m ON m."id" = s."memorial_id"
    JOIN "person" p ON p."id" = m."person_id"
    CROSS JOIN LATERAL (VALUES
      ('death_anniversary', CASE WHEN s."death_anniversary" AND m."kind"::text = 'classic'
        AND NOT p."death_date_approximate" THEN p."death_date" END),
      ('birthday', CASE WHEN s."birthday" AND m."kind"::text = 'classic' THEN p."birth_date" END)
    ) AS k("kind", "d")
    WHERE s."confirmed_at" IS NOT NULL AND s."unsubscribed_at" IS NULL AND k."d" IS NOT NULL
      AND m."kind"::text <> 'global' AND ${memorialsVisibleToSql(PUBLIC)}
      AND (${day(date)}) AND extract(year FROM k."d" AT TIME ZONE 'UTC') < ${year}
      AND NOT EXISTS (SELECT 1 FROM "reminder_sent" r
        WHERE r."subscription_id" = s."id" AND r."kind" = k."kind" AND r."year" = ${year})
    ORDER BY s."id", k."kind"`;
  let written = 0;
  for (const reminder of due) {
    if (await transaction((tx) => sendOne(tx, reminder, year))) written++;
  }
  return written;
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
  const mail = reminderEmail({
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
