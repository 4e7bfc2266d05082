// The guestbook's form handler through HTTP: POST /memorial/{id}/guestbook answers
// 303 back to the page (Post/Redirect/Get); every refusal is a page that says why (400; 429 over
// the rate limit; 403 from another site) and writes nothing; the visitor's words are text on the
// page, escaped; the rendered-page cache drops the page at each change (the family's approval
// through its management page).

import { GUESTBOOK_EVENTS } from "@memorial/lib/events/guestbook-events";
import { RATE_LIMIT } from "@memorial/lib/guestbook/post-entry";
import { webhookMessageSchema } from "@memorial/lib/webhooks/schemas";
import { expect, test } from "@playwright/test";
import { familyMemorial } from "../browser/memorials";
import { byType, webhookFixture } from "../support/webhook-receiver";

const webhooks = webhookFixture(test.afterAll);

import { api, baseUrl, db, makeIsolatedOperator, postForm, unique } from "../support/factories";

async function memorial(op?: Awaited<ReturnType<typeof makeIsolatedOperator>>) {
  op ??= await makeIsolatedOperator({ stock: 5 });
  const { memorialId, token } = await familyMemorial(op);
  return { op, memorialId, manage: `${baseUrl()}/manage/${token}` };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function post(memorialId: number, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl()}/memorial/${memorialId}/guestbook`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: form({ lang: "en", name: "Paul", message: "Our thoughts are with you.", website: "", ...fields }),
  });
}

const count = (memorialId: number) => db.guestbookEntry.count({ where: { memorialId } });

test("a message is received and waits for the family: 303 back to the page, which says so", async () => {
  const { memorialId } = await memorial();
  const response = await post(memorialId, { message: "Avec toute notre affection" });
  expect(response.status).toBe(303);
  const location = response.headers.get("location") ?? "";
  expect(location).toBe(`/memorial/${memorialId}?lang=en&guestbook=pending#guestbook`);
  expect(await db.guestbookEntry.findMany({ where: { memorialId } })).toMatchObject([
    { status: "pending", authorName: "Paul", message: "Avec toute notre affection" },
  ]);
  const page = await (await fetch(`${baseUrl()}${location}`)).text();
  expect(page).toContain("Thank you. Your message will appear once the family has approved it.");
  expect(page).not.toContain("Avec toute notre affection");
});

test("refusals answer a page that says why, and write nothing", async () => {
  const { memorialId } = await memorial();
  const cases: [Record<string, string>, string][] = [
    [{ message: "See http://cheap.example/pills" }, "Links are not accepted"],
    [{ message: "Visit www.spam-shop.com now" }, "Links are not accepted"],
    [{ message: "Best prices: pills.biz" }, "Links are not accepted"],
    [{ name: "x".repeat(81) }, "The name must be 1 to 80 characters long."],
    [{ name: "" }, "The name must be 1 to 80 characters long."],
    [{ message: "   " }, "The message must be 1 to 1000 characters long."],
    [{ message: "m".repeat(1001) }, "The message must be 1 to 1000 characters long."],
    [{ message: "Hello\u0001" }, "contains control characters"],
    [{ website: "https://seo.example" }, "looks automated"],
  ];
  for (const [fields, text] of cases) {
    const response = await post(memorialId, fields);
    expect(response.status, JSON.stringify(fields)).toBe(400);
    expect(response.headers.get("content-type")).toContain("text/html");
    const body = await response.text();
    expect(body).toContain("Your message was not sent");
    expect(body, JSON.stringify(fields)).toContain(text);
  }
  // A form without its fields.
  const bare = await fetch(`${baseUrl()}/memorial/${memorialId}/guestbook`, {
    method: "POST",
    headers: { Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded" },
    body: "lang=en",
  });
  expect(bare.status).toBe(400);
  expect(await bare.text()).toContain("The form sent is incomplete.");
  // In the visitor's language: French here.
  const fr = await post(memorialId, { lang: "fr", message: "www.spam.com" });
  expect(fr.status).toBe(400);
  expect(await fr.text()).toContain("Les liens ne sont pas acceptés");
  expect(await count(memorialId)).toBe(0);
  // No such public memorial.
  expect((await post(999_999_999, {})).status).toBe(404);
});

test("a form of another site, or without this site's Origin, is refused with 403 and writes nothing", async () => {
  const { memorialId } = await memorial();
  const cases: Record<string, string>[] = [
    { Origin: "https://evil.example" },
    { Origin: baseUrl(), "Sec-Fetch-Site": "cross-site" },
  ];
  for (const headers of cases) {
    const response = await post(memorialId, {}, headers);
    expect(response.status, JSON.stringify(headers)).toBe(403);
    expect(await response.text()).toContain("This form must be sent from the memorial page.");
  }
  const noOrigin = await fetch(`${baseUrl()}/memorial/${memorialId}/guestbook`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form({ lang: "en", name: "Paul", message: "Hello" }),
  });
  expect(noOrigin.status).toBe(403);
  expect(await count(memorialId)).toBe(0);
});

test(`a client leaves at most ${RATE_LIMIT} messages an hour in a guestbook: then 429, nothing written`, async () => {
  const { memorialId } = await memorial();
  for (let i = 0; i < RATE_LIMIT; i++) {
    expect((await post(memorialId, { message: `Message ${i}` })).status).toBe(303);
  }
  const refused = await post(memorialId, { message: "One more" });
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toBe("3600");
  expect(await refused.text()).toContain("try again in an hour");
  expect(await count(memorialId)).toBe(RATE_LIMIT);
});

test("the family's approval shows the message at once, escaped, though the page was cached", async () => {
  const { memorialId, manage } = await memorial();
  const page = () => fetch(`${baseUrl()}/memorial/${memorialId}?lang=en`);
  expect((await page()).status).toBe(200);
  const cached = await page();
  expect(cached.headers.get("x-cache")).toBe("HIT");
  const words = `<script>alert(1)</script> ${unique("Kind words")}`;
  expect((await post(memorialId, { name: "<b>Ann</b>", message: words })).status).toBe(303);
  const entry = await db.guestbookEntry.findFirstOrThrow({ where: { memorialId } });
  expect(await (await page()).text()).not.toContain("Kind words");

  const approved = await postForm(manage, { action: "guestbook-approve", entry: String(entry.id) });
  expect(approved.status).toBe(303);
  const html = await (await page()).text();
  expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(html).toContain("&lt;b&gt;Ann&lt;/b&gt;");
  expect(html).not.toContain("<script>alert(1)</script>");

  // Closed by the family: no form on the page, the published message stays, a post is refused.
  const closed = await postForm(manage, { action: "guestbook-mode", mode: "closed" });
  expect(closed.status).toBe(303);
  const after = await (await page()).text();
  expect(after).toContain("The family has closed the guestbook.");
  expect(after).not.toContain(`action="/memorial/${memorialId}/guestbook"`);
  expect(after).toContain("Kind words");
  const refused = await post(memorialId, {});
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("it no longer accepts messages");
  expect(await count(memorialId)).toBe(1);
});

test("each guestbook change reaches the operator's webhook receiver as its documented event", async () => {
  test.setTimeout(120_000);
  const op = await makeIsolatedOperator({ stock: 5 });
  const { receiver } = await webhooks.receiving(op.operatorId, GUESTBOOK_EVENTS);
  const { memorialId, manage } = await memorial(op);
  const family = (fields: Record<string, string>) => postForm(manage, fields);
  expect((await post(memorialId, { message: "Secret words of a visitor" })).status).toBe(303);
  const entry = await db.guestbookEntry.findFirstOrThrow({ where: { memorialId } });
  for (const action of ["guestbook-approve", "guestbook-hide", "guestbook-delete"]) {
    expect((await family({ action, entry: String(entry.id), confirm: "yes" })).status).toBe(303);
  }
  expect((await family({ action: "guestbook-mode", mode: "open" })).status).toBe(303);
  const received = byType(await receiver.waitFor(5, 90_000));
  expect(received.map((r) => r.json.type)).toEqual([
    "guestbook.entry_deleted",
    "guestbook.entry_hidden",
    "guestbook.entry_published",
    "guestbook.entry_received",
    "memorial.guestbook_mode_changed",
  ]);
  for (const r of received) {
    expect(() => webhookMessageSchema(r.json.type).parse(r.json), r.body).not.toThrow();
    // The visitor's words never leave in a webhook.
    expect(r.body).not.toContain("Secret words");
  }
  const data = Object.fromEntries(received.map((r) => [r.json.type, r.json.data]));
  expect(data["guestbook.entry_received"]).toMatchObject({
    memorialId,
    entryId: entry.id,
    status: "pending",
  });
  expect(data["guestbook.entry_published"]).toMatchObject({ entryId: entry.id, by: "family" });
  expect(data["guestbook.entry_deleted"]).toMatchObject({ entryId: entry.id, by: "family" });
  expect(data["memorial.guestbook_mode_changed"]).toMatchObject({ mode: "open", by: "family" });
  expect(data["guestbook.entry_received"].memorialUrl).toMatch(new RegExp(`/memorial/${memorialId}$`));
});

test("a guestbook webhook's entryId is read through GET /v1/LivreDor/{messageId} by the memorial's operator only", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const { memorialId, manage } = await memorial(op);
  expect((await post(memorialId, { name: "Léa", message: "Words the webhook does not carry" })).status).toBe(
    303,
  );
  const entry = await db.guestbookEntry.findFirstOrThrow({ where: { memorialId } });
  const read = await api("GET", `/LivreDor/${entry.id}`, { key: op.key });
  expect(read.status, JSON.stringify(read.json)).toBe(200);
  expect(read.json).toMatchObject({
    Objet: "livreDorMessage",
    Statut: "Ok",
    MessageId: entry.id,
    MemorialId: memorialId,
    Nom: "Léa",
    Message: "Words the webhook does not carry",
    Etat: "pending",
    DateDecision: null,
    DecidePar: null,
  });
  // The family approves it: the read says so and who decided.
  const family = (fields: Record<string, string>) => postForm(manage, fields);
  expect((await family({ action: "guestbook-approve", entry: String(entry.id) })).status).toBe(303);
  const approved = await api("GET", `/LivreDor/${entry.id}`, { key: op.key });
  expect(approved.json).toMatchObject({ Etat: "published", DecidePar: "family" });
  // Another operator, and the operator's test key, do not read it: 404 as if it did not exist.
  const other = await makeIsolatedOperator();
  expect((await api("GET", `/LivreDor/${entry.id}`, { key: other.key })).status).toBe(404);
  expect((await api("GET", `/LivreDor/${entry.id}`, { key: op.testKey })).status).toBe(404);
  // A deletion cannot be undone: without its confirmation nothing is deleted.
  expect((await family({ action: "guestbook-delete", entry: String(entry.id) })).status).toBe(400);
  expect((await api("GET", `/LivreDor/${entry.id}`, { key: op.key })).status).toBe(200);
  // Deleted: 404.
  expect((await family({ action: "guestbook-delete", entry: String(entry.id), confirm: "yes" })).status).toBe(
    303,
  );
  expect((await api("GET", `/LivreDor/${entry.id}`, { key: op.key })).status).toBe(404);
  expect((await api("GET", "/LivreDor/abc", { key: op.key })).status).toBe(400);
});
