// Through HTTP to the running service: the family takes its memorial down from its
// management page. Its page (and every address under it) answers 410 Gone with a kind sentence in
// the page's language, on this instance and on a second one within 2 seconds (the domain event
// drops every instance's cached page and reads); it leaves the home page's search; the partner
// receives memorial.taken_down; the family restores it from the same page (memorial.restored) and
// the page answers 200 again. A memorial that never existed stays 404.
import { transaction } from "@memorial/lib/db/client";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { webhookMessageSchema } from "@memorial/lib/webhooks/schemas";
import { expect, test } from "@playwright/test";
import { api, baseUrl, db, makeIsolatedOperator, postForm, unique } from "../support/factories";
import { secondInstance } from "../support/instances";
import { byType, settled, webhookFixture } from "../support/webhook-receiver";

// The second instance is the run's own (e2e/support/instances.ts), shared with other specs.
test.describe.configure({ mode: "default", timeout: 180_000 });
const webhooks = webhookFixture(test.afterAll);

const second = secondInstance();

/** The family's choice, posted as its management page's form does. */
async function act(token: string, action: string) {
  const response = await postForm(`${baseUrl()}/manage/${token}`, { action });
  return response.status;
}

const page = (origin: string, id: number, query = "") =>
  fetch(`${origin}/memorial/${id}${query}`, { headers: { Host: new URL(origin).host } });

async function searchIds(word: string) {
  const html = await (await fetch(`${baseUrl()}/?q=${encodeURIComponent(word)}`)).text();
  return [...html.matchAll(/data-memorial="(\d+)"/g)].map((m) => Number(m[1]));
}

/** The first status `origin` answers for the page that equals `expected`, read every 50 ms for 2 s. */
async function seenWithin2s(origin: string, id: number, expected: number): Promise<boolean> {
  const since = Date.now();
  for (;;) {
    if ((await page(origin, id)).status === expected) return true;
    if (Date.now() - since > 2_000) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("a memorial taken down answers 410 Gone with a kind sentence, leaves the search, on both instances; the family restores it", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const { receiver, endpoint } = await webhooks.receiving(op.operatorId, [
    "memorial.taken_down",
    "memorial.restored",
  ]);
  const name = unique("Takedown").replace(/\W+/g, "");
  const made = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      DeLaPartDe: "La famille",
      Defunt: { Nom: name, Prenom: "Rose", DateDeces: "2026-10-30T00:00:00" },
      Famille: { FamilleEmail: `${name.toLowerCase()}@example.org`, Langue: "nl" },
    },
  });
  expect(made.status, made.text).toBe(200);
  const id = made.json.IdMemorial as number;
  const token = await transaction(async (tx) => (await issueManageToken(tx, id)).token);

  // Both instances have read (and cached) the public page; the search finds it.
  expect((await page(baseUrl(), id)).status).toBe(200);
  expect((await page(second.url, id)).status).toBe(200);
  expect((await page(second.url, id)).status).toBe(200);
  expect(await searchIds(name)).toEqual([id]);

  // The management page offers the takedown.
  const before = await (await fetch(`${baseUrl()}/manage/${token}?lang=en`)).text();
  expect(before).toContain('data-testid="manage-takedown"');
  expect(await act(token, "takedown")).toBe(303);
  const taken = Date.now();

  // On this instance at once, on the second within 2 seconds: 410, the page's language.
  const gone = await page(baseUrl(), id, "?lang=fr");
  expect(gone.status).toBe(410);
  expect(gone.headers.get("content-type")).toMatch(/^text\/html/);
  expect(gone.headers.get("cache-control")).toBe("no-store");
  expect(gone.headers.get("x-robots-tag")).toBe("noindex");
  const goneHtml = await gone.text();
  expect(goneHtml).toContain('<html lang="fr">');
  expect(goneHtml).toContain("Ce mémorial n’est plus disponible");
  expect(goneHtml).toContain("À la demande de la famille, cette page de mémorial a été retirée.");
  // Nothing about the memorial: not the deceased's name.
  expect(goneHtml).not.toContain(name);
  expect(await seenWithin2s(second.url, id, 410)).toBe(true);
  expect(Date.now() - taken).toBeLessThan(5_000);
  // Without ?lang=, the memorial's language (its family's when the browser asks for it).
  const english = await fetch(`${baseUrl()}/memorial/${id}`, { headers: { "Accept-Language": "nl" } });
  expect(english.status).toBe(410);
  expect(await english.text()).toContain("Op verzoek van de familie is deze gedenkpagina offline gehaald.");
  // Every address under the page is gone too; HEAD says so without a body.
  expect((await fetch(`${baseUrl()}/memorial/${id}/certificate`)).status).toBe(410);
  expect((await fetch(`${baseUrl()}/memorial/${id}/qr.svg`)).status).toBe(410);
  const head = await fetch(`${second.url}/memorial/${id}`, { method: "HEAD" });
  expect(head.status).toBe(410);
  // A memorial that never existed is still 404.
  expect((await page(baseUrl(), 2_000_000_000)).status).toBe(404);

  // It left the home page's search; the management page says it is taken down.
  expect(await searchIds(name)).toEqual([]);
  const manage = await (await fetch(`${baseUrl()}/manage/${token}?lang=en`)).text();
  expect(manage).toContain('data-state="taken_down"');
  expect(manage).toContain('data-testid="manage-restore"');
  // Its operator reads where it stands in Infos.
  const etat = async () =>
    (await api("GET", `/Memorial/${id}/Infos`, { key: op.key })).json.Etat as string | undefined;
  expect(await etat()).toBe("taken_down");
  // Taking it down again changes nothing (one event).
  expect(await act(token, "takedown")).toBe(303);

  // The family restores it: public again on both instances, found again.
  expect(await act(token, "restore")).toBe(303);
  expect((await page(baseUrl(), id)).status).toBe(200);
  expect(await seenWithin2s(second.url, id, 200)).toBe(true);
  expect(await searchIds(name)).toEqual([id]);
  expect(await etat()).toBe("public");

  // One domain event per change, saying who acted; the partner's webhooks, as documented.
  const events = await db.domainEvent.findMany({
    where: { memorialId: id, type: { in: ["memorial.taken_down", "memorial.restored"] } },
    orderBy: { id: "asc" },
  });
  expect(events.map((e) => [e.type, (e.payload as { by: string }).by])).toEqual([
    ["memorial.taken_down", "family"],
    ["memorial.restored", "family"],
  ]);
  await receiver.waitFor(2);
  await settled(endpoint.id, 2);
  const messages = byType(receiver.received);
  expect(messages.map((m) => m.json.type).sort()).toEqual(["memorial.restored", "memorial.taken_down"]);
  for (const m of messages) {
    webhookMessageSchema(m.json.type as "memorial.taken_down").parse(m.json);
    expect(m.json.data).toMatchObject({ memorialId: id, by: "family", environment: "production" });
  }
});
