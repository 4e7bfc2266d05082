// Through HTTP and the SMTP sink: a guestbook author who leaves an e-mail address gets
// the link that withdraws their message; the entry keeps only the SHA-256 of the link's token,
// never the address; opening the link changes nothing, its button (a POST from this site) deletes
// the message, drops the memorial's cached page, writes the audit row guestbook.withdrawn (a
// visitor) and tells the operator's webhook receiver (guestbook.entry_withdrawn, without the
// words). A used or unknown link answers 404, an expired one 410, and neither writes anything;
// simultaneous posts withdraw once; a malformed address is refused with nothing written.
import { PERSONAL_VALUE } from "@memorial/lib/audit/words";
import { WITHDRAW_MAILS_PER_DAY } from "@memorial/lib/guestbook/withdraw-entry";
import { hashSecretToken } from "@memorial/lib/secret-token";
import { webhookMessageSchema } from "@memorial/lib/webhooks/schemas";
import { expect, test } from "@playwright/test";
import { classic, create } from "../browser/memorials";
import { baseUrl, db, mailDir, makeIsolatedOperator, unique, uniqueEmail } from "../support/factories";
import { rawRequest } from "../support/raw-http";
import { mailParts, waitForMail } from "../support/smtp";
import { webhookFixture } from "../support/webhook-receiver";

const webhooks = webhookFixture(test.afterAll);

async function openGuestbook() {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(op, classic());
  await db.memorial.update({ where: { id: memorialId }, data: { guestbookMode: "open" } });
  return { op, memorialId };
}

const address = () => uniqueEmail("author");

function post(memorialId: number, fields: Record<string, string>) {
  return fetch(`${baseUrl()}/memorial/${memorialId}/guestbook`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      lang: "fr",
      name: "Paul",
      message: "Nos pensées",
      website: "",
      ...fields,
    }).toString(),
  });
}

const withdraw = (token: string, origin = baseUrl()) =>
  fetch(`${baseUrl()}/guestbook/withdraw/${token}?lang=fr`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  });

/** The token of the withdrawal link in the e-mail to `to`. */
async function tokenSentTo(to: string) {
  const mail = mailParts(await waitForMail(mailDir(), to));
  const link = mail.text.match(/\/guestbook\/withdraw\/([A-Za-z0-9_-]{43})\?lang=(\w\w)/);
  expect(link, mail.text).not.toBeNull();
  return { token: link![1], lang: link![2], mail };
}

const auditRows = (memorialId: number) =>
  db.auditLog.findMany({ where: { memorialId, action: "guestbook.withdrawn" } });

test("the author's link withdraws the message once: the page drops it, the audit log and the webhook say so, the address is not kept", async () => {
  test.setTimeout(120_000);
  const { op, memorialId } = await openGuestbook();
  const { receiver } = await webhooks.receiving(op.operatorId, ["guestbook.entry_withdrawn"]);
  const email = address();
  const message = `Toutes nos pensées ${unique("m").replace(/\W+/g, "")}`;
  expect((await post(memorialId, { message, email })).status).toBe(303);
  const entry = await db.guestbookEntry.findFirstOrThrow({ where: { memorialId } });
  expect(entry.withdrawTokenHash).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(entry)).not.toContain(email);
  const page = () => fetch(`${baseUrl()}/memorial/${memorialId}?lang=fr`).then((r) => r.text());
  expect(await page()).toContain(message);

  // The e-mail, in the page's language, holds the link whose hash the entry keeps.
  const { token, lang, mail } = await tokenSentTo(email);
  expect(lang).toBe("fr");
  expect(mail.subject).toContain("Votre message dans le livre d’or de");
  expect(mail.text).toContain("Il est publié.");
  expect(hashSecretToken(token)).toBe(entry.withdrawTokenHash);
  // Once sent, the outbox keeps the e-mail without its link.
  await expect
    .poll(() => db.outgoingEmail.findFirstOrThrow({ where: { to: email } }).then((m) => m.text))
    .not.toContain(token);

  // Opening the link shows the message and changes nothing.
  const shown = await fetch(`${baseUrl()}/guestbook/withdraw/${token}?lang=fr`);
  expect(shown.status).toBe(200);
  expect(shown.headers.get("cache-control")).toBe("no-store");
  const html = await shown.text();
  expect(html).toContain(message);
  expect(html).toContain("Retirer mon message");
  expect(await db.guestbookEntry.count({ where: { memorialId } })).toBe(1);

  // Another site cannot post it.
  expect((await withdraw(token, "https://evil.example")).status).toBe(403);
  expect(await db.guestbookEntry.count({ where: { memorialId } })).toBe(1);

  const done = await withdraw(token);
  expect(done.status).toBe(200);
  expect(await done.text()).toContain("Votre message a été retiré");
  expect(await db.guestbookEntry.count({ where: { memorialId } })).toBe(0);
  expect(await page()).not.toContain(message);
  const [row] = await auditRows(memorialId);
  expect(row).toMatchObject({
    actorKind: "visitor",
    operatorId: op.operatorId,
    targetType: "guestbook",
    targetId: String(entry.id),
  });
  expect(row.changes).toMatchObject({
    author: { before: PERSONAL_VALUE },
    message: { before: PERSONAL_VALUE },
    status: { before: "published" },
  });
  expect(JSON.stringify(row.changes)).not.toContain(message);
  // The operator's webhook receiver hears of it (a partner mirroring the messages drops it).
  const [hook] = await receiver.waitFor(1, 90_000);
  expect(() => webhookMessageSchema("guestbook.entry_withdrawn").parse(hook.json), hook.body).not.toThrow();
  expect(hook.json).toMatchObject({
    type: "guestbook.entry_withdrawn",
    data: { memorialId, entryId: entry.id },
  });
  expect(hook.body).not.toContain(message);
  expect(hook.body).not.toContain(email);

  // Used: a kind page, 404, nothing written.
  const again = await withdraw(token);
  expect(again.status).toBe(404);
  expect(await again.text()).toContain("Ce lien est inconnu, ou le message a déjà été retiré.");
  expect((await fetch(`${baseUrl()}/guestbook/withdraw/${token}`)).status).toBe(404);
  // Opened again from the e-mail (its link carries ?lang=), the used link answers in its language.
  const reopened = await fetch(`${baseUrl()}/guestbook/withdraw/${token}?lang=fr`, {
    headers: { "accept-language": "en-GB,en;q=0.9" },
  });
  expect(reopened.status).toBe(404);
  const reopenedPage = await reopened.text();
  expect(reopenedPage).toContain('<html lang="fr">');
  expect(reopenedPage).toContain("Ce lien est inconnu, ou le message a déjà été retiré.");
  expect((await fetch(`${baseUrl()}/guestbook/withdraw/${"x".repeat(43)}`)).status).toBe(404);
  expect(await auditRows(memorialId)).toHaveLength(1);
});

test("an expired link answers 410 and changes nothing; simultaneous posts withdraw once", async () => {
  const { memorialId } = await openGuestbook();
  const late = address();
  expect((await post(memorialId, { email: late, message: "Message ancien" })).status).toBe(303);
  const { token: oldToken } = await tokenSentTo(late);
  // The clock moved: the message is older than GUESTBOOK_WITHDRAW_DAYS (365).
  await db.$executeRaw`UPDATE "guestbook_entry" SET "created_at" = now() - interval '366 days'
    WHERE "memorial_id" = ${memorialId}`;
  const expired = await fetch(`${baseUrl()}/guestbook/withdraw/${oldToken}?lang=en`);
  expect(expired.status).toBe(410);
  expect(await expired.text()).toContain("This withdrawal link no longer works.");
  expect((await withdraw(oldToken)).status).toBe(410);
  expect(await db.guestbookEntry.count({ where: { memorialId } })).toBe(1);
  expect(await auditRows(memorialId)).toHaveLength(0);

  const now = address();
  expect((await post(memorialId, { email: now, message: "Message récent" })).status).toBe(303);
  const { token } = await tokenSentTo(now);
  const statuses = (await Promise.all(Array.from({ length: 10 }, () => withdraw(token)))).map(
    (r) => r.status,
  );
  expect(statuses.sort()).toEqual([200, ...Array(9).fill(404)]);
  expect(await auditRows(memorialId)).toHaveLength(1);
  expect(await db.guestbookEntry.findMany({ where: { memorialId }, select: { message: true } })).toEqual([
    { message: "Message ancien" },
  ]);
});

test("a malformed address is refused with nothing written; without one, no e-mail and no link", async () => {
  const { memorialId } = await openGuestbook();
  const refused = await post(memorialId, { email: "pas une adresse", message: "Mon texte" });
  expect(refused.status).toBe(400);
  const text = await refused.text();
  expect(text).toContain("L’adresse e-mail n’est pas valide.");
  expect(text).toContain("Mon texte");
  expect(await db.guestbookEntry.count({ where: { memorialId } })).toBe(0);
  expect(await db.outgoingEmail.count({ where: { memorialId, to: "pas une adresse" } })).toBe(0);

  const before = await db.outgoingEmail.count({ where: { memorialId } });
  expect((await post(memorialId, { email: "  " })).status).toBe(303);
  expect(await db.guestbookEntry.findFirstOrThrow({ where: { memorialId } })).toMatchObject({
    withdrawTokenHash: null,
  });
  expect(await db.outgoingEmail.count({ where: { memorialId } })).toBe(before);
});

test("an address given on a host that may not name e-mail links is refused, nothing written", async () => {
  const { memorialId } = await openGuestbook();
  // APP_URL unset, ALLOWED_HOSTS=trees.example.org (e2e/support/global-setup.ts): a forged Host.
  const host = `attacker.example:${new URL(baseUrl()).port}`;
  const email = address();
  const refused = await rawRequest(
    baseUrl(),
    "POST",
    `/memorial/${memorialId}/guestbook`,
    { host, origin: `http://${host}`, "content-type": "application/x-www-form-urlencoded" },
    new URLSearchParams({ lang: "fr", name: "Paul", message: "Nos pensées", website: "", email }).toString(),
  );
  expect(refused.status).toBe(403);
  expect(await db.guestbookEntry.count({ where: { memorialId } })).toBe(0);
  expect(await db.outgoingEmail.count({ where: { to: email } })).toBe(0);
});

test(`an address receives at most ${WITHDRAW_MAILS_PER_DAY} withdrawal e-mails a day, +tags counted as one: the form cannot flood a stranger`, async () => {
  const to = address();
  const [local, domain] = to.split("@") as [string, string];
  const tagged = (n: number) => `${local}+${n}@${domain}`;
  const memorials: number[] = [];
  for (let n = 0; n <= WITHDRAW_MAILS_PER_DAY; n++) {
    const { memorialId } = await openGuestbook();
    memorials.push(memorialId);
    // Each message is posted (the page answers as always), whoever asked before.
    expect((await post(memorialId, { email: n === 0 ? to.toUpperCase() : tagged(n) })).status).toBe(303);
  }
  const entries = await db.guestbookEntry.findMany({ where: { memorialId: { in: memorials } } });
  expect(entries).toHaveLength(WITHDRAW_MAILS_PER_DAY + 1);
  expect(entries.filter((e) => e.withdrawTokenHash !== null)).toHaveLength(WITHDRAW_MAILS_PER_DAY);
  const mails = await db.outgoingEmail.findMany({ where: { memorialId: { in: memorials } } });
  const toAuthor = mails.filter((mail) => mail.to.toLowerCase().startsWith(local));
  expect(toAuthor).toHaveLength(WITHDRAW_MAILS_PER_DAY);
});
