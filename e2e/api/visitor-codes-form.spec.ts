// The planting form's POST through HTTP: POST /memorial/{id}/trees with a
// claim code plants once, through the API's planting use case; every refusal is a page in the
// visitor's language with nothing written but the limits' counts. The limits count per client, so
// this file runs against a second instance with TRUST_PROXY=1 (same database), where each test is
// a client of its own (X-Forwarded-For), as e2e/api/rate-limits.spec.ts does.
import { actingAs } from "@memorial/lib/audit/actor";
import { moderateGuestbookEntry } from "@memorial/lib/guestbook/moderate-entry";
import { subjectDigest } from "@memorial/lib/limits/rate-limit";
import { serviceAdminScope } from "@memorial/lib/scope";
import { CODE_TRIES } from "@memorial/lib/visitors/claim-codes";
import { GIVE_UP_JOB, giveUpWaitingVisitorTrees } from "@memorial/lib/visitors/give-up";
import {
  FORM_CLIENT_LIMIT,
  FORM_MEMORIAL_LIMIT,
  FORM_WINDOW_SECONDS,
} from "@memorial/lib/visitors/planting-form";
import { expect, test } from "@playwright/test";
import { addStockAsCommandLine, asJob, db, makeIsolatedOperator } from "../support/factories";
import { proxiedInstance } from "../support/instances";
import { claimCodes, lambertMemorial, setVisitors } from "../support/visitors";

test.describe.configure({ mode: "default" });

const second = proxiedInstance();

let clients = 0;
/** A client address of its own (the last X-Forwarded-For hop, read with TRUST_PROXY=1). */
const aClient = () => `10.${process.pid % 250}.${Math.floor(++clients / 250)}.${clients % 250}`;

/** A public memorial of an operator whose visitors may plant (codes only), and `stock` trees left. */
async function plantableMemorial(options: { stock?: number; guestbookMode?: "open" | "approval" } = {}) {
  // The memorial's own tree takes one tree of the stock.
  const op = await makeIsolatedOperator({ stock: (options.stock ?? 10) + 1, language: "en" });
  const memorialId = await lambertMemorial(op.key);
  if (options.guestbookMode)
    await db.memorial.update({ where: { id: memorialId }, data: { guestbookMode: options.guestbookMode } });
  await setVisitors(op.operatorId, null, { enabled: true, payments: [], price: null });
  return { op, memorialId };
}

const codesFor = (operatorId: number, memorialId: number, count = 1) =>
  claimCodes(operatorId, memorialId, count, 30);

/** The form as the page sends it; `client` is the visitor's address. */
function post(
  memorialId: number,
  fields: Record<string, string>,
  client: string,
  headers: Record<string, string> = {},
) {
  return fetch(`${second.url}/memorial/${memorialId}/trees`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: second.url,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": client,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

const words = (extra: Record<string, string> = {}) => ({
  lang: "en",
  planter: "Cousin Paul",
  message: "For Anne, who loved the forest.",
  email: "paul@example.org",
  website: "",
  way: "code",
  ...extra,
});

/** What a planting writes: its trees, guestbook entries and visitor plantings. */
async function written(memorialId: number) {
  const [trees, entries, plantings] = await Promise.all([
    db.tree.count({ where: { memorialId } }),
    db.guestbookEntry.count({ where: { memorialId } }),
    db.visitorPlanting.count({ where: { memorialId } }),
  ]);
  return { trees, entries, plantings };
}

/** Since `before`, exactly one planting was written: one tree, one guestbook entry, one visitor planting. */
async function expectOnePlanting(memorialId: number, before: Awaited<ReturnType<typeof written>>) {
  expect(await written(memorialId)).toEqual({
    trees: before.trees + 1,
    entries: before.entries + 1,
    plantings: before.plantings + 1,
  });
}

test("a code plants once: the visitor's tree, its pending guestbook entry, its words hidden until approved", async () => {
  const { op, memorialId } = await plantableMemorial();
  const [code] = await codesFor(op.operatorId, memorialId);
  const before = await written(memorialId);
  const response = await post(memorialId, words({ code: code.toLowerCase() }), aClient());
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe(`/memorial/${memorialId}/plant?lang=en&planted=1`);

  const planting = await db.visitorPlanting.findFirstOrThrow({ where: { memorialId } });
  expect(planting).toMatchObject({
    origin: "visitor_code",
    status: "planted",
    planter: "Cousin Paul",
    language: "en",
  });
  const tree = await db.tree.findUniqueOrThrow({ where: { id: planting.treeId as number } });
  expect(tree.origin).toBe("visitor_code");
  // Approval mode (the default): the words wait for the family, and the tree's message is hidden.
  expect(tree.messageHiddenAt).not.toBeNull();
  const entry = await db.guestbookEntry.findFirstOrThrow({ where: { visitorPlantingId: planting.id } });
  expect(entry).toMatchObject({ status: "pending", authorName: "Cousin Paul" });
  await expectOnePlanting(memorialId, before);
  // The family approves: the tree's message shows.
  const scope = serviceAdminScope(op.operatorId);
  await actingAs(scope.actor, () =>
    moderateGuestbookEntry({ by: "operator", scope, memorialId }, entry.id, "approve"),
  );
  expect((await db.tree.findUniqueOrThrow({ where: { id: tree.id } })).messageHiddenAt).toBeNull();

  // The second use: 409, a clear message, nothing written.
  const again = await post(memorialId, words({ code, planter: "Someone else" }), aClient());
  expect(again.status).toBe(409);
  const page = await again.text();
  expect(page).toContain("This code has already planted its tree: a code works once.");
  // The way back fills the form in again with everything the visitor typed.
  const back = new URLSearchParams({
    lang: "en",
    planter: "Someone else",
    message: "For Anne, who loved the forest.",
    email: "paul@example.org",
    code: code as string,
  });
  expect(page).toContain(`href="/memorial/${memorialId}/plant?${back.toString().replaceAll("&", "&amp;")}"`);
  await expectOnePlanting(memorialId, before);
});

test("20 simultaneous redemptions of one code plant exactly one tree; the others are refused with 409", async () => {
  const { op, memorialId } = await plantableMemorial();
  const [code] = await codesFor(op.operatorId, memorialId);
  const before = await written(memorialId);
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) => post(memorialId, words({ code, planter: `Guest ${i}` }), aClient())),
  );
  const statuses = responses.map((r) => r.status).sort();
  expect(statuses.filter((s) => s === 303)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  await expectOnePlanting(memorialId, before);
});

test("an expired code is 410, an unknown one 404, a missing one 400: nothing written", async () => {
  const { op, memorialId } = await plantableMemorial();
  const [code] = await codesFor(op.operatorId, memorialId);
  await db.claimCode.updateMany({
    where: { operatorId: op.operatorId },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  const before = await written(memorialId);
  const expired = await post(memorialId, words({ code }), aClient());
  expect(expired.status).toBe(410);
  expect(await expired.text()).toContain("This code has expired.");
  const unknown = await post(memorialId, words({ code: "ZZZZ-ZZZZ-ZZZZ", lang: "fr" }), aClient());
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toContain("Ce code n’existe pas ou n’est pas valable pour ce mémorial.");
  const missing = await post(memorialId, words({ code: "" }), aClient());
  expect(missing.status).toBe(400);
  expect(await written(memorialId)).toEqual(before);
});

test(`a client tries at most ${CODE_TRIES} codes an hour: then 429 with Retry-After, nothing written`, async () => {
  const { op, memorialId } = await plantableMemorial();
  const [code] = await codesFor(op.operatorId, memorialId);
  const client = aClient();
  for (let i = 0; i < CODE_TRIES; i++) {
    expect(
      (await post(memorialId, words({ code: `ZZZZ-ZZZZ-ZZ${String(i).padStart(2, "0")}` }), client)).status,
    ).toBe(404);
  }
  const before = await written(memorialId);
  // Even the right code: the client has had its tries.
  const limited = await post(memorialId, words({ code }), client);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await limited.text()).toContain("Too many codes tried from this address");
  expect(await written(memorialId)).toEqual(before);
  // Another client plants with it.
  expect((await post(memorialId, words({ code }), aClient())).status).toBe(303);
});

/** Fills a form limit's window to `hits`, as if the attempts had come (the limiter's own row). */
async function fillLimit(bucket: string, subject: string | number, hits: number) {
  await db.$executeRaw`
    INSERT INTO "rate_limit" ("bucket", "subject", "hits", "reset_at", "last_hit_at")
    VALUES (${bucket}, ${subjectDigest(subject)}, ${hits}, now() + make_interval(secs => ${FORM_WINDOW_SECONDS}), now())
    ON CONFLICT ("bucket", "subject") DO UPDATE SET "hits" = EXCLUDED."hits", "reset_at" = EXCLUDED."reset_at"`;
}

test(`the form takes ${FORM_CLIENT_LIMIT} attempts per client an hour and ${FORM_MEMORIAL_LIMIT} per memorial: then 429, nothing written`, async () => {
  const { op, memorialId } = await plantableMemorial();
  const codes = await codesFor(op.operatorId, memorialId, 3);
  // Per client, over all memorials: the last attempt of the window plants, the next is refused.
  const client = aClient();
  await fillLimit("plant-form-client", client, FORM_CLIENT_LIMIT - 1);
  expect((await post(memorialId, words({ code: codes[0] }), client)).status).toBe(303);
  const before = await written(memorialId);
  const byClient = await post(memorialId, words({ code: codes[1] }), client);
  expect(byClient.status).toBe(429);
  expect(Number(byClient.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await byClient.text()).toContain("Too many attempts from this address or for this memorial");
  expect(await written(memorialId)).toEqual(before);
  // The refused attempt did not count against the code's tries, nor was the code used.
  expect(await db.claimCode.count({ where: { operatorId: op.operatorId, redeemedAt: { not: null } } })).toBe(
    1,
  );

  // Per memorial, over all clients: its budget spent, a wrong code is refused as a flood and
  // writes nothing, and a guest's valid code still plants.
  await fillLimit("plant-form-memorial", memorialId, FORM_MEMORIAL_LIMIT);
  const byMemorial = await post(memorialId, words({ code: "ABCD-EFGH-JKMN" }), aClient());
  expect(byMemorial.status).toBe(429);
  expect(await written(memorialId)).toEqual(before);
  expect((await post(memorialId, words({ code: codes[1] }), aClient())).status).toBe(303);
});

test(`strangers sending ${FORM_MEMORIAL_LIMIT + 10} wrong codes from many addresses do not lock a guest's valid code out`, async () => {
  test.setTimeout(180_000);
  const { op, memorialId } = await plantableMemorial();
  const [valid] = await codesFor(op.operatorId, memorialId, 1);
  // 31 addresses, 10 wrong codes each (each address's own budget of tries), 10 at a time.
  const guesses = Array.from({ length: FORM_MEMORIAL_LIMIT + 10 }, (_, i) => ({
    client: `203.0.${process.pid % 250}.${Math.floor(i / CODE_TRIES) + 1}`,
    code: `ZZZZ-ZZZZ-${String(i).padStart(4, "0")}`,
  }));
  const statuses: number[] = [];
  for (let i = 0; i < guesses.length; i += 10) {
    const batch = guesses.slice(i, i + 10);
    statuses.push(
      ...(await Promise.all(batch.map((g) => post(memorialId, words({ code: g.code }), g.client)))).map(
        (r) => r.status,
      ),
    );
  }
  // Every guess refused: wrong (404), then past the memorial's budget (429).
  expect(statuses.filter((status) => status === 303)).toEqual([]);
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  const before = await written(memorialId);
  // A guest from a new address: their card's code plants.
  const guest = await post(memorialId, words({ code: valid as string }), aClient());
  expect(guest.status).toBe(303);
  expect((await written(memorialId)).trees).toBe(before.trees + 1);
});

test("a filled honeypot, bad words, another site or a memorial without visitors: refused, nothing written", async () => {
  const { op, memorialId } = await plantableMemorial();
  const [code] = await codesFor(op.operatorId, memorialId);
  const before = await written(memorialId);
  const honeypot = await post(memorialId, words({ code, website: "https://spam.example" }), aClient());
  expect(honeypot.status).toBe(400);
  const link = await post(
    memorialId,
    words({ code, message: "See https://spam.example <b>now</b>" }),
    aClient(),
  );
  expect(link.status).toBe(400);
  const linkPage = await link.text();
  expect(linkPage).toContain("contains a link or an address");
  // What the visitor typed comes back to copy, escaped.
  expect(linkPage).toContain("&lt;b&gt;now&lt;/b&gt;");
  expect(linkPage).not.toContain("<b>now</b>");
  const email = await post(memorialId, words({ code, email: "not-an-address" }), aClient());
  expect(email.status).toBe(400);
  const nl = await post(memorialId, words({ code, planter: "", lang: "nl" }), aClient());
  expect(nl.status).toBe(400);
  expect(await nl.text()).toContain("De naam moet 1 tot 80 tekens lang zijn.");
  // Payment is not offered here (no price, no Stripe for this memorial's setting).
  expect((await post(memorialId, words({ way: "pay" }), aClient())).status).toBe(400);
  expect((await post(memorialId, words({ code, way: "steal" }), aClient())).status).toBe(400);
  const foreign = await post(memorialId, words({ code }), aClient(), { Origin: "https://evil.example" });
  expect(foreign.status).toBe(403);
  expect(await written(memorialId)).toEqual(before);
  // Visitors turned off: the memorial takes no visitor's tree.
  await setVisitors(op.operatorId, null, { enabled: false, payments: [], price: null });
  expect((await post(memorialId, words({ code }), aClient())).status).toBe(404);
  expect((await post(999_999_999, words({ code }), aClient())).status).toBe(404);
  expect(await written(memorialId)).toEqual(before);
});

test("without stock the code's tree waits in the planting queue, and is planted when stock is added", async () => {
  const { op, memorialId } = await plantableMemorial({ stock: 0, guestbookMode: "open" });
  const [code] = await codesFor(op.operatorId, memorialId);
  const response = await post(memorialId, words({ code }), aClient());
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe(`/memorial/${memorialId}/plant?lang=en&queued=1`);
  const planting = await db.visitorPlanting.findFirstOrThrow({ where: { memorialId } });
  expect(planting.status).toBe("queued");
  expect(await db.queuedPlanting.count({ where: { visitorPlantingId: planting.id, plantedAt: null } })).toBe(
    1,
  );
  await addStockAsCommandLine(op.plantationId, op.speciesId, 1);
  await expect
    .poll(async () => (await db.visitorPlanting.findUniqueOrThrow({ where: { id: planting.id } })).status, {
      timeout: 30_000,
    })
    .toBe("planted");
  const planted = await db.visitorPlanting.findUniqueOrThrow({ where: { id: planting.id } });
  const tree = await db.tree.findUniqueOrThrow({ where: { id: planted.treeId as number } });
  expect(tree.origin).toBe("visitor_code");
  // An open guestbook: the words are published at once, nothing hidden.
  expect(tree.messageHiddenAt).toBeNull();
});

test("a code's tree the queue gives up returns its prepaid tree to the operator, once", async () => {
  const { op, memorialId } = await plantableMemorial({ stock: 0 });
  // The code is issued with a prepaid tree set aside.
  await db.operator.update({ where: { id: op.operatorId }, data: { prepaidTrees: 1 } });
  const [code] = await codesFor(op.operatorId, memorialId);
  expect((await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } })).prepaidTrees).toBe(0);
  expect((await post(memorialId, words({ code }), aClient())).status).toBe(303);
  const planting = await db.visitorPlanting.findFirstOrThrow({ where: { memorialId } });
  expect(planting.status).toBe("queued");
  // Past VISITOR_QUEUE_GIVE_UP_DAYS (30).
  await db.queuedPlanting.update({
    where: { visitorPlantingId: planting.id },
    data: { createdAt: new Date(Date.now() - 31 * 86_400_000) },
  });
  await asJob(GIVE_UP_JOB, giveUpWaitingVisitorTrees);
  await asJob(GIVE_UP_JOB, giveUpWaitingVisitorTrees);
  expect((await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } })).prepaidTrees).toBe(1);
  expect((await db.visitorPlanting.findUniqueOrThrow({ where: { id: planting.id } })).status).toBe("expired");
  const queued = await db.queuedPlanting.findUniqueOrThrow({ where: { visitorPlantingId: planting.id } });
  expect(queued.givenUpAt).not.toBeNull();
  expect(queued.plantedAt).toBeNull();
});
