// The background sender of the outbox. E-mails are written in the same database transaction as
// what they announce; this loop claims due ones (a lease: next_attempt_at moves forward before
// sending, so a crash mid-send means a later retry, never a loss), sends them through SMTP_URL
// with nodemailer, and retries failures with exponential backoff. Without SMTP_URL, or for a test
// key's e-mail, nothing is sent: the e-mail is kept as `held` and its text is printed in the log.
import nodemailer from "nodemailer";
import { db, Prisma } from "@/lib/db/client";

export const MAX_ATTEMPTS = 8;

// The secret part of a link in an e-mail (confirmation, management, a dashboard invitation or
// password reset): once the e-mail has been sent, given up, or can no longer be used, the outbox
// keeps the e-mail without it, so that no usable link can be read back from the database or its
// backups.
const LINK = "(/(?:confirm|manage|dashboard/invite|dashboard/reset)/)[A-Za-z0-9_-]{20,}";
const REMOVED = "[link removed]";

/** Removes the links' tokens from the e-mails that match `where` (a condition on the outbox row). */
async function redactLinks(where: Prisma.Sql): Promise<number> {
  return db.$executeRaw`
    UPDATE "outgoing_email"
    SET "text" = regexp_replace("text", ${LINK}, ${`\\1${REMOVED}`}, 'g'),
        "html" = regexp_replace("html", ${LINK}, ${`\\1${REMOVED}`}, 'g')
    WHERE ${where} AND ("text" ~ ${LINK} OR "html" ~ ${LINK})`;
}

/**
 * The housekeeping of the outbox: links of e-mails kept unsent (held) are removed once they have
 * expired (CONFIRMATION_TTL_DAYS for confirmations; a management link's e-mail is kept as long as
 * its link lives, MANAGE_TTL_DAYS).
 */
export function redactExpiredLinks(): Promise<number> {
  const confirmDays = Number(process.env.CONFIRMATION_TTL_DAYS || 14);
  const manageDays = Number(process.env.MANAGE_TTL_DAYS || 365);
  return redactLinks(Prisma.sql`"created_at" < now() - make_interval(days => ${Math.max(confirmDays, manageDays)})
    OR ("created_at" < now() - make_interval(days => ${confirmDays}) AND "text" !~ '/manage/')`);
}
const LEASE_SECONDS = 120;

/** Seconds to wait before attempt n+1 after n failures: 30 s, 1 min, 2 min, ... capped at 1 h. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

interface Claimed {
  id: number;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  is_test: boolean;
}

export interface OutboxSender {
  /** Runs one pass now (tests, and the loop itself). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startOutboxSender(options: { intervalMs?: number; smtpUrl?: string } = {}): OutboxSender {
  const intervalMs = options.intervalMs ?? Number(process.env.MAIL_POLL_MS || 1000);
  const smtpUrl = options.smtpUrl ?? process.env.SMTP_URL;
  const from = process.env.MAIL_FROM || "Memorial trees <no-reply@memorial-trees.local>";
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function release() {
    // With SMTP configured again, e-mails kept while it was not are sent after all.
    if (transport) {
      await db.outgoingEmail.updateMany({
        where: { status: "held", isTest: false },
        data: { status: "pending", nextAttemptAt: new Date() },
      });
    }
  }

  async function pass(): Promise<number> {
    const claimed = await db.$queryRaw<Claimed[]>`
      UPDATE "outgoing_email" SET "next_attempt_at" = now() + make_interval(secs => ${LEASE_SECONDS})
      WHERE "id" IN (SELECT "id" FROM "outgoing_email"
                     WHERE "status" = 'pending' AND "next_attempt_at" <= now()
                     ORDER BY "next_attempt_at" LIMIT 20 FOR UPDATE SKIP LOCKED)
      RETURNING "id", "to_address", "subject", "text", "html", "attempts", "is_test"`;
    for (const [index, mail] of claimed.entries()) {
      if (stopped) {
        // Stopping: the e-mails claimed but not yet tried go back to the queue at once, for
        // another instance (or the next start) rather than after the lease.
        const left = claimed.slice(index).map((m) => m.id);
        await db.$executeRaw`UPDATE "outgoing_email" SET "next_attempt_at" = now()
                             WHERE "id" = ANY(${left}::int[]) AND "status" = 'pending'`;
        break;
      }
      if (!transport || mail.is_test) {
        const why = mail.is_test ? "made with a test key" : "SMTP_URL is not set";
        console.log(`[mail] e-mail ${mail.id} to ${mail.to_address} kept, not sent (${why}):\n${mail.text}`);
        await db.outgoingEmail.update({ where: { id: mail.id }, data: { status: "held" } });
        // A test key's e-mail is never sent: its links need not be kept.
        if (mail.is_test) await redactLinks(Prisma.sql`"id" = ${mail.id}`);
        continue;
      }
      try {
        await transport.sendMail({
          from,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await db.outgoingEmail.update({
          where: { id: mail.id },
          data: { status: "sent", sentAt: new Date(), attempts: mail.attempts + 1, lastError: null },
        });
        await redactLinks(Prisma.sql`"id" = ${mail.id}`);
      } catch (error) {
        const attempts = mail.attempts + 1;
        await db.outgoingEmail.update({
          where: { id: mail.id },
          data: {
            attempts,
            lastError: String((error as Error).message ?? error).slice(0, 1000),
            status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
            nextAttemptAt: new Date(Date.now() + backoffSeconds(attempts) * 1000),
          },
        });
        if (attempts >= MAX_ATTEMPTS) await redactLinks(Prisma.sql`"id" = ${mail.id}`);
        console.error(`[mail] e-mail ${mail.id} failed (attempt ${attempts}): ${(error as Error).message}`);
      }
    }
    return claimed.length;
  }

  function runOnce(): Promise<number> {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        await runOnce();
      } catch (error) {
        console.error("[mail] outbox pass failed", (error as Error).message);
      }
      schedule();
    }, intervalMs);
  }

  release()
    .catch((error) => console.error("[mail] could not release held e-mails", (error as Error).message))
    .finally(schedule);

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
      transport?.close();
    },
  };
}
