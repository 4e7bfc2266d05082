// The outbox: an e-mail written with its memorial survives a failing SMTP server and a restart
// of the sender, and is delivered once SMTP answers. Each pending e-mail has a job (lib/jobs,
// `send-email`); `sender` runs the jobs due now, as a runner of the service would.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { db, disconnect } from "@memorial/lib/db/client";
import { freePort } from "@memorial/lib/db/embedded";
import { runJobsOnce } from "@memorial/lib/jobs/tasks";
import { createMailer, releaseHeldEmails, sendEmail } from "@memorial/lib/mail/outbox-sender";
import { afterAll, describe, expect, it } from "vitest";
import { mailAttachments, readMails, startSmtpServer } from "../e2e/support/smtp";

afterAll(() => disconnect());

/** The e-mail jobs of a runner whose SMTP is `smtpUrl` (none: "") : runOnce runs those due now. */
function startOutboxSender(options: { smtpUrl?: string } = {}) {
  const mailer = createMailer(options.smtpUrl ?? "");
  return {
    mailer,
    runOnce: () => runJobsOnce({ "send-email": { run: (p: { id: number }) => sendEmail(p.id, mailer) } }),
    async stop() {
      mailer.close();
    },
  };
}

async function queued(to: string, isTest = false) {
  return db.outgoingEmail.create({
    data: {
      to,
      subject: "Confirm",
      text: "Please confirm: http://x/confirm/abc",
      html: "<p>Please confirm</p>",
      isTest,
    },
  });
}

describe("outbox sender", () => {
  it("retries after an SMTP failure, across a restart of the sender", async () => {
    const port = await freePort(); // nothing listens here yet
    const mail = await queued("restart@example.org");

    const first = startOutboxSender({ smtpUrl: `smtp://127.0.0.1:${port}` });
    await first.runOnce();
    await first.stop(); // the process "crashes" or restarts here
    const failed = await db.outgoingEmail.findUniqueOrThrow({ where: { id: mail.id } });
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.lastError).toBeTruthy();
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Time passes (the backoff is over) and SMTP is back.
    await db.outgoingEmail.update({ where: { id: mail.id }, data: { nextAttemptAt: new Date() } });
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-mail-"));
    const smtp = await startSmtpServer(dir, port);
    const second = startOutboxSender({ smtpUrl: `smtp://127.0.0.1:${port}` });
    await second.runOnce();
    await second.stop();
    await smtp.close();
    expect(await db.outgoingEmail.findUniqueOrThrow({ where: { id: mail.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
    });
    expect(readMails(dir).filter((m) => m.to.includes("restart@example.org"))).toHaveLength(1);
  });

  it("an e-mail rescheduled later is not sent before its time by an earlier job", async () => {
    const mail = await queued("later@example.org");
    // Its next attempt was moved an hour on (its job with it).
    await db.outgoingEmail.update({
      where: { id: mail.id },
      data: { nextAttemptAt: new Date(Date.now() + 3_600_000) },
    });
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-mail-"));
    const smtp = await startSmtpServer(dir);
    const sender = startOutboxSender({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    await sender.runOnce();
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: mail.id } })).status).toBe("pending");
    await db.outgoingEmail.update({ where: { id: mail.id }, data: { nextAttemptAt: new Date() } }); // its time
    await sender.runOnce();
    await sender.stop();
    await smtp.close();
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: mail.id } })).status).toBe("sent");
  });

  it("keeps e-mails without SMTP_URL, and never sends a test key's", async () => {
    const live = await queued("nosmtp@example.org");
    const noSmtp = startOutboxSender({ smtpUrl: "" });
    await noSmtp.runOnce();
    await noSmtp.stop();
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: live.id } })).status).toBe("held");

    const test = await queued("testkey@example.org", true);
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-mail-"));
    const smtp = await startSmtpServer(dir);
    const sender = startOutboxSender({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    expect(await releaseHeldEmails(sender.mailer)).toBeGreaterThanOrEqual(1); // at start, with SMTP
    await sender.runOnce();
    await sender.stop();
    await smtp.close();
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: test.id } })).status).toBe("held");
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: live.id } })).status).toBe("sent");
    expect(readMails(dir).some((m) => m.to.includes("testkey@example.org"))).toBe(false);
  });

  it("backs off by the jobs' one policy: 30 s, 1 min, 2 min... (8 attempts, about an hour)", async () => {
    const port = await freePort(); // nothing listens here
    const mail = await queued("backoff@example.org");
    const sender = startOutboxSender({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const before = Date.now();
    await sender.runOnce();
    await sender.stop();
    const row = await db.outgoingEmail.findUniqueOrThrow({ where: { id: mail.id } });
    expect(row.attempts).toBe(1);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 30_000);
    expect(row.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 31_000);
    // Its job is due then, not before.
    const [job] = await db.$queryRaw<{ run_at: Date }[]>`
      SELECT "run_at" FROM graphile_worker.jobs WHERE "key" = ${`send-email:${mail.id}`}`;
    expect(job.run_at.getTime()).toBe(row.nextAttemptAt.getTime());
  });
});

describe("links kept in the outbox", () => {
  const token = "Tk_0123456789abcdefghijABCDEFGHIJ";
  const withLinks = (to: string, isTest = false, createdAt = new Date()) =>
    db.outgoingEmail.create({
      data: {
        to,
        subject: "Confirm",
        text: `Confirm: http://x/confirm/${token}\nManage: http://x/manage/${token}m`,
        html: `<a href="http://x/confirm/${token}">Confirm</a>`,
        isTest,
        createdAt,
      },
    });

  it("are removed once the e-mail is sent: the usable token is not in the database any more", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-links-"));
    const port = await freePort();
    const smtp = await startSmtpServer(dir, port);
    const mail = await withLinks("links@example.org");
    const sender = startOutboxSender({ smtpUrl: `smtp://127.0.0.1:${port}` });
    await sender.runOnce();
    await sender.stop();
    await smtp.close();
    // The family got the link...
    expect(readMails(dir).find((m) => m.to.includes("links@example.org"))?.raw).toContain(token);
    // ...the outbox keeps the e-mail without it.
    const row = await db.outgoingEmail.findUniqueOrThrow({ where: { id: mail.id } });
    expect(row.status).toBe("sent");
    expect(row.text).not.toContain(token);
    expect(row.html).not.toContain(token);
    expect(row.text).toContain("/confirm/[link removed]");
  });

  it("are removed from a test key's e-mail, which is never sent", async () => {
    const mail = await withLinks("links-test@example.org", true);
    const sender = startOutboxSender();
    await sender.runOnce();
    await sender.stop();
    const row = await db.outgoingEmail.findUniqueOrThrow({ where: { id: mail.id } });
    expect(row.status).toBe("held");
    expect(row.text).not.toContain(token);
  });

  it("are removed from e-mails kept unsent once their confirmation link has expired", async () => {
    const { redactExpiredLinks } = await import("@memorial/lib/mail/outbox-sender");
    const old = await withLinks("links-old@example.org", false, new Date(Date.now() - 30 * 86_400_000));
    const recent = await withLinks("links-new@example.org");
    await db.outgoingEmail.updateMany({
      where: { id: { in: [old.id, recent.id] } },
      data: { status: "held" },
    });
    await redactExpiredLinks();
    // The old one mentions a management link, kept as long as such a link lives; a confirmation
    // e-mail without one loses its link after CONFIRMATION_TTL_DAYS.
    const plain = await db.outgoingEmail.create({
      data: {
        to: "links-plain@example.org",
        subject: "Confirm",
        text: `Confirm: http://x/confirm/${token}`,
        html: "<p>x</p>",
        status: "held",
        createdAt: new Date(Date.now() - 30 * 86_400_000),
      },
    });
    await redactExpiredLinks();
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: plain.id } })).text).not.toContain(token);
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: recent.id } })).text).toContain(token);
  });

  it("sends an e-mail's attachments (outgoing_email_attachment) with it", async () => {
    const pdf = Buffer.from("%PDF-1.7\n\u0000\u00ff binary", "latin1");
    const mail = await db.outgoingEmail.create({
      data: {
        to: "attached@example.org",
        subject: "Summary",
        text: "See the files",
        html: "<p>See the files</p>",
        attachments: {
          create: [
            { filename: "summary.pdf", contentType: "application/pdf", content: pdf },
            {
              filename: "planters.csv",
              contentType: "text/csv; charset=utf-8",
              content: Buffer.from("Name;Trees\r\nAnna;2\r\n"),
            },
          ],
        },
      },
    });
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-mail-"));
    const smtp = await startSmtpServer(dir);
    const sender = startOutboxSender({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    await sender.runOnce();
    await sender.stop();
    await smtp.close();
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: mail.id } })).status).toBe("sent");
    const caught = readMails(dir).find((m) => m.to.includes("attached@example.org"))!;
    const files = mailAttachments(caught);
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      ["summary.pdf", "application/pdf"],
      ["planters.csv", "text/csv"],
    ]);
    expect(files[0]!.content.equals(pdf)).toBe(true);
    expect(files[1]!.content.toString("utf8")).toBe("Name;Trees\r\nAnna;2\r\n");
  });
});
