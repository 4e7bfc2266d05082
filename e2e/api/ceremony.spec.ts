// Through HTTP: the memorial's ceremony, set by its operator (PUT /v1/Memorial/{id}/Ceremonie),
// read, changed, cancelled and set again; each change with its webhook (to a real receiver on the
// loopback, in its documented shape) and its audit row naming the key; each bad field refused
// with its name and nothing written; another operator's memorial not found; and the calendar file
// a visitor downloads (/memorial/{id}/ceremony.ics), its SEQUENCE growing, CANCELLED when
// cancelled, never the name of an anonymous memorial.
import { webhookMessageSchema } from "@memorial/lib/webhooks/schemas";
import { expect, test } from "@playwright/test";
import { api, baseUrl, db, makeIsolatedOperator, unique } from "../support/factories";
import { webhookFixture } from "../support/webhook-receiver";

// Deliveries go through the service's background loops: room for a loaded machine.
test.describe.configure({ timeout: 180_000 });

const webhooks = webhookFixture(test.afterAll);

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
/** A summer date of next year: Brussels is then at +02:00. */
const START = `${NEXT_YEAR}-06-15T14:30`;
/** The last Sunday of March of next year, when Brussels's clocks skip from 02:00 to 03:00. */
const SPRING_FORWARD = (() => {
  const day = new Date(Date.UTC(NEXT_YEAR, 2, 31));
  day.setUTCDate(31 - day.getUTCDay());
  return day.toISOString().slice(0, 10);
})();
const PLACE = { Nom: "Église Saint-Martin", Adresse: "Place Saint-Martin 1, 1000 Bruxelles" };
const BODY = {
  Debut: START,
  Lieu: PLACE,
  Diffusion: "https://stream.example.org/saint-martin",
  Note: "Ni fleurs ni couronnes.",
};
const EVENTS = ["ceremony.scheduled", "ceremony.changed", "ceremony.cancelled"];

async function memorial(key: string, body: Record<string, unknown> = {}) {
  const made = await api("POST", "/Memorials/Creer", {
    key,
    body: { Defunt: { Nom: "Dupont", Prenom: "Marie", DateDeces: "2026-10-01" }, ...body },
  });
  expect(made.status, made.text).toBe(200);
  return made.json.IdMemorial as number;
}

const put = (key: string, memorialId: number, body: unknown) =>
  api("PUT", `/Memorial/${memorialId}/Ceremonie`, { key, body });

/** What a ceremony's writes leave: its row, its events, its audit rows. */
async function written(memorialId: number) {
  const [ceremony, events, audits] = await Promise.all([
    db.ceremony.findUnique({ where: { memorialId } }),
    db.domainEvent.count({ where: { memorialId, type: { in: EVENTS } } }),
    db.auditLog.count({ where: { memorialId, action: { in: EVENTS } } }),
  ]);
  return { ceremony, events, audits };
}

/** The calendar file's content lines, unfolded. */
async function calendar(memorialId: number) {
  const response = await fetch(`${baseUrl()}/memorial/${memorialId}/ceremony.ics`);
  const text = await response.text();
  const lines = text.replace(/\r\n /g, "").split("\r\n");
  const value = (name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
  return { response, text, value };
}

test("set, read, changed, left as it is, cancelled and set again: each change heard and audited once", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const { receiver } = await webhooks.receiving(op.operatorId, EVENTS);
  const memorialId = await memorial(op.key);

  const created = await put(op.key, memorialId, BODY);
  expect(created.status, created.text).toBe(201);
  expect(created.json).toMatchObject({
    Objet: "ceremonie",
    Statut: "Ok",
    MemorialId: memorialId,
    Ceremonie: {
      Debut: `${START}:00+02:00`,
      FuseauHoraire: "Europe/Brussels",
      Lieu: {
        ...PLACE,
        Carte: "https://www.openstreetmap.org/search?query=Place%20Saint-Martin%201%2C%201000%20Bruxelles",
      },
      Diffusion: BODY.Diffusion,
      Note: BODY.Note,
      Statut: "Prevue",
      DebutPrecedent: null,
      Calendrier: `${baseUrl()}/memorial/${memorialId}/ceremony.ics`,
    },
  });
  const read = await api("GET", `/Memorial/${memorialId}/Ceremonie`, { key: op.key });
  expect(read.status).toBe(200);
  expect(read.json.Ceremonie).toEqual(created.json.Ceremonie);
  const first = await calendar(memorialId);
  expect(first.value("SEQUENCE")).toBe("0");
  expect(first.value("STATUS")).toBe("CONFIRMED");

  // The same PUT: 200, nothing written.
  const same = await put(op.key, memorialId, BODY);
  expect(same.status).toBe(200);
  expect(same.json.Ceremonie).toEqual(created.json.Ceremonie);
  expect(await written(memorialId)).toMatchObject({ events: 1, audits: 1 });

  // Moved, in another zone, with a map of its own.
  const moved = await put(op.key, memorialId, {
    ...BODY,
    Debut: `${NEXT_YEAR}-06-16T10:00`,
    FuseauHoraire: "Europe/London",
    Lieu: { ...PLACE, Carte: "https://maps.example.org/saint-martin" },
  });
  expect(moved.status, moved.text).toBe(200);
  expect(moved.json.Ceremonie).toMatchObject({
    Debut: `${NEXT_YEAR}-06-16T10:00:00+01:00`,
    FuseauHoraire: "Europe/London",
    Lieu: { Carte: "https://maps.example.org/saint-martin" },
    Statut: "Deplacee",
    DebutPrecedent: `${NEXT_YEAR}-06-15T13:30:00+01:00`,
  });
  const second = await calendar(memorialId);
  expect(second.value("SEQUENCE")).toBe("1");
  expect(second.value("UID")).toBe(first.value("UID"));
  expect(second.value("DTSTART")).toBe(`${NEXT_YEAR}0616T090000Z`);

  const cancelled = await api("POST", `/Memorial/${memorialId}/Ceremonie/Annuler`, { key: op.key });
  expect(cancelled.status, cancelled.text).toBe(200);
  expect(cancelled.json.Ceremonie.Statut).toBe("Annulee");
  const third = await calendar(memorialId);
  expect(third.value("STATUS")).toBe("CANCELLED");
  expect(third.value("SEQUENCE")).toBe("2");
  // Cancelling again writes nothing.
  expect((await api("POST", `/Memorial/${memorialId}/Ceremonie/Annuler`, { key: op.key })).status).toBe(200);

  // Set again: scheduled again (moved before, so said moved).
  const again = await put(op.key, memorialId, { ...BODY, Debut: `${NEXT_YEAR}-06-17T11:00` });
  expect(again.status).toBe(200);
  expect(again.json.Ceremonie).toMatchObject({ Statut: "Deplacee", FuseauHoraire: "Europe/Brussels" });
  expect((await calendar(memorialId)).value("SEQUENCE")).toBe("3");

  // One audit row per change, naming the key; one webhook per change, documented and signed.
  const rows = await db.auditLog.findMany({
    where: { memorialId, action: { in: EVENTS } },
    orderBy: { id: "asc" },
  });
  expect(rows.map((row) => [row.action, row.actorKind])).toEqual([
    ["ceremony.scheduled", "key"],
    ["ceremony.changed", "key"],
    ["ceremony.cancelled", "key"],
    ["ceremony.scheduled", "key"],
  ]);
  const hooks = await receiver.waitFor(4, 90_000);
  for (const hook of hooks) {
    expect(() => webhookMessageSchema(hook.json.type).parse(hook.json), hook.body).not.toThrow();
  }
  const changed = hooks.find((hook) => hook.json.type === "ceremony.changed");
  expect(changed?.json.data).toEqual({
    memorialId,
    start: `${NEXT_YEAR}-06-16T09:00:00.000Z`,
    timeZone: "Europe/London",
    sequence: 1,
    previousStart: `${NEXT_YEAR}-06-15T12:30:00.000Z`,
    fields: ["start", "timeZone", "map"],
    memorialUrl: `${baseUrl()}/memorial/${memorialId}`,
    environment: "production",
  });
  expect(hooks.map((hook) => hook.json.type).sort()).toEqual([
    "ceremony.cancelled",
    "ceremony.changed",
    "ceremony.scheduled",
    "ceremony.scheduled",
  ]);
});

test("each bad field is refused with its name, and nothing is written", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await memorial(op.key);
  const cases: [unknown, string, string][] = [
    [{ ...BODY, Debut: "2020-06-15T14:30" }, "INVALID_INPUT", "Debut"],
    [{ ...BODY, Debut: `${START}:00Z` }, "INVALID_INPUT", "Debut"],
    [{ ...BODY, Debut: `${NEXT_YEAR}-02-30T10:00` }, "INVALID_INPUT", "Debut"],
    [{ ...BODY, Debut: `${SPRING_FORWARD}T02:30` }, "INVALID_INPUT", "Debut"],
    [{ ...BODY, Debut: 20261210 }, "INVALID_INPUT", "Debut"],
    [{ Lieu: PLACE }, "INVALID_INPUT", "Debut"],
    [{ ...BODY, FuseauHoraire: "Europe/Nowhere" }, "INVALID_INPUT", "FuseauHoraire"],
    [{ ...BODY, Lieu: { ...PLACE, Nom: "  " } }, "INVALID_INPUT", "Lieu.Nom"],
    [{ ...BODY, Lieu: { ...PLACE, Nom: "x".repeat(201) } }, "INVALID_INPUT", "Lieu.Nom"],
    [{ ...BODY, Lieu: { Nom: PLACE.Nom } }, "INVALID_INPUT", "Lieu.Adresse"],
    [{ ...BODY, Lieu: { ...PLACE, Adresse: "x".repeat(301) } }, "INVALID_INPUT", "Lieu.Adresse"],
    [{ ...BODY, Lieu: { ...PLACE, Carte: "http://maps.example.org" } }, "INVALID_INPUT", "Lieu.Carte"],
    [{ ...BODY, Diffusion: "javascript:alert(1)" }, "INVALID_INPUT", "Diffusion"],
    [{ ...BODY, Diffusion: `https://stream.example.org/${"a".repeat(480)}` }, "INVALID_INPUT", "Diffusion"],
    [{ ...BODY, Note: "n".repeat(501) }, "INVALID_INPUT", "Note"],
    [{ ...BODY, Lieu: { ...PLACE, Etage: 2 } }, "UNKNOWN_FIELD", "Lieu.Etage"],
  ];
  for (const [body, code, champ] of cases) {
    const r = await put(op.key, memorialId, body);
    expect(r.status, `${champ}: ${r.text}`).toBe(400);
    expect(r.json, r.text).toMatchObject({ Code: code, Champ: champ, HttpStatusCode: 400 });
    expect(r.json.Message, r.text).toMatch(new RegExp(`^${champ.replace(".", "\\.")}: `));
  }
  expect(await written(memorialId)).toEqual({ ceremony: null, events: 0, audits: 0 });

  // The global memorial has no ceremony.
  const globalId = await memorial(op.key, { ArbreOrphelin: true });
  const global = await put(op.key, globalId, BODY);
  expect(global.status, global.text).toBe(400);
  expect(global.json).toMatchObject({ Code: "INVALID_INPUT", Champ: "memorialId" });
  expect(await written(globalId)).toEqual({ ceremony: null, events: 0, audits: 0 });
});

test("another operator's memorial, and one without a ceremony, are not found", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const other = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await memorial(op.key);
  const missing = await api("GET", `/Memorial/${memorialId}/Ceremonie`, { key: op.key });
  expect(missing.status).toBe(404);
  expect((await api("POST", `/Memorial/${memorialId}/Ceremonie/Annuler`, { key: op.key })).status).toBe(404);
  expect((await calendar(memorialId)).response.status).toBe(404);

  expect((await put(op.key, memorialId, BODY)).status).toBe(201);
  for (const [method, path, body] of [
    ["GET", `/Memorial/${memorialId}/Ceremonie`, undefined],
    ["PUT", `/Memorial/${memorialId}/Ceremonie`, { ...BODY, Note: "Pas la mienne" }],
    ["POST", `/Memorial/${memorialId}/Ceremonie/Annuler`, undefined],
  ] as const) {
    const r = await api(method, path, { key: other.key, body });
    expect(r.status, `${method} ${path}: ${r.text}`).toBe(404);
    expect(r.json).toMatchObject({ Code: "NOT_FOUND", HttpStatusCode: 404 });
  }
  // The test key is another environment: not found either.
  expect((await api("GET", `/Memorial/${memorialId}/Ceremonie`, { key: op.testKey })).status).toBe(404);
  expect(await written(memorialId)).toMatchObject({ ceremony: { note: BODY.Note, sequence: 0 }, events: 1 });
  expect((await api("GET", "/Memorial/abc/Ceremonie", { key: op.key })).json.Champ).toBe("memorialId");
});

test("the calendar file: RFC 5545, the shown title only, public memorials only", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const anonymousName = unique("Famille");
  const anonymous = await memorial(op.key, { MemorialAnonyme: true, MemorialAnonymeNom: anonymousName });
  expect((await put(op.key, anonymous, BODY)).status).toBe(201);
  const { response, text, value } = await calendar(anonymous);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(text.endsWith("\r\n")).toBe(true);
  for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  expect(value("UID")).toBe(`memorial-${anonymous}-ceremony@${new URL(baseUrl()).host}`);
  expect(value("DTSTART")).toBe(`${NEXT_YEAR}0615T123000Z`);
  expect(value("DTEND")).toBe(`${NEXT_YEAR}0615T133000Z`);
  expect(value("LOCATION")).toBe("Église Saint-Martin\\, Place Saint-Martin 1\\, 1000 Bruxelles");
  expect(value("URL")).toBe(`${baseUrl()}/memorial/${anonymous}`);
  // The anonymous memorial's title, never the deceased's name.
  expect(value("SUMMARY")).toContain(anonymousName);
  expect(text).not.toContain("Dupont");

  // Awaiting its family, the memorial is not public: no calendar file, Calendrier null.
  const awaiting = await memorial(op.key, {
    AConfirmer: true,
    Famille: { FamilleEmail: `${unique("famille").replace(/\W+/g, "-")}@example.org` },
  });
  const set = await put(op.key, awaiting, BODY);
  expect(set.status, set.text).toBe(201);
  expect(set.json.Ceremonie.Calendrier).toBeNull();
  expect((await calendar(awaiting)).response.status).toBe(404);
  expect((await fetch(`${baseUrl()}/memorial/abc/ceremony.ics`)).status).toBe(404);
});

test("a page kept by the rendered-page cache is not kept past its ceremony's start", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await memorial(op.key);
  expect((await put(op.key, memorialId, BODY)).status).toBe(201);
  // Starting in 8 seconds (the API refuses a start so near only by its minute precision: set in
  // the database, before the page is first read).
  const startsAt = Date.now() + 8_000;
  await db.ceremony.update({ where: { memorialId }, data: { startsAt: new Date(startsAt) } });
  const get = () => fetch(`${baseUrl()}/memorial/${memorialId}?lang=en`);
  await get();
  const cached = await get();
  expect(cached.headers.get("x-cache")).toBe("HIT");
  expect(await cached.text()).toContain("The ceremony takes place on");
  // Served from the cache, before the start, until that instant; rendered anew, in the past, after.
  let servedAt = 0;
  await expect
    .poll(
      async () => {
        servedAt = Date.now();
        const page = await (await get()).text();
        return page.includes("The ceremony took place on") ? "past" : "upcoming";
      },
      { timeout: 20_000, intervals: [250] },
    )
    .toBe("past");
  expect(servedAt).toBeGreaterThanOrEqual(startsAt - 1_000);
});
