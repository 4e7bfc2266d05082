// Anniversary reminders through HTTP: the memorial's calendar file, the reminder
// form's refusals, the unsubscribe link (GET changes nothing; the RFC 8058 one-click POST from a
// mail provider unsubscribes, whatever its origin).

import { expect, test } from "@playwright/test";
import { baseUrl, db, uniqueEmail } from "../support/factories";
import { rawRequest } from "../support/raw-http";
import { publicMemorial, subscribeToAnniversaries, tokenOf } from "../support/reminders";

const form = (body: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  redirect: "manual" as const,
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl(), ...headers },
  body: new URLSearchParams(body).toString(),
});

test("remember.ics is a yearly all-day event on the date of death with the memorial's address", async () => {
  const memorialId = await publicMemorial({
    DateDeces: "2021-05-14T12:00:00",
    DateNaissance: "1940-01-02T00:00:00",
  });
  const r = await fetch(`${baseUrl()}/memorial/${memorialId}/remember.ics?lang=en`);
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(r.headers.get("content-disposition")).toBe(`attachment; filename="memorial-${memorialId}.ics"`);
  const body = await r.text();
  expect(body.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
  expect(body).toContain(
    "\r\nDTSTART;VALUE=DATE:20210514\r\nDTEND;VALUE=DATE:20210515\r\nRRULE:FREQ=YEARLY\r\n",
  );
  expect(body).toContain("\r\nSUMMARY:Anne Lambert\r\n");
  expect(body.replace(/\r\n /g, "")).toContain(`\r\nURL:${baseUrl()}/memorial/${memorialId}?lang=en\r\n`);
  expect(body.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
  for (const line of body.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
});

test("remember.ics of an anonymous, hidden, approximate or unknown memorial is a 404 (an anonymous one shows no date of death)", async () => {
  const anonymous = await publicMemorial({ DateDeces: "2021-05-14T12:00:00" });
  expect((await fetch(`${baseUrl()}/memorial/${anonymous}/remember.ics`)).status).toBe(200);
  await db.memorial.update({
    where: { id: anonymous },
    data: { kind: "anonymous", anonymousName: "Un ami" },
  });
  const secret = await fetch(`${baseUrl()}/memorial/${anonymous}/remember.ics`);
  expect(secret.status).toBe(404);
  expect(await secret.text()).not.toContain("2021");
  // Nor can a reminder of its day be asked.
  const asked = await fetch(
    `${baseUrl()}/memorial/${anonymous}/remind?lang=en`,
    form({ email: uniqueEmail("anon"), consent: "yes", death: "yes" }),
  );
  expect(asked.status).toBe(404);

  const hidden = await publicMemorial({ DateDeces: "2021-05-14T12:00:00" });
  expect((await fetch(`${baseUrl()}/memorial/${hidden}/remember.ics`)).status).toBe(200);
  await db.memorial.update({ where: { id: hidden }, data: { hiddenAt: new Date() } });
  const gone = await fetch(`${baseUrl()}/memorial/${hidden}/remember.ics`);
  expect(gone.status).toBe(404);
  expect(await gone.text()).not.toContain("VCALENDAR");

  const approximate = await publicMemorial({
    DateDeces: "2021-05-14T12:00:00",
    DateDecesApproximative: true,
  });
  expect((await fetch(`${baseUrl()}/memorial/${approximate}/remember.ics`)).status).toBe(404);
  expect((await fetch(`${baseUrl()}/memorial/999999999/remember.ics`)).status).toBe(404);
});

test("the reminder form refuses a bad address, no consent or no day with a 400 naming each, nothing written", async () => {
  const memorialId = await publicMemorial({ DateDeces: "2021-05-14T12:00:00" });
  const url = `${baseUrl()}/memorial/${memorialId}/remind?lang=en`;
  const email = uniqueEmail("form");
  let r = await fetch(url, form({ email: "not-an-address", consent: "yes", death: "yes" }));
  expect(r.status).toBe(400);
  expect(await r.text()).toContain("The e-mail address is not valid.");
  r = await fetch(url, form({ email, death: "yes" }));
  expect(r.status).toBe(400);
  expect(await r.text()).toContain("Tick the box to agree to receive the reminders.");
  r = await fetch(url, form({ email, consent: "yes" }));
  expect(r.status).toBe(400);
  expect(await r.text()).toContain("Choose at least one day.");
  // The birthday is not offered without a birth date: asking for it alone is asking for nothing.
  r = await fetch(url, form({ email, consent: "yes", birthday: "yes" }));
  expect(r.status).toBe(400);
  expect(await db.reminderSubscription.count({ where: { email } })).toBe(0);
  expect(await db.outgoingEmail.count({ where: { to: email } })).toBe(0);
  // A memorial the public may not see takes no subscription.
  await db.memorial.update({ where: { id: memorialId }, data: { hiddenAt: new Date() } });
  r = await fetch(url, form({ email, consent: "yes", death: "yes" }));
  expect(r.status).toBe(404);
  expect(await db.reminderSubscription.count({ where: { email } })).toBe(0);
});

test("the unsubscribe link: GET and HEAD change nothing; the one-click POST of a mail provider unsubscribes", async () => {
  const memorialId = await publicMemorial({ DateDeces: "2021-05-14T12:00:00" });
  const email = uniqueEmail("oneclick");
  await subscribeToAnniversaries(memorialId, email, {
    linkBase: baseUrl(),
    confirmed: true,
    client: "127.0.0.1",
  });
  const link = `${baseUrl()}/reminders/unsubscribe/${await tokenOf(memorialId, email)}`;
  for (const method of ["GET", "HEAD", "GET"]) {
    const r = await fetch(link, { method, headers: { "User-Agent": "SafeLinks scanner" } });
    expect(r.status, method).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
  }
  const page = await (await fetch(link)).text();
  expect(page).toContain("Stop receiving the reminders of the memorial “Anne Lambert”?");
  let subscription = await db.reminderSubscription.findFirstOrThrow({ where: { email } });
  expect(subscription.unsubscribedAt).toBeNull();

  // RFC 8058: the provider's server POSTs List-Unsubscribe=One-Click, from its own origin.
  const r = await fetch(
    link,
    form(
      { "List-Unsubscribe": "One-Click" },
      { Origin: "https://mail.provider.example", "Sec-Fetch-Site": "cross-site" },
    ),
  );
  expect(r.status).toBe(200);
  subscription = await db.reminderSubscription.findFirstOrThrow({ where: { email } });
  expect(subscription.unsubscribedAt).not.toBeNull();
  // Again: harmless. An unknown token: 404, nothing changed.
  expect((await fetch(link, form({ "List-Unsubscribe": "One-Click" }))).status).toBe(200);
  expect((await fetch(`${baseUrl()}/reminders/unsubscribe/${"A".repeat(43)}`, form({}))).status).toBe(404);
  expect((await fetch(`${baseUrl()}/reminders/unsubscribe/${"A".repeat(43)}`)).status).toBe(404);
});

test("the reminder form on a forged Host writes nothing: no e-mail link is made on another site's address", async () => {
  const memorialId = await publicMemorial({ DateDeces: "2021-05-14T12:00:00" });
  const email = uniqueEmail("forged");
  const r = await rawRequest(
    baseUrl(),
    "POST",
    `/memorial/${memorialId}/remind?lang=en`,
    {
      host: "attacker.example",
      origin: "http://attacker.example",
      "content-type": "application/x-www-form-urlencoded",
    },
    new URLSearchParams({ email, consent: "yes", death: "yes" }).toString(),
  );
  expect(r.status).toBe(400);
  expect(r.text).toContain("This form cannot be sent from this address of the site");
  expect(await db.reminderSubscription.count({ where: { email } })).toBe(0);
  expect(await db.outgoingEmail.count({ where: { to: email } })).toBe(0);
});

test("the reminder form refuses another site's post (403), and an address that confirms nothing gets at most 3 confirmation e-mails a day", async () => {
  const memorialIds = await Promise.all(
    [1, 2, 3, 4, 5].map(() => publicMemorial({ DateDeces: "2021-05-14T12:00:00" })),
  );
  const email = uniqueEmail("flood");
  const post = (memorialId: number, headers: Record<string, string>) =>
    fetch(
      `${baseUrl()}/memorial/${memorialId}/remind?lang=en`,
      form({ email, consent: "yes", death: "yes" }, headers),
    );
  expect((await post(memorialIds[0], { Origin: "https://attacker.example" })).status).toBe(403);
  expect((await post(memorialIds[0], { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  expect(await db.reminderSubscription.count({ where: { email } })).toBe(0);
  for (const memorialId of memorialIds) {
    const r = await post(memorialId, {});
    expect(r.status).toBe(200);
    expect(await r.text()).toContain("inbox");
  }
  expect(await db.outgoingEmail.count({ where: { to: email } })).toBe(3);
  expect(await db.reminderSubscription.count({ where: { email } })).toBe(3);
});
