// The outbox: an e-mail written with its memorial survives a failing SMTP server and a restart
// of the sender, and is delivered once SMTP answers.
import { mkdtempSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db, disconnect } from "@/lib/db/client";
import { freePort } from "@/lib/db/embedded";
import { backoffSeconds, startOutboxSender } from "@/lib/mail/outbox-sender";
import { readMails, startSmtpServer } from "../e2e/support/smtp";

afterAll(() => disconnect());

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

    const first = startOutboxSender({ intervalMs: 60_000, smtpUrl: `smtp://127.0.0.1:${port}` });
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
    const second = startOutboxSender({ intervalMs: 60_000, smtpUrl: `smtp://127.0.0.1:${port}` });
    await second.runOnce();
    await second.stop();
    await smtp.close();
    expect(await db.outgoingEmail.findUniqueOrThrow({ where: { id: mail.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
    });
    expect(readMails(dir).filter((m) => m.to.includes("restart@example.org"))).toHaveLength(1);
  });

  it("an e-mail claimed by a sender that died is sent after its lease", async () => {
    const mail = await queued("lease@example.org");
    // A sender claimed it (moved next_attempt_at forward) and died before sending.
    await db.outgoingEmail.update({
      where: { id: mail.id },
      data: { nextAttemptAt: new Date(Date.now() + 120_000) },
    });
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-mail-"));
    const smtp = await startSmtpServer(dir);
    const sender = startOutboxSender({ intervalMs: 60_000, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    await sender.runOnce();
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: mail.id } })).status).toBe("pending");
    await db.outgoingEmail.update({ where: { id: mail.id }, data: { nextAttemptAt: new Date() } }); // lease over
    await sender.runOnce();
    await sender.stop();
    await smtp.close();
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: mail.id } })).status).toBe("sent");
  });

  it("keeps e-mails without SMTP_URL, and never sends a test key's", async () => {
    const live = await queued("nosmtp@example.org");
    const noSmtp = startOutboxSender({ intervalMs: 60_000, smtpUrl: "" });
    await noSmtp.runOnce();
    await noSmtp.stop();
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: live.id } })).status).toBe("held");

    const test = await queued("testkey@example.org", true);
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-mail-"));
    const smtp = await startSmtpServer(dir);
    const sender = startOutboxSender({ intervalMs: 60_000, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    await new Promise((r) => setTimeout(r, 200)); // held live e-mails are released on start
    await sender.runOnce();
    await sender.stop();
    await smtp.close();
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: test.id } })).status).toBe("held");
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: live.id } })).status).toBe("sent");
    expect(readMails(dir).some((m) => m.to.includes("testkey@example.org"))).toBe(false);
  });

  it("a sender that stops puts back at once the e-mails it claimed but did not try", async () => {
    const mails = [await queued("stop-1@example.org"), await queued("stop-2@example.org")];
    mails.push(await queued("stop-3@example.org"));
    const ids = mails.map((m) => m.id);
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-mail-"));
    const smtp = await startSmtpServer(dir);
    // A slow SMTP server: each connection waits 800 ms before it is put through.
    const slow = net.createServer((socket) => {
      setTimeout(() => {
        const upstream = net.connect(smtp.port, "127.0.0.1");
        socket.pipe(upstream).pipe(socket);
        socket.on("error", () => upstream.destroy());
        upstream.on("error", () => socket.destroy());
      }, 800);
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const port = (slow.address() as net.AddressInfo).port;
    const sender = startOutboxSender({ intervalMs: 60_000, smtpUrl: `smtp://127.0.0.1:${port}` });
    const pass = sender.runOnce();
    // The pass has claimed the three (their lease moved next_attempt_at forward)...
    for (let i = 0; i < 100; i++) {
      const leased = await db.outgoingEmail.count({
        where: { id: { in: ids }, nextAttemptAt: { gt: new Date(Date.now() + 60_000) } },
      });
      if (leased === 3) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    // ...and is sending the first when the process is asked to stop.
    await sender.stop();
    await pass;
    await new Promise<void>((resolve) => slow.close(() => resolve()));
    await smtp.close();
    const after = await db.outgoingEmail.findMany({ where: { id: { in: ids } } });
    const sent = after.filter((m) => m.status === "sent");
    const left = after.filter((m) => m.status !== "sent");
    expect(sent.length).toBeLessThanOrEqual(1);
    expect(left.length).toBeGreaterThanOrEqual(2);
    for (const mail of left) {
      expect(mail).toMatchObject({ status: "pending", attempts: 0 });
      expect(mail.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(20)).toBe(3600);
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
    const sender = startOutboxSender({ intervalMs: 60_000, smtpUrl: `smtp://127.0.0.1:${port}` });
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
    const sender = startOutboxSender({ intervalMs: 60_000 });
    await sender.runOnce();
    await sender.stop();
    const row = await db.outgoingEmail.findUniqueOrThrow({ where: { id: mail.id } });
    expect(row.status).toBe("held");
    expect(row.text).not.toContain(token);
  });

  it("are removed from e-mails kept unsent once their confirmation link has expired", async () => {
    const { redactExpiredLinks } = await import("@/lib/mail/outbox-sender");
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
});
