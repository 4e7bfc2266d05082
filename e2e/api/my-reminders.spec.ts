// Through HTTP: every reminder e-mail (the confirmation request included) and every
// visitor's receipt links to the page of the address's reminders, which lists the subscriptions of
// that address for every memorial (whatever the case of its letters, never another address's) and
// deletes one or all of them — the rows go, not only marked as ended — from this site's own form.
import { expect, test } from "@playwright/test";
import { classic, create } from "../browser/memorials";
import { baseUrl, db, mailDir, makeIsolatedOperator, unique, uniqueEmail } from "../support/factories";
import { publicMemorial, subscribeToAnniversaries } from "../support/reminders";
import { mailParts, waitForMail } from "../support/smtp";
import { claimCodes, redeemAsVisitor, setVisitors } from "../support/visitors";

const post = (url: string, body: Record<string, string>, origin: string | null = baseUrl()) =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(origin ? { Origin: origin } : {}),
    },
    body: new URLSearchParams(body).toString(),
  });

const subscribed = (memorialId: number, email: string, confirmed = false) =>
  subscribeToAnniversaries(memorialId, email, { linkBase: baseUrl(), confirmed, client: unique("client") });

/** The ids of the subscriptions the page lists. */
const listed = (page: string) => [...page.matchAll(/data-subscription="(\d+)"/g)].map((m) => Number(m[1]));

/** The link to the address's reminders in an e-mail's text. */
function mineLink(text: string): string {
  const found = text.match(/https?:\/\/\S+\/reminders\/mine\/[A-Za-z0-9_-]{43}/);
  if (!found) throw new Error(`no link to the reminders' page in:\n${text}`);
  return found[0];
}

test("the confirmation e-mail's link lists the address's subscriptions and deletes one, then all", async () => {
  const first = await publicMemorial({ DateDeces: "2021-05-14T12:00:00" }, "en");
  const second = await publicMemorial({ DateDeces: "2020-03-02T12:00:00" }, "en");
  // An address with "_", and another that would match it in a LIKE pattern: never listed together.
  const email = uniqueEmail("mine").replace("@", "_a@");
  const other = email.replace("_a@", "xa@");
  await subscribed(first, email);
  await subscribed(second, email.toUpperCase(), true);
  await subscribed(first, other, true);
  const mine = await db.reminderSubscription.findMany({
    where: { email: { in: [email, email.toUpperCase()] } },
    orderBy: { id: "asc" },
  });
  const [othersRow] = await db.reminderSubscription.findMany({ where: { email: other } });

  const mail = mailParts(await waitForMail(mailDir(), email));
  const link = mineLink(mail.text);
  expect(link.startsWith(`${baseUrl()}/reminders/mine/`)).toBe(true);
  const page = await fetch(link);
  expect(page.status).toBe(200);
  const body = await page.text();
  expect(body).toContain("Your reminders");
  expect(body).toContain(email);
  expect(listed(body)).toEqual(mine.map((row) => row.id));
  expect(body).toContain("waiting for the address to be confirmed");

  // Another address's subscription is not this page's: nothing deleted.
  let r = await post(link, { subscription: String(othersRow!.id) });
  expect(r.status).toBe(200);
  expect(await r.text()).toContain("Nothing was deleted.");
  expect(await db.reminderSubscription.count({ where: { id: othersRow!.id } })).toBe(1);

  // Not from this site's page, or naming nothing: refused, nothing deleted.
  expect((await post(link, { subscription: String(mine[1]!.id) }, "https://elsewhere.example")).status).toBe(
    403,
  );
  expect((await post(link, { subscription: "one" })).status).toBe(400);
  expect(await db.reminderSubscription.count({ where: { id: { in: mine.map((row) => row.id) } } })).toBe(2);

  // One deleted: its row and its record of reminders sent are gone.
  await db.reminderSent.create({
    data: { subscriptionId: mine[1]!.id, kind: "death_anniversary", year: 2025 },
  });
  r = await post(link, { subscription: String(mine[1]!.id) });
  expect(r.status).toBe(200);
  const after = await r.text();
  expect(after).toContain("One reminder deleted");
  expect(listed(after)).toEqual([mine[0]!.id]);
  expect(await db.reminderSubscription.count({ where: { id: mine[1]!.id } })).toBe(0);
  expect(await db.reminderSent.count({ where: { subscriptionId: mine[1]!.id } })).toBe(0);

  // All: the link's own subscription with them; the page says so, the link then names nothing.
  r = await post(link, { subscription: "all" });
  const none = await r.text();
  expect(none).toContain("One reminder deleted");
  expect(none).toContain("No reminder is asked with this address.");
  expect(
    await db.reminderSubscription.count({ where: { email: { in: [email, email.toUpperCase()] } } }),
  ).toBe(0);
  expect(await db.reminderSubscription.count({ where: { id: othersRow!.id } })).toBe(1);
  expect((await fetch(link)).status).toBe(404);
});

test("a visitor's receipt links to the page of the reminders asked with their address", async () => {
  const op = await makeIsolatedOperator({ stock: 5, language: "en" });
  const memorialId = await create(op, classic({ Nom: "Lambert", Prenom: "Anne" }));
  await setVisitors(op.operatorId, null, { enabled: true, payments: [], price: null });
  const email = uniqueEmail("visitor");
  await subscribed(memorialId, email, true);
  const code = (await claimCodes(op.operatorId, memorialId, 1, 1))[0]!;
  await redeemAsVisitor({
    code,
    memorialId,
    words: { planter: "Jan Peeters", message: "Courage", email, language: "en" },
    linkBase: baseUrl(),
    client: unique("client"),
  });
  const receipt = mailParts(await waitForMail(mailDir(), email));
  const link = mineLink(receipt.text);
  const page = await (await fetch(link)).text();
  const [row] = await db.reminderSubscription.findMany({ where: { memorialId, email } });
  expect(listed(page)).toEqual([row!.id]);
  // Only the hash of the receipt's token is kept.
  const planting = await db.visitorPlanting.findFirstOrThrow({ where: { memorialId, email } });
  expect(planting.receiptTokenHash).toMatch(/^[0-9a-f]{64}$/);
  expect(link).not.toContain(planting.receiptTokenHash!);

  expect((await fetch(`${baseUrl()}/reminders/mine/${"x".repeat(43)}`)).status).toBe(404);
});
