// Webhooks through the running service (npm start: its event dispatcher and webhook sender), to
// real receivers on the loopback: a planting through the API and a family's confirmation reach
// the operator's receiver once each, signed; a receiver that fails gets the delivery on retry;
// test and live stay apart; another operator's receiver gets nothing. The service runs with
// WEBHOOK_ALLOW_PRIVATE=1 (loopback receivers) and quick retries (e2e/support/global-setup.ts).
import { expect, test } from "@playwright/test";
import { api, baseUrl, db, mailDir, makeIsolatedOperator, uniqueEmail } from "../support/factories";
import { mailText, waitForMail } from "../support/smtp";
import { byType, settled, verifySignature, webhookFixture } from "../support/webhook-receiver";

// Deliveries go through the service's background loops: room for a loaded machine.
test.describe.configure({ timeout: 180_000 });

const webhooks = webhookFixture(test.afterAll);

const ALL = ["memorial.created", "tree.planted", "memorial.confirmed", "person.modified"];

const creer = (key: string, body: Record<string, unknown> = {}) =>
  api("POST", "/Memorials/Creer", {
    key,
    body: { Defunt: { Nom: "Lambert", Prenom: "Anne", DateDeces: "2026-11-10T00:00:00" }, ...body },
  });

test("a planting through the API reaches the receiver once per event, signed", async () => {
  const op = await makeIsolatedOperator();
  const { receiver: r, endpoint } = await webhooks.receiving(op.operatorId, ALL);
  const response = await creer(op.key);
  expect(response.status).toBe(200);
  const memorialId = response.json.IdMemorial as number;
  await r.waitFor(2);
  await settled(endpoint.id, 2);
  expect(r.received).toHaveLength(2);
  const [created, planted] = byType(r.received);
  for (const message of [created, planted]) {
    expect(verifySignature(endpoint.secret, message)).toBe(true);
    expect(message.headers["webhook-id"]).toMatch(/^msg_/);
  }
  // APP_URL is unset: the memorial's address is on the host the request came to.
  const address = `${baseUrl()}/memorial/${memorialId}`;
  expect(created.json).toMatchObject({
    type: "memorial.created",
    data: { memorialId, awaitingConfirmation: false, memorialUrl: address, environment: "production" },
  });
  expect(planted.json).toMatchObject({
    type: "tree.planted",
    data: { memorialId, transactionId: response.json.IdTransaction, memorialUrl: address },
  });
  // The memorial's page is really there.
  expect((await fetch(address)).status).toBe(200);
});

test("a family's confirmation reaches the receiver, with the tree it plants", async () => {
  const op = await makeIsolatedOperator();
  const { receiver: r, endpoint } = await webhooks.receiving(op.operatorId, [
    "memorial.confirmed",
    "tree.planted",
  ]);
  const email = uniqueEmail("family");
  const response = await creer(op.key, { Famille: { FamilleEmail: email }, AConfirmer: true });
  expect(response.status).toBe(200);
  const memorialId = response.json.IdMemorial as number;
  const link = /(http\S+\/confirm\/[A-Za-z0-9_-]+)/.exec(mailText(await waitForMail(mailDir(), email)))![1];
  const confirmed = await fetch(link, { method: "POST", headers: { origin: baseUrl() }, redirect: "manual" });
  expect(confirmed.status).toBeLessThan(400);
  await r.waitFor(2);
  await settled(endpoint.id, 2);
  const [confirmation, planted] = byType(r.received);
  expect(confirmation.json).toMatchObject({
    type: "memorial.confirmed",
    data: { memorialId, memorialUrl: `${baseUrl()}/memorial/${memorialId}` },
  });
  expect(planted.json).toMatchObject({ type: "tree.planted", data: { memorialId } });
  expect(r.received.every((m) => verifySignature(endpoint.secret, m))).toBe(true);
});

test("a receiver that fails, then recovers, gets the delivery on retry", async () => {
  const op = await makeIsolatedOperator();
  const { receiver: r, endpoint } = await webhooks.receiving(op.operatorId, ["memorial.created"], {
    script: [500, 502],
  });
  expect((await creer(op.key)).status).toBe(200);
  await settled(endpoint.id, 1);
  const [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
  expect(delivery).toMatchObject({ status: "sent", attempts: 3, lastStatusCode: 200 });
  expect(r.received).toHaveLength(3);
  expect(new Set(r.received.map((m) => m.headers["webhook-id"]))).toEqual(new Set([delivery.messageId]));
  expect(r.received.every((m) => verifySignature(endpoint.secret, m))).toBe(true);
});

test("test keys' events go to test endpoints only; another operator's endpoint gets nothing", async () => {
  const op = await makeIsolatedOperator();
  const other = await makeIsolatedOperator();
  const { receiver: live, endpoint: liveEndpoint } = await webhooks.receiving(op.operatorId, ALL);
  const { receiver: testing, endpoint: testEndpoint } = await webhooks.receiving(op.operatorId, ALL, {
    environment: "test",
  });
  const { receiver: outsider, endpoint: outsiderEndpoint } = await webhooks.receiving(other.operatorId, ALL);
  const fromTest = await creer(op.testKey);
  const fromLive = await creer(op.key);
  // The other operator's memorial gets a tree from op: op's event, not the other's.
  const theirs = await creer(other.key);
  await settled(outsiderEndpoint.id, 2);
  const intoTheirs = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { MemorialId: theirs.json.IdMemorial },
  });
  expect(intoTheirs.status).toBe(200);
  await settled(liveEndpoint.id, 3);
  await settled(testEndpoint.id, 2);
  expect(
    byType(testing.received).map((m) => [m.json.type, m.json.data.memorialId, m.json.data.environment]),
  ).toEqual([
    ["memorial.created", fromTest.json.IdMemorial, "test"],
    ["tree.planted", fromTest.json.IdMemorial, "test"],
  ]);
  expect(live.received.map((m) => m.json.data.environment)).toEqual([
    "production",
    "production",
    "production",
  ]);
  expect(live.received.map((m) => m.json.data.memorialId).sort()).toEqual(
    [fromLive.json.IdMemorial, fromLive.json.IdMemorial, theirs.json.IdMemorial].sort(),
  );
  // Every event of op is dispatched (its deliveries exist): the outsider still has only its own two.
  expect(outsider.received).toHaveLength(2);
  expect(await db.webhookDelivery.count({ where: { endpointId: outsiderEndpoint.id } })).toBe(2);
  expect(outsider.received.every((m) => m.json.data.memorialId === theirs.json.IdMemorial)).toBe(true);
});

test("a delivery in progress when a service instance stops is delivered after all", async () => {
  const { startServer } = await import("../support/server");
  const path = await import("node:path");
  // A second instance of the service on the same database, stopped while the receiver hangs. The
  // delivery is held by one of the two senders (whichever claimed it): stopped, the second puts it
  // back in the queue; the first, cut after its WEBHOOK_TIMEOUT_MS, retries. Either way it arrives.
  const second = await startServer(
    {
      // The suite's settings (SMTP above all: its e-mail sender shares the outbox).
      ...JSON.parse(process.env.E2E_SERVICE_ENV as string),
      JOB_RETRY_BASE_MS: "300",
      WEBHOOK_TIMEOUT_MS: "60000",
    },
    path.join(path.dirname(process.env.E2E_SERVER_LOG!), `second-${Date.now()}.log`),
  );
  const op = await makeIsolatedOperator();
  const { receiver: r, endpoint } = await webhooks.receiving(op.operatorId, ["memorial.created"], {
    script: ["hang"],
  });
  try {
    const response = await api("POST", "/Memorials/Creer", {
      key: op.key,
      body: { Defunt: { Nom: "Lambert", DateDeces: "2026-11-10" } },
    });
    expect(response.status).toBe(200);
    await r.waitFor(1); // a sender (of either instance) is in the middle of the delivery
  } finally {
    await second.stop(); // the second instance stops (SIGTERM), whatever it was sending
  }
  await settled(endpoint.id, 1);
  const [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
  expect(delivery.status).toBe("sent");
  expect(r.received.length).toBeGreaterThanOrEqual(2);
  expect(new Set(r.received.map((m) => m.headers["webhook-id"]))).toEqual(new Set([delivery.messageId]));
});
