// The sender of the outbox. E-mails are written in the same database transaction as what they
// announce; a trigger gives each pending e-mail a job (lib/jobs, due at its next_attempt_at) in
// that transaction. The job `send-email` sends it through SMTP_URL with nodemailer and records
// the outcome on the outbox row, which the dashboard shows; a failure sets next_attempt_at by the
// jobs' retry policy (lib/jobs/retry.ts), which schedules the next attempt's job. Without
// SMTP_URL, or for a test key's e-mail, nothing is sent: the e-mail is kept as `held` and its text
// is printed in the log.

import { db, Prisma } from "@memorial/lib/db/client";
import { nextAttemptAt } from "@memorial/lib/jobs/retry";
import { settings } from "@memorial/lib/settings";
import nodemailer from "nodemailer";

const MAX_ATTEMPTS = 8;

// The secret part of a link in an e-mail (confirmation, management, a dashboard invitation or
// password reset, a reminder's unsubscription, the page of an address's reminders, a guestbook
// author's withdrawal): once the e-mail has been sent, given up, or can no longer be used, the outbox
// keeps the e-mail without it, so that no usable link can be read back from the database or its
// backups.
// (/confirm/ also matches a reminder's /reminders/confirm/; a reminder's unsubscribe link is also in
// its List-Unsubscribe header, kept in "headers".)
const LINK =
  "(/(?:confirm|manage|dashboard/invite|dashboard/reset|reminders/unsubscribe|reminders/mine|guestbook/withdraw)/)[A-Za-z0-9_-]{20,}";
const REMOVED = "[link removed]";

/** Removes the links' tokens from the e-mails that match `where` (a condition on the outbox row). */
async function redactLinks(where: Prisma.Sql): Promise<number> {
  return db.$executeRaw`
    UPDATE "outgoing_email"
    SET "text" = regexp_replace("text", ${LINK}, ${`\\1${REMOVED}`}, 'g'),
        "html" = regexp_replace("html", ${LINK}, ${`\\1${REMOVED}`}, 'g'),
        "headers" = regexp_replace("headers"::text, ${LINK}, ${`\\1${REMOVED}`}, 'g')::jsonb
    WHERE ${where} AND ("text" ~ ${LINK} OR "html" ~ ${LINK} OR "headers"::text ~ ${LINK})`;
}

/**
 * The housekeeping of the outbox: links of e-mails kept unsent (held) are removed once they have
 * expired (CONFIRMATION_TTL_DAYS for confirmations; a management link's e-mail is kept as long as
 * its link lives, MANAGE_TTL_DAYS).
 */
export function redactExpiredLinks(): Promise<number> {
  const { CONFIRMATION_TTL_DAYS: confirmDays, MANAGE_TTL_DAYS: manageDays } = settings();
  return redactLinks(Prisma.sql`"created_at" < now() - make_interval(days => ${Math.max(confirmDays, manageDays)})
    OR ("created_at" < now() - make_interval(days => ${confirmDays}) AND "text" !~ '/manage/')`);
}

export interface Mailer {
  transport: nodemailer.Transporter | null;
  from: string;
  close(): void;
}

/** The SMTP transport of SMTP_URL (none without it: e-mails are then kept, not sent). */
export function createMailer(smtpUrl = settings().SMTP_URL): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    transport,
    from: settings().MAIL_FROM,
    close: () => transport?.close(),
  };
}

/** With SMTP configured again, e-mails kept while it was not are sent after all (at start). */
export async function releaseHeldEmails(mailer: Mailer): Promise<number> {
  if (!mailer.transport) return 0;
  const { count } = await db.outgoingEmail.updateMany({
    where: { status: "held", isTest: false },
    data: { status: "pending", nextAttemptAt: new Date() },
  });
  return count;
}

/** The job `send-email`: one attempt at the e-mail `id`, if it is still pending and due. */
export async function sendEmail(id: number, mailer: Mailer): Promise<void> {
  const mail = await db.outgoingEmail.findUnique({ where: { id }, include: { attachments: true } });
  // Sent, given up or kept since; or rescheduled later (that time's job will do it).
  if (mail?.status !== "pending" || mail.nextAttemptAt.getTime() > Date.now() + 1000) return;
  const { transport } = mailer;
  if (!transport || mail.isTest) {
    const why = mail.isTest ? "made with a test key" : "SMTP_URL is not set";
    console.log(`[mail] e-mail ${mail.id} to ${mail.to} kept, not sent (${why}):\n${mail.text}`);
    await db.outgoingEmail.update({ where: { id: mail.id }, data: { status: "held" } });
    // A test key's e-mail is never sent: its links need not be kept.
    if (mail.isTest) await redactLinks(Prisma.sql`"id" = ${mail.id}`);
    return;
  }
  try {
    await transport.sendMail({
      from: mailer.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      // Files written with the e-mail (outgoing_email_attachment: a closing summary's PDF and CSV).
      attachments: mail.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content),
      })),
      // An e-mail's own headers (a reminder's List-Unsubscribe and List-Unsubscribe-Post).
      ...(mail.headers ? { headers: mail.headers as Record<string, string> } : {}),
    });
    await db.outgoingEmail.update({
      where: { id: mail.id },
      data: { status: "sent", sentAt: new Date(), attempts: mail.attempts + 1, lastError: null },
    });
    await redactLinks(Prisma.sql`"id" = ${mail.id}`);
  } catch (error) {
    const attempts = mail.attempts + 1;
    // The next attempt's job is added by the row's trigger, due at next_attempt_at.
    await db.outgoingEmail.update({
      where: { id: mail.id },
      data: {
        attempts,
        lastError: String((error as Error).message ?? error).slice(0, 1000),
        status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
        nextAttemptAt: nextAttemptAt(attempts),
      },
    });
    if (attempts >= MAX_ATTEMPTS) await redactLinks(Prisma.sql`"id" = ${mail.id}`);
    console.error(`[mail] e-mail ${mail.id} failed (attempt ${attempts}): ${(error as Error).message}`);
  }
}
