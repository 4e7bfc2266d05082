// The one rate limiter through HTTP, on the production server: the API's
// limit per key (RateLimit-* headers on every answer, 429 with Retry-After and the Error object
// past it, exact under simultaneous requests) and the reminder form's limits per client and per
// memorial. A second instance on the same database runs with API_RATE_LIMIT=10 and TRUST_PROXY=1,
// so that a test can be several clients (X-Forwarded-For) without touching the main instance's.
import os from "node:os";
import path from "node:path";
import {
  CLIENT_CONFIRMATIONS_PER_HOUR,
  MEMORIAL_CONFIRMATIONS_PER_DAY,
  UNCONFIRMED_PER_DAY,
} from "@memorial/lib/reminders/subscriptions";
import { expect, test } from "@playwright/test";
import { api, db, makeIsolatedOperator, uniqueEmail } from "../support/factories";
import { publicMemorial } from "../support/reminders";
import { type RunningServer, startServer } from "../support/server";

// One worker runs this file's tests in order, so that one second instance serves them all.
test.describe.configure({ mode: "default" });

const LIMIT = 10;
let second: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  second = await startServer(
    { ...JSON.parse(process.env.E2E_SERVICE_ENV as string), API_RATE_LIMIT: String(LIMIT), TRUST_PROXY: "1" },
    path.join(os.tmpdir(), `memorial-rate-limits-${process.pid}.log`),
  );
});

test.afterAll(async () => {
  await second?.stop();
});

let clients = 0;
/** A client address of its own (the last X-Forwarded-For hop, read with TRUST_PROXY=1). */
const aClient = () => `198.51.100.${++clients}`;

test("every answer to a known key says its limit; the default is API_RATE_LIMIT's 6000 a minute", async () => {
  const op = await makeIsolatedOperator();
  const ok = await api("GET", "/Especes", { key: op.key });
  expect(ok.status).toBe(200);
  expect(ok.headers.get("ratelimit-limit")).toBe("6000");
  expect(ok.headers.get("ratelimit-remaining")).toBe("5999");
  expect(Number(ok.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
  expect(Number(ok.headers.get("ratelimit-reset"))).toBeLessThanOrEqual(60);
  // Errors of a known key too; an unknown key has no count to say.
  const notFound = await api("GET", "/Espece/999999999", { key: op.key });
  expect(notFound.status).toBe(404);
  expect(notFound.headers.get("ratelimit-remaining")).toBe("5998");
  const unknown = await api("GET", "/Especes", { key: "mt_live_unknown" });
  expect(unknown.status).toBe(403);
  expect(unknown.headers.get("ratelimit-limit")).toBeNull();
});

test(`a key gets exactly API_RATE_LIMIT answers a minute, even asked at once; then 429 with Retry-After`, async () => {
  const op = await makeIsolatedOperator();
  const ask = () => fetch(`${second.url}/v1/Especes`, { headers: { key: op.key } });
  const responses = await Promise.all(Array.from({ length: LIMIT + 20 }, ask));
  const ok = responses.filter((r) => r.status === 200);
  const refused = responses.filter((r) => r.status === 429);
  expect(ok).toHaveLength(LIMIT);
  expect(refused).toHaveLength(20);
  // Each answer counted once: the remaining counts are 9, 8 ... 0, each once.
  expect(ok.map((r) => Number(r.headers.get("ratelimit-remaining"))).sort((a, b) => a - b)).toEqual(
    Array.from({ length: LIMIT }, (_, i) => i),
  );
  for (const r of refused) {
    expect(r.headers.get("ratelimit-limit")).toBe(String(LIMIT));
    expect(r.headers.get("ratelimit-remaining")).toBe("0");
    const retryAfter = Number(r.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(r.headers.get("ratelimit-reset")).toBe(String(retryAfter));
  }
  const body = await refused[0]!.json();
  expect(body).toMatchObject({
    Objet: "erreur",
    Statut: "Erreur",
    HttpStatusCode: 429,
    Code: "RATE_LIMITED",
    Champ: null,
    ApiContexte: { Contexte: "Operateur", ContexteGeneralId: op.operatorId },
  });
  expect(body.Message).toContain("API_RATE_LIMIT");
  // Past the limit nothing is done: a creation is refused before its body is read.
  const before = await db.memorial.count({ where: { operatorId: op.operatorId } });
  const creer = await fetch(`${second.url}/v1/Memorials/Creer`, {
    method: "POST",
    headers: { key: op.key, "content-type": "application/json" },
    body: JSON.stringify({ Defunt: { Nom: "Lambert", DateDeces: "2026-10-01" } }),
  });
  expect(creer.status).toBe(429);
  expect(await db.memorial.count({ where: { operatorId: op.operatorId } })).toBe(before);
  // Another key is not held by this one's limit.
  const other = await makeIsolatedOperator();
  const answer = await fetch(`${second.url}/v1/Especes`, { headers: { key: other.key } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("ratelimit-remaining")).toBe(String(LIMIT - 1));
});

const remind = (memorialId: number, email: string, client: string) =>
  fetch(`${second.url}/memorial/${memorialId}/remind?lang=en`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: second.url,
      "X-Forwarded-For": client,
    },
    body: new URLSearchParams({ email, consent: "yes", death: "yes" }).toString(),
  });

test("the reminder form: a client is refused with 429 past its share of confirmation e-mails, another client still works", async () => {
  const memorialId = await publicMemorial({ DateDeces: "2021-05-14T12:00:00" }, "en");
  const client = aClient();
  const statuses = await Promise.all(
    Array.from({ length: CLIENT_CONFIRMATIONS_PER_HOUR + 5 }, () =>
      remind(memorialId, uniqueEmail("stranger"), client).then((r) => r.status),
    ),
  );
  expect(statuses.filter((s) => s === 200)).toHaveLength(CLIENT_CONFIRMATIONS_PER_HOUR);
  expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  expect(await db.outgoingEmail.count({ where: { memorialId } })).toBe(CLIENT_CONFIRMATIONS_PER_HOUR);
  const refused = await remind(memorialId, uniqueEmail("stranger"), client);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await refused.text()).toContain("Too many reminder requests");
  const other = await remind(memorialId, uniqueEmail("visitor"), aClient());
  expect(other.status).toBe(200);
  expect(await other.text()).toContain("Check your inbox");
});

test("the reminder form: a memorial's daily cap holds whatever the clients, and x+1@, x+2@ are one address", async () => {
  const memorialId = await publicMemorial({ DateDeces: "2021-05-14T12:00:00" }, "en");
  const statuses = await Promise.all(
    Array.from({ length: MEMORIAL_CONFIRMATIONS_PER_DAY + 3 }, () =>
      remind(memorialId, uniqueEmail("crowd"), aClient()).then((r) => r.status),
    ),
  );
  expect(statuses.filter((s) => s === 200)).toHaveLength(MEMORIAL_CONFIRMATIONS_PER_DAY);
  expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  expect(await db.outgoingEmail.count({ where: { memorialId } })).toBe(MEMORIAL_CONFIRMATIONS_PER_DAY);

  // Plus-addresses on other memorials: the same answer every time, e-mails to the mailbox's cap.
  const [local, domain] = uniqueEmail("plus").split("@") as [string, string];
  for (let i = 1; i <= UNCONFIRMED_PER_DAY + 2; i++) {
    const other = await publicMemorial({ DateDeces: "2021-05-14T12:00:00" }, "en");
    const r = await remind(other, `${local}+${i}@${domain}`, aClient());
    expect(r.status).toBe(200);
  }
  expect(await db.outgoingEmail.count({ where: { to: { startsWith: `${local}+` } } })).toBe(
    UNCONFIRMED_PER_DAY,
  );
});
