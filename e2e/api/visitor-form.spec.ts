// The visitors' planting form through HTTP: GET /memorial/{id}/plant is there only
// where the operator lets visitors plant (404 otherwise, and for a memorial that is not public),
// its code is filled in from the card's address, its pay button shows only with a price and ways,
// the outcomes the planting route leads back to are said; the memorial page links to it exactly
// while visitor planting is on (the cached page is dropped when the setting changes).
import { transaction } from "@memorial/lib/db/client";
import { plantableMemorial, recordVisitorPlanting } from "@memorial/lib/visitors/visitor-planting";
import { expect, test } from "@playwright/test";
import { classic, create } from "../browser/memorials";
import { baseUrl, db, makeContext, makeIsolatedOperator, unique } from "../support/factories";
import { claimCodes, setVisitors } from "../support/visitors";

/** The values of the form's submit buttons named "way". */
const wayButtons = (html: string) =>
  [...html.matchAll(/<button[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => tag.includes('name="way"'))
    .map((tag) => /value="(\w+)"/.exec(tag)?.[1]);

const get = (path: string) => fetch(`${baseUrl()}${path}`, { headers: { "accept-language": "en" } });

test("the form is 404 while visitor planting is off, for a memorial that is not public and for an unknown one", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(op, classic());
  const off = await get(`/memorial/${memorialId}/plant?lang=en`);
  expect(off.status).toBe(404);
  const page = await (await get(`/memorial/${memorialId}?lang=en`)).text();
  expect(page).not.toContain('data-testid="plant-link"');

  await setVisitors(op.operatorId, null, { enabled: true, payments: [], price: null });
  expect((await get(`/memorial/${memorialId}/plant?lang=en`)).status).toBe(200);
  // A memorial waiting for its family's confirmation is not public: no form either.
  const waiting = await create(
    op,
    classic({}, { AConfirmer: true, Famille: { FamilleEmail: "f@example.org" } }),
  );
  expect((await get(`/memorial/${waiting}/plant?lang=en`)).status).toBe(404);
  expect((await get("/memorial/999999999/plant?lang=en")).status).toBe(404);
  expect((await get("/memorial/abc/plant?lang=en")).status).toBe(404);

  // Turned off again: 404 at once.
  await setVisitors(op.operatorId, null, { enabled: false, payments: [], price: null });
  expect((await get(`/memorial/${memorialId}/plant?lang=en`)).status).toBe(404);
});

test("a funeral home's own setting wins over its operator's, for the form and the memorial page's link", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const home = await makeContext(op.operatorId, "Epf");
  const inHome = await create(op, classic({}, { Contexte: { ContexteEpfId: home.id } }));
  const elsewhere = await create(op, classic());
  await setVisitors(op.operatorId, null, { enabled: true, payments: [], price: null });
  await setVisitors(op.operatorId, home.id, { enabled: false, payments: [], price: null });
  expect((await get(`/memorial/${elsewhere}/plant?lang=en`)).status).toBe(200);
  expect((await get(`/memorial/${inHome}/plant?lang=en`)).status).toBe(404);
  expect(await (await get(`/memorial/${inHome}?lang=en`)).text()).not.toContain('data-testid="plant-link"');
  // The home turns it on: its memorial's page (kept by the rendered-page cache) links to the form
  // at once, naming the funeral home.
  await setVisitors(op.operatorId, home.id, {
    enabled: true,
    payments: ["card", "bancontact"],
    price: "12.5",
  });
  const page = await (await get(`/memorial/${inHome}?lang=en`)).text();
  expect(page).toContain(`href="/memorial/${inHome}/plant?lang=en"`);
  expect(page).toContain(home.name);
  const form = await (await get(`/memorial/${inHome}/plant?lang=en`)).text();
  expect(form).toContain(home.name);
  expect(form).toContain("Pay €12.50 and plant");
  expect(form).toContain("card or Bancontact");
  expect(wayButtons(form)).toEqual(["code", "pay"]);
});

test("the form: its fields, the code from the card's address, no pay button without a price, the words' moderation", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(op, classic());
  await setVisitors(op.operatorId, null, { enabled: true, payments: [], price: null });
  const code = (await claimCodes(op.operatorId, memorialId, 1, 30))[0]!;
  const response = await get(`/memorial/${memorialId}/plant?lang=fr&code=${code}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain('<html lang="fr"');
  expect(html).toContain(`action="/memorial/${memorialId}/trees"`);
  for (const field of ["lang", "planter", "message", "email", "code", "website"]) {
    expect(html).toContain(`name="${field}"`);
  }
  expect(html).toContain(`value="${code}"`);
  expect(wayButtons(html)).toEqual(["code"]);
  expect(html).toContain("dès que la famille les aura approuvés");
  // What the visitor typed comes back after a refusal (the planting route's link back), escaped.
  const back = await (
    await get(`/memorial/${memorialId}/plant?lang=en&planter=${encodeURIComponent("<b>Paul</b>")}&message=Hi`)
  ).text();
  expect(back).toContain('value="&lt;b&gt;Paul&lt;/b&gt;"');
  expect(back).not.toContain("<b>Paul</b>");
});

test("the outcomes: planted, queued, cancelled, and back from a payment: waiting for its confirmation or planted", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(op, classic());
  await setVisitors(op.operatorId, null, { enabled: true, payments: ["card"], price: "10" });
  const outcome = async (query: string) => {
    const html = await (await get(`/memorial/${memorialId}/plant?lang=en&${query}`)).text();
    return /data-outcome="(\w+)"/.exec(html)?.[1] ?? null;
  };
  expect(await outcome("planted=1")).toBe("planted");
  expect(await outcome("queued=1")).toBe("queued");
  expect(await outcome("cancelled=1")).toBe("cancelled");
  const session = `cs_test_${unique("s").replace(/\W+/g, "")}`;
  // Someone else's session, or none at all, says nothing.
  expect(await outcome(`paid=${session}`)).toBeNull();
  const id = await transaction(async (tx) =>
    recordVisitorPlanting(tx, {
      memorial: await plantableMemorial(tx, memorialId),
      origin: "visitor_payment",
      words: { planter: "Paul", message: "Pensées", email: "paul@example.org", language: "en" },
      linkBase: baseUrl(),
      checkoutSession: session,
      amount: "10.00",
    }),
  );
  expect(await outcome(`paid=${session}`)).toBe("waiting");
  await db.visitorPlanting.update({ where: { id }, data: { status: "planted" } });
  expect(await outcome(`paid=${session}`)).toBe("planted");
  const other = await create(op, classic());
  const html = await (await get(`/memorial/${other}/plant?lang=en&paid=${session}`)).text();
  expect(html).not.toContain("data-outcome");
});
