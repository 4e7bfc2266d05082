// The family's actions as partners and people see them, through the running
// service: each action taken with the links of the family's e-mail (confirm, hide, show,
// anonymise, name again, hide and show a message, choose the anonymous title) reaches the
// operator's webhook receiver as its documented event, and the memorial's public page follows at
// once (its cached page and data are dropped by the event, on every instance). A hidden memorial's
// webhook carries no public address; every address a webhook carries answers 200 when it arrives.
// An anonymous memorial never shows a bare id (page and <title>, management page, dashboard), and
// the family's choice of initials changes its title everywhere.
import { WEBHOOK_EVENTS } from "@memorial/lib/webhooks/endpoints";
import { webhookMessageSchema } from "@memorial/lib/webhooks/schemas";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { signInRequest } from "../support/dashboard-session";
import { api, baseUrl, db, mailDir, makeIsolatedOperator, postForm, uniqueEmail } from "../support/factories";
import { secondInstance } from "../support/instances";
import { mailText, waitForMail } from "../support/smtp";
import {
  type ReceivedWebhook,
  type Receiver,
  subscribe,
  verifySignature,
  webhookFixture,
} from "../support/webhook-receiver";

// Deliveries go through the service's background loops: room for a loaded machine.
test.describe.configure({ timeout: 180_000 });

const webhooks = webhookFixture(test.afterAll);

const FAMILY_EVENTS = [
  "memorial.confirmed",
  "memorial.hidden",
  "memorial.shown",
  "memorial.anonymised",
  "memorial.unanonymised",
  "memorial.title_changed",
  "message.hidden",
  "message.shown",
];

const MANAGE_PATH = /\/manage\/[A-Za-z0-9_-]{43}/;
const CONFIRM_PATH = /\/confirm\/[A-Za-z0-9_-]+/;

/** A memorial awaiting its family, made through the API, and the links of the family's e-mail. */
async function awaitingMemorial(key: string, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail("family");
  const made = await api("POST", "/Memorials/Creer", {
    key,
    body: {
      Defunt: { Nom: "Lambert", Prenom: "Anne", DateDeces: "2026-11-10T00:00:00" },
      Famille: { FamilleEmail: email },
      AConfirmer: true,
      DeLaPartDe: "Ses enfants",
      Message: "Pour maman",
      ...extra,
    },
  });
  expect(made.status, made.text).toBe(200);
  const text = mailText(await waitForMail(mailDir(), email));
  const confirm = CONFIRM_PATH.exec(text)?.[0];
  const manage = MANAGE_PATH.exec(text)?.[0];
  expect(confirm, text).toBeTruthy();
  expect(manage, text).toBeTruthy();
  return {
    memorialId: made.json.IdMemorial as number,
    confirmLink: `${baseUrl()}${confirm}`,
    manageLink: `${baseUrl()}${manage}`,
  };
}

/** The public page: its status, its <title>, its <h1> and whole text. */
async function publicPage(memorialId: number, origin = baseUrl()) {
  const response = await fetch(`${origin}/memorial/${memorialId}`);
  const html = await response.text();
  return {
    status: response.status,
    cache: response.headers.get("x-cache"),
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null,
    h1: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? null,
    html,
  };
}

/** Reads the page until the rendered-page cache keeps it (a HIT): the state before a change. */
async function warm(memorialId: number) {
  await expect.poll(async () => (await publicPage(memorialId)).cache, { timeout: 15_000 }).toBe("HIT");
}

const decoded = (text: string | null) =>
  (text ?? "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** Waits for the receiver's next webhook (one action, one event) and checks it. */
async function next(r: Receiver, secret: string): Promise<ReceivedWebhook> {
  const message = await r.next(60_000);
  expect(verifySignature(secret, message)).toBe(true);
  // The message is what the API reference documents for its type (lib/webhooks/schemas.ts).
  expect(WEBHOOK_EVENTS).toContain(message.json.type);
  webhookMessageSchema(message.json.type).parse(message.json);
  // Whatever address a webhook carries answers now (never a 404 for a hidden memorial).
  if (message.json.data.memorialUrl !== null) {
    expect((await fetch(message.json.data.memorialUrl)).status).toBe(200);
  }
  return message;
}

test("the family's actions through its links reach the receiver as their events; the page follows each at once", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const { receiver: r, endpoint } = await webhooks.receiving(op.operatorId, FAMILY_EVENTS);
  const { memorialId, confirmLink, manageLink } = await awaitingMemorial(op.key);
  const address = `${baseUrl()}/memorial/${memorialId}`;
  const common = { memorialId, by: "family", environment: "production" };

  // Confirm: the page is there at once, and the webhook carries its address.
  expect((await publicPage(memorialId)).status).toBe(404);
  expect((await postForm(confirmLink)).status).toBe(303);
  expect((await publicPage(memorialId)).h1).toBe("Anne Lambert");
  const confirmed = await next(r, endpoint.secret);
  expect(confirmed.json).toMatchObject({
    type: "memorial.confirmed",
    data: { memorialId, memorialUrl: address, environment: "production" },
  });
  const tree = await db.tree.findFirstOrThrow({ where: { memorialId } });

  // Hide: the cached page answers 404 right after; the webhook has no address.
  await warm(memorialId);
  expect((await postForm(manageLink, { action: "hide" })).status).toBe(303);
  expect((await publicPage(memorialId)).status).toBe(404);
  const hidden = await next(r, endpoint.secret);
  expect(hidden.json).toMatchObject({
    type: "memorial.hidden",
    data: { ...common, memorialTitle: "Anne Lambert", memorialUrl: null },
  });

  // Show again: the page is back at once, and the webhook's address answers.
  expect((await postForm(manageLink, { action: "show" })).status).toBe(303);
  expect((await publicPage(memorialId)).status).toBe(200);
  const shown = await next(r, endpoint.secret);
  expect(shown.json).toMatchObject({ type: "memorial.shown", data: { ...common, memorialUrl: address } });

  // Anonymise: the cached page loses the name at once (4.1 rule 7), and is titled by its id as a
  // number ("In memoriam · n° 123", never the bare number).
  await warm(memorialId);
  expect((await postForm(manageLink, { action: "anonymise" })).status).toBe(303);
  let page = await publicPage(memorialId);
  expect(page.h1).toBe(`In memoriam · n° ${memorialId}`);
  expect(page.html).not.toContain("Lambert");
  const anonymised = await next(r, endpoint.secret);
  expect(anonymised.json).toMatchObject({
    type: "memorial.anonymised",
    data: { ...common, memorialTitle: `In memoriam · n° ${memorialId}`, memorialUrl: address },
  });

  // Initials, the family's choice: the page and its <title> at once.
  await warm(memorialId);
  expect((await postForm(manageLink, { action: "title-initials" })).status).toBe(303);
  page = await publicPage(memorialId);
  expect(page.h1).toBe("In memoriam A. L.");
  expect(decoded(page.title)).toMatch(/^In memoriam A\. L\. · /);
  const titled = await next(r, endpoint.secret);
  expect(titled.json).toMatchObject({
    type: "memorial.title_changed",
    data: { ...common, anonymousTitle: "initials", memorialTitle: "In memoriam A. L.", memorialUrl: address },
  });

  // Named again.
  await warm(memorialId);
  expect((await postForm(manageLink, { action: "unanonymise" })).status).toBe(303);
  expect((await publicPage(memorialId)).h1).toBe("Anne Lambert");
  const named = await next(r, endpoint.secret);
  expect(named.json).toMatchObject({
    type: "memorial.unanonymised",
    data: { ...common, memorialTitle: "Anne Lambert", memorialUrl: address },
  });

  // A planter's message hidden, then shown again.
  await warm(memorialId);
  expect((await postForm(manageLink, { action: "hide-message", tree: String(tree.id) })).status).toBe(303);
  page = await publicPage(memorialId);
  expect(page.html).toContain("Ses enfants");
  expect(page.html).not.toContain("Pour maman");
  const messageHidden = await next(r, endpoint.secret);
  expect(messageHidden.json).toMatchObject({
    type: "message.hidden",
    data: { ...common, treeId: tree.id, memorialUrl: address },
  });
  await warm(memorialId);
  expect((await postForm(manageLink, { action: "show-message", tree: String(tree.id) })).status).toBe(303);
  expect((await publicPage(memorialId)).html).toContain("Pour maman");
  const messageShown = await next(r, endpoint.secret);
  expect(messageShown.json).toMatchObject({ type: "message.shown", data: { ...common, treeId: tree.id } });

  // One delivery per action, nothing else.
  expect(r.received.map((m) => m.json.type)).toEqual([
    "memorial.confirmed",
    "memorial.hidden",
    "memorial.shown",
    "memorial.anonymised",
    "memorial.title_changed",
    "memorial.unanonymised",
    "message.hidden",
    "message.shown",
  ]);
  expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(8);
});

test("a hidden memorial's webhooks carry no address, whatever their event; an unsubscribed event is not sent", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  // Only the message events: the memorial's own hiding is not sent.
  const { receiver: r, endpoint } = await webhooks.receiving(op.operatorId, [
    "message.hidden",
    "message.shown",
  ]);
  const { memorialId, confirmLink, manageLink } = await awaitingMemorial(op.key);
  expect((await postForm(confirmLink)).status).toBe(303);
  const tree = await db.tree.findFirstOrThrow({ where: { memorialId } });
  expect((await postForm(manageLink, { action: "hide" })).status).toBe(303);
  expect((await postForm(manageLink, { action: "hide-message", tree: String(tree.id) })).status).toBe(303);
  const [message] = await r.waitFor(1, 60_000);
  expect(message.json).toMatchObject({
    type: "message.hidden",
    data: { memorialId, treeId: tree.id, by: "family", memorialUrl: null, memorialTitle: "Anne Lambert" },
  });
  // The memorial.hidden event, once dispatched, went to no one: the endpoint did not choose it.
  await expect
    .poll(
      async () =>
        (await db.domainEvent.findFirstOrThrow({ where: { memorialId, type: "memorial.hidden" } }))
          .dispatchedAt,
      { timeout: 30_000 },
    )
    .not.toBeNull();
  expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
});

test("the family's events can be chosen wherever endpoints are made; an unknown one is refused", async () => {
  const op = await makeIsolatedOperator();
  for (const type of FAMILY_EVENTS) expect(WEBHOOK_EVENTS).toContain(type);
  // Every type at once: the database's rows of event types hold them too.
  const all = await subscribe(op.operatorId, "http://127.0.0.1:9/all", WEBHOOK_EVENTS);
  expect(all.events).toEqual([...WEBHOOK_EVENTS]);
  // The dashboard's webhooks page offers them.
  const dashboard = await playwrightRequest.newContext();
  try {
    await signInRequest(dashboard, op.operatorId);
    const page = await dashboard.get(`${baseUrl()}/api/dashboard/webhooks`);
    expect(page.status()).toBe(200);
    expect(((await page.json()) as { events: string[] }).events).toEqual([...WEBHOOK_EVENTS]);
  } finally {
    await dashboard.dispose();
  }
  await expect(subscribe(op.operatorId, "http://127.0.0.1:9/x", ["memorial.renamed"])).rejects.toThrow(
    /unknown event "memorial\.renamed"/,
  );
});

test("an anonymous memorial never shows a bare id; the family's initials change its title everywhere", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const { memorialId, confirmLink, manageLink } = await awaitingMemorial(op.key, { MemorialAnonyme: true });
  // Awaiting its family for 8 days: the dashboard's overview lists it.
  await db.memorial.update({
    where: { id: memorialId },
    data: { createdAt: new Date(Date.now() - 8 * 86_400_000) },
  });
  const dashboard: APIRequestContext = await playwrightRequest.newContext();
  try {
    await signInRequest(dashboard, op.operatorId);
    const everywhere = async () => {
      const manage = await (await fetch(manageLink)).text();
      const overview = await (await dashboard.get(`${baseUrl()}/dashboard`)).text();
      const detail = await (await dashboard.get(`${baseUrl()}/dashboard/memorials/${memorialId}`)).text();
      const item = new RegExp(`data-memorial-id="${memorialId}"[\\s\\S]*?<a[^>]*>([^<]*)</a>`).exec(overview);
      return {
        manage: /data-testid="manage-title">([^<]*)</.exec(manage)?.[1] ?? null,
        overview: item?.[1] ?? null,
        detailTitle: decoded(/<title>([^<]*)<\/title>/.exec(detail)?.[1] ?? null),
        detailH1: /<h1[^>]*>([^<]*)<\/h1>/.exec(detail)?.[1] ?? null,
      };
    };

    // The specification's title is the id (no MemorialAnonymeNom): "In memoriam · n° 123".
    let seen = await everywhere();
    expect(seen.manage).toBe(`In memoriam · n° ${memorialId}`);
    expect(seen.overview).toBe(`In memoriam · n° ${memorialId}`);
    expect(seen.detailTitle).toMatch(new RegExp(`^In memoriam · n° ${memorialId} · `));
    expect(seen.detailH1).toBe(`In memoriam · n° ${memorialId}`);
    // The API keeps the specification's MemorialNom (4.1 rule 7).
    expect((await api("GET", `/Memorial/${memorialId}/Infos`, { key: op.key })).json.MemorialNom).toBe(
      String(memorialId),
    );

    // The family chooses initials on its management page (a control of the anonymous section).
    expect(await (await fetch(manageLink)).text()).toContain('data-testid="manage-title-initials"');
    expect((await postForm(manageLink, { action: "title-initials" })).status).toBe(303);
    seen = await everywhere();
    expect(seen).toEqual({
      manage: "In memoriam A. L.",
      overview: "In memoriam A. L.",
      detailTitle: expect.stringMatching(/^In memoriam A\. L\. · /),
      detailH1: "In memoriam A. L.",
    });
    const event = await db.domainEvent.findFirstOrThrow({
      where: { memorialId, type: "memorial.title_changed" },
    });
    expect(event.payload).toMatchObject({ by: "family", anonymousTitle: "initials" });

    // Confirmed, the public page and its <title> say the same; never the name, nor the number.
    expect((await postForm(confirmLink)).status).toBe(303);
    const page = await publicPage(memorialId);
    expect(page.h1).toBe("In memoriam A. L.");
    expect(decoded(page.title)).toMatch(/^In memoriam A\. L\. · /);
    expect(page.html).not.toContain("Lambert");

    // And back to the anonymous title: everywhere again, the page at once.
    await warm(memorialId);
    expect((await postForm(manageLink, { action: "title-name" })).status).toBe(303);
    expect((await publicPage(memorialId)).h1).toBe(`In memoriam · n° ${memorialId}`);
    seen = await everywhere();
    expect([seen.manage, seen.detailH1]).toEqual([
      `In memoriam · n° ${memorialId}`,
      `In memoriam · n° ${memorialId}`,
    ]);
  } finally {
    await dashboard.dispose();
  }
});

test("a classic or global memorial's title cannot be chosen: 400, nothing written", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const { memorialId, manageLink } = await awaitingMemorial(op.key);
  const page = await (await fetch(manageLink)).text();
  expect(page).not.toContain('data-testid="manage-title-initials"');
  const refused = await postForm(manageLink, { action: "title-initials" });
  expect(refused.status).toBe(400);
  const memorial = await db.memorial.findUniqueOrThrow({ where: { id: memorialId } });
  expect(memorial.anonymousTitle).toBe("name");
  expect(await db.domainEvent.count({ where: { memorialId, type: "memorial.title_changed" } })).toBe(0);
});

test("another instance's cached page follows the family's action within moments", async () => {
  const second = secondInstance();
  const op = await makeIsolatedOperator({ stock: 10 });
  const { memorialId, confirmLink, manageLink } = await awaitingMemorial(op.key);
  expect((await postForm(confirmLink)).status).toBe(303);
  // The second instance keeps the page...
  await expect
    .poll(async () => (await publicPage(memorialId, second.url)).cache, { timeout: 15_000 })
    .toBe("HIT");
  // ... the family hides the memorial through the first: the second answers 404 within moments.
  expect((await postForm(manageLink, { action: "hide" })).status).toBe(303);
  await expect
    .poll(async () => (await publicPage(memorialId, second.url)).status, { timeout: 5_000 })
    .toBe(404);
  expect((await postForm(manageLink, { action: "show" })).status).toBe(303);
  await expect
    .poll(async () => (await publicPage(memorialId, second.url)).status, { timeout: 5_000 })
    .toBe(200);
});
