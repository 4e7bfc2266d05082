// Webhooks against the real PostgreSQL and real HTTP receivers on the loopback: the consumer turns
// domain events into deliveries (own operator, same environment, chosen events only), the sender
// signs and sends them (Standard Webhooks), retries a failing or hanging receiver, and loses
// nothing across a restart.

import { actingAs } from "@memorial/lib/audit/actor";
import { db, transaction } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";
import type { StoredEvent } from "@memorial/lib/events/dispatcher";
import { startJobRunner } from "@memorial/lib/jobs/runner";
import { runJobsOnce } from "@memorial/lib/jobs/tasks";
import { confirmationEmailConsumer } from "@memorial/lib/mail/confirmation-consumer";
import type { PlantingTarget } from "@memorial/lib/memorials/commands";
import { modifyPerson } from "@memorial/lib/memorials/modify-person";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { serviceAdminScope } from "@memorial/lib/scope";
import { webhookConsumer } from "@memorial/lib/webhooks/consumer";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  deleteWebhookEndpointOfAnyOperator,
  listWebhookDeliveries,
  MAX_ENDPOINTS,
  resendWebhookDelivery,
} from "@memorial/lib/webhooks/endpoints";
import { decryptSecret } from "@memorial/lib/webhooks/secrets";
import { deliverWebhook, MAX_ATTEMPTS, retryDelayMs, webhookContext } from "@memorial/lib/webhooks/sender";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmAsFamily } from "@/e2e/support/confirmation";
import { asScopeActor, makeIsolatedOperator, TEST_FIXTURE } from "@/e2e/support/factories";
import { byType, subscribe, verifySignature, webhookFixture } from "@/e2e/support/webhook-receiver";
import { awaitingFamilyTarget, newMemorialTarget, plantingCommand } from "./support/commands";
import { callerMemorial } from "./support/memorials";

const webhooks = webhookFixture(afterAll);
const savedAppUrl = process.env.APP_URL;

beforeAll(() => {
  delete process.env.APP_URL; // links follow the request's address (the events' link base)
});

afterAll(async () => {
  process.env.APP_URL = savedAppUrl;
  await db.$disconnect();
});

async function callers() {
  const op = await makeIsolatedOperator();
  const live = (await authenticateKey(op.key)) as Caller;
  const test = (await authenticateKey(op.testKey)) as Caller;
  return { op, live, test };
}

const plant = (caller: Caller, target: PlantingTarget = newMemorialTarget()) =>
  callerMemorial(caller, plantingCommand(target));

// The operator's dashboard sends a delivery again and deletes an endpoint: its user acts.
const resendAsOperator = asScopeActor(resendWebhookDelivery);
const deleteAsOperator = asScopeActor(deleteWebhookEndpoint);

/** The test removes an endpoint it made, whichever operator's. */
const removeEndpoint = (id: number) => actingAs(TEST_FIXTURE, () => deleteWebhookEndpointOfAnyOperator(id));

/**
 * What the event dispatcher does for these operators' events, each handed to the consumers in a
 * transaction, but whether or not it was handed before: the tests hand an event a second time, to
 * check that a second handing is harmless (one delivery per endpoint), which `dispatchEvents`,
 * taking only pending events, never does.
 */
async function dispatch(operatorIds: number[], consumers = [webhookConsumer]) {
  const events = await db.$queryRaw<StoredEvent[]>`
    SELECT "id", "type", "operator_id" AS "operatorId", "memorial_id" AS "memorialId",
           "is_test" AS "isTest", "payload", "created_at" AS "createdAt"
    FROM "domain_event" WHERE "operator_id" = ANY(${operatorIds}) ORDER BY "id"`;
  for (const event of events) {
    await transaction(async (tx) => {
      for (const consume of consumers) await consume(tx, event);
    });
  }
}

type SenderOptions = Parameters<typeof webhookContext>[0];

/** The webhook jobs (`deliver-webhook`, lib/jobs) with these settings; `stop` cuts deliveries in progress. */
function webhookJobs(options: SenderOptions = {}) {
  const stopping = new AbortController();
  const context = webhookContext({
    retryBaseMs: 60_000,
    timeoutMs: 5_000,
    ...options,
    signal: stopping.signal,
  });
  return {
    catalogue: { "deliver-webhook": { run: (p: { id: number }) => deliverWebhook(p.id, context) } },
    stop: () => stopping.abort(),
  };
}

/** Runs the webhook jobs due now, as a runner of the service would, until none is left. */
async function sendAll(options: SenderOptions = {}) {
  await runJobsOnce(webhookJobs(options).catalogue);
}

/** A running sender (a job runner of its own, as in an instance of the service). */
async function runningSender(options: SenderOptions = {}) {
  const jobs = webhookJobs(options);
  return startJobRunner({ catalogue: jobs.catalogue, workers: 2, beforeStop: jobs.stop });
}

/** Time passes: every pending delivery of the endpoint is due now. */
const dueNow = (endpointId: number) =>
  db.webhookDelivery.updateMany({
    where: { endpointId, status: "pending" },
    data: { nextAttemptAt: new Date() },
  });

describe("webhook deliveries", () => {
  it("reach the receiver once each, signed, for a new memorial and its tree", async () => {
    const { live } = await callers();
    const { receiver: r, endpoint } = await webhooks.receiving(live.operatorId, [
      "memorial.created",
      "tree.planted",
    ]);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const result = await plant(live);
    await dispatch([live.operatorId]);
    await dispatch([live.operatorId]); // handed twice: still one delivery each
    await sendAll();
    await sendAll(); // nothing left to send

    expect(r.received).toHaveLength(2);
    const received = byType(r.received);
    for (const message of received) {
      expect(verifySignature(endpoint.secret, message)).toBe(true);
      expect(message.headers["content-type"]).toBe("application/json");
      expect(Number(message.headers["webhook-timestamp"])).toBeGreaterThan(Date.now() / 1000 - 600);
    }
    const [created, planted] = received.map((m) => m.json);
    expect(created).toEqual({
      type: "memorial.created",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        memorialId: result.memorialId,
        awaitingConfirmation: false,
        global: false,
        memorialUrl: `http://trees.test/memorial/${result.memorialId}`,
        environment: "production",
      },
    });
    const tree = await db.tree.findFirstOrThrow({ where: { memorialId: result.memorialId } });
    expect(planted).toMatchObject({
      type: "tree.planted",
      data: {
        memorialId: result.memorialId,
        treeId: tree.id,
        transactionId: result.transactionId,
        speciesId: result.speciesId,
        environment: "production",
      },
    });
    const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(deliveries.map((d) => [d.status, d.attempts, d.lastStatusCode])).toEqual([
      ["sent", 1, 200],
      ["sent", 1, 200],
    ]);
    expect(new Set(r.received.map((m) => m.headers["webhook-id"]))).toEqual(
      new Set(deliveries.map((d) => d.messageId)),
    );
    // The signature also verifies with the Standard Webhooks reference library.
    const { Webhook } = await import("standardwebhooks");
    expect(
      new Webhook(endpoint.secret).verify(r.received[0].body, received[0].headers as Record<string, string>),
    ).toEqual(created);
  });

  it("tell of a family's confirmation, with the memorial's public address", async () => {
    const { live } = await callers();
    const { receiver: r, endpoint } = await webhooks.receiving(live.operatorId, [
      "memorial.confirmed",
      "tree.planted",
    ]);
    const email = `confirm-${live.operatorId}@example.org`;
    const result = await plant(live, awaitingFamilyTarget(email));
    await dispatch([live.operatorId], [confirmationEmailConsumer, webhookConsumer]);
    const mail = await db.outgoingEmail.findFirstOrThrow({
      where: { memorialId: result.memorialId },
      orderBy: { id: "desc" },
    });
    const token = /\/confirm\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    expect(await confirmAsFamily(token, result.memorialId)).toEqual({
      outcome: "confirmed",
      memorialId: result.memorialId,
    });
    await dispatch([live.operatorId]);
    await sendAll();

    // Deliveries are not ordered (each is sent on its own): sorted by type here.
    const received = byType(r.received);
    expect(received.map((m) => m.json.type)).toEqual(["memorial.confirmed", "tree.planted"]);
    expect(received.every((m) => verifySignature(endpoint.secret, m))).toBe(true);
    // The base is the address the creating request came to, carried by its event.
    expect(received[0].json.data).toEqual({
      memorialId: result.memorialId,
      memorialUrl: `http://trees.test/memorial/${result.memorialId}`,
      environment: "production",
    });
  });

  it("tell of a person's modification, and only of the events chosen", async () => {
    const { live } = await callers();
    const { receiver: r } = await webhooks.receiving(live.operatorId, ["person.modified"]);
    const result = await plant(live);
    await actingAs(live.actor, () =>
      modifyPerson({
        caller: live,
        command: { personId: result.personId!, lastName: "Martin", updateTitles: true },
      }),
    );
    await dispatch([live.operatorId]);
    await sendAll();
    expect(r.received.map((m) => m.json)).toEqual([
      {
        type: "person.modified",
        timestamp: expect.any(String),
        data: {
          personId: result.personId,
          memorialIds: [result.memorialId],
          titlesUpdated: true,
          environment: "production",
        },
      },
    ]);
  });

  it("are retried when the receiver fails, until it recovers", async () => {
    const { live } = await callers();
    const { receiver: r, endpoint } = await webhooks.receiving(live.operatorId, ["memorial.created"], {
      script: [500, 503],
    });
    await plant(live);
    await dispatch([live.operatorId]);
    await sendAll();
    let [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(delivery.lastError).toContain("HTTP 500");
    // Backed off: not due before the first retry's delay.
    expect(delivery.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    await sendAll();
    expect(r.received).toHaveLength(1);

    await dueNow(endpoint.id);
    await sendAll();
    await dueNow(endpoint.id);
    await sendAll();
    [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ status: "sent", attempts: 3, lastStatusCode: 200, lastError: null });
    expect(r.received).toHaveLength(3);
    // The same message each time: one webhook-id, one body, each signed.
    expect(new Set(r.received.map((m) => m.headers["webhook-id"])).size).toBe(1);
    expect(new Set(r.received.map((m) => m.body)).size).toBe(1);
    expect(r.received.every((m) => verifySignature(endpoint.secret, m))).toBe(true);
  });

  it("cut a hanging receiver after the timeout and retry it", async () => {
    const { live } = await callers();
    const { receiver: r, endpoint } = await webhooks.receiving(live.operatorId, ["memorial.created"], {
      script: ["hang"],
    });
    await plant(live);
    await dispatch([live.operatorId]);
    await sendAll({ timeoutMs: 300 });
    let [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    expect(delivery.lastError).toMatch(/no answer within 300 ms/);
    await dueNow(endpoint.id);
    await sendAll({ timeoutMs: 300 });
    [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ status: "sent", attempts: 2 });
    expect(r.received).toHaveLength(2);
  });

  it("survive a restart of the sender in the middle of the retries and of a delivery", async () => {
    const { live } = await callers();
    const { receiver: r, endpoint } = await webhooks.receiving(live.operatorId, ["memorial.created"], {
      script: [500, "hang"],
    });
    await plant(live);
    await dispatch([live.operatorId]);
    // The first sender fails once, then stops (the service restarts).
    await sendAll();
    await dueNow(endpoint.id);
    // The second stops while the receiver is still answering: the delivery goes back to the queue.
    const second = await runningSender({ timeoutMs: 60_000 });
    await r.waitFor(2);
    await second.stop();
    let [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ status: "pending", attempts: 1 });
    expect(delivery.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    // A new sender, as after the restart, delivers it.
    await sendAll();
    [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ status: "sent", attempts: 2, lastStatusCode: 200 });
    expect(r.received).toHaveLength(3);
  });

  it("rescheduled later wait for their time (their job moves with them)", async () => {
    const { live } = await callers();
    const { receiver: r, endpoint } = await webhooks.receiving(live.operatorId, ["memorial.created"]);
    await plant(live);
    await dispatch([live.operatorId]);
    // Its next attempt is moved on (as a failure does), its job with it.
    await db.webhookDelivery.updateMany({
      where: { endpointId: endpoint.id },
      data: { nextAttemptAt: new Date(Date.now() + 120_000) },
    });
    await sendAll();
    expect(r.received).toHaveLength(0);
    await dueNow(endpoint.id); // its time has come
    await sendAll();
    expect(r.received).toHaveLength(1);
  });

  it("of a test key go to test endpoints only, and live events to live endpoints only", async () => {
    const { live, test } = await callers();
    const events = ["memorial.created", "tree.planted"];
    const { receiver: liveReceiver } = await webhooks.receiving(live.operatorId, events);
    const { receiver: testReceiver } = await webhooks.receiving(live.operatorId, events, {
      environment: "test",
    });
    const liveResult = await plant(live);
    const testResult = await plant(test);
    await dispatch([live.operatorId]);
    await sendAll();
    // Each event received: its type, its memorial and the field `field` of its data.
    const seen = (received: typeof liveReceiver.received, field: string) =>
      byType(received).map((m) => [m.json.type, m.json.data.memorialId, m.json.data[field]]);
    expect(seen(liveReceiver.received, "environment")).toEqual([
      ["memorial.created", liveResult.memorialId, "production"],
      ["tree.planted", liveResult.memorialId, "production"],
    ]);
    // A test memorial is never public: no address.
    expect(seen(testReceiver.received, "memorialUrl")).toEqual([
      ["memorial.created", testResult.memorialId, null],
      ["tree.planted", testResult.memorialId, null],
    ]);
  });

  it("never go to another operator's endpoints, even for a tree in its memorial", async () => {
    const a = await callers();
    const b = await callers();
    const events = ["memorial.created", "tree.planted", "memorial.confirmed", "person.modified"];
    const { receiver: aReceiver } = await webhooks.receiving(a.live.operatorId, events);
    const { receiver: bReceiver, endpoint: bEndpoint } = await webhooks.receiving(b.live.operatorId, events);
    const bMemorial = await plant(b.live);
    await dispatch([b.live.operatorId]);
    await sendAll();
    const bBefore = bReceiver.received.length;
    // A plants a tree in B's public memorial: A's event, A's endpoint.
    await plant(a.live, { kind: "existing", memorialId: bMemorial.memorialId });
    await dispatch([a.live.operatorId, b.live.operatorId]);
    await sendAll();
    expect(aReceiver.received.map((m) => m.json.type)).toEqual(["tree.planted"]);
    expect(bReceiver.received).toHaveLength(bBefore);
    expect(await db.webhookDelivery.count({ where: { endpointId: bEndpoint.id } })).toBe(bBefore);
    // B's dashboard log does not show A's delivery, nor can B send it again.
    const aDelivery = (await listWebhookDeliveries(serviceAdminScope(a.live.operatorId)))[0];
    expect(
      (await listWebhookDeliveries(serviceAdminScope(b.live.operatorId))).map((d) => d.id),
    ).not.toContain(aDelivery.id);
    await expect(resendAsOperator(serviceAdminScope(b.live.operatorId), aDelivery.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      deleteAsOperator(serviceAdminScope(b.live.operatorId), aDelivery.endpointId),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("can be sent again from the log, with the same webhook-id", async () => {
    const { live } = await callers();
    const { receiver: r, endpoint } = await webhooks.receiving(live.operatorId, ["memorial.created"]);
    await plant(live);
    await dispatch([live.operatorId]);
    await sendAll();
    const [delivery] = await listWebhookDeliveries(serviceAdminScope(live.operatorId));
    expect(delivery).toMatchObject({
      endpointId: endpoint.id,
      status: "sent",
      attempts: 1,
      lastStatusCode: 200,
    });
    await resendAsOperator(serviceAdminScope(live.operatorId), delivery.id);
    await sendAll();
    expect(r.received).toHaveLength(2);
    expect(r.received[1].headers["webhook-id"]).toBe(r.received[0].headers["webhook-id"]);
    expect(verifySignature(endpoint.secret, r.received[1])).toBe(true);
  });

  it("stop when the endpoint is deleted", async () => {
    const { live } = await callers();
    const { receiver: r, endpoint } = await webhooks.receiving(live.operatorId, ["memorial.created"], {
      script: [500],
    });
    await plant(live);
    await dispatch([live.operatorId]);
    await sendAll();
    await deleteAsOperator(serviceAdminScope(live.operatorId), endpoint.id);
    await dueNow(endpoint.id);
    await sendAll();
    await plant(live);
    await dispatch([live.operatorId]);
    await sendAll();
    expect(r.received).toHaveLength(1);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.disabledAt).not.toBeNull();
    expect(row.secretEncrypted).toBe("");
  });
});

describe("webhook endpoints", () => {
  it("hold the limit per operator under simultaneous registrations", async () => {
    const { live } = await callers();
    const results = await Promise.allSettled(
      Array.from({ length: MAX_ENDPOINTS + 5 }, (_, i) =>
        subscribe(live.operatorId, `http://127.0.0.1:9/hook-${i}`, ["tree.planted"]),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_ENDPOINTS);
    expect(await db.webhookEndpoint.count({ where: { operatorId: live.operatorId, disabledAt: null } })).toBe(
      MAX_ENDPOINTS,
    );
  });

  it("keep the secret encrypted: the database alone does not give it", async () => {
    const { live } = await callers();
    const endpoint = await subscribe(live.operatorId, "http://127.0.0.1:9/hook", ["tree.planted"], "test");
    const row = await db.webhookEndpoint.findUniqueOrThrow({
      where: { id: endpoint.id },
      include: { events: { select: { eventType: true } } },
    });
    expect(row.secretEncrypted).not.toContain(endpoint.secret.slice(6, 20));
    expect(decryptSecret(row.secretEncrypted)).toBe(endpoint.secret);
    expect(row).toMatchObject({ isTest: true, events: [{ eventType: "tree.planted" }] });
    await removeEndpoint(endpoint.id);
  });

  it("refuse URLs that are not http(s), unknown events and, in production, private addresses", async () => {
    const { live } = await callers();
    const scope = serviceAdminScope(live.operatorId);
    const create = (url: string, production: boolean, events = ["tree.planted"]) =>
      actingAs(scope.actor, () =>
        createWebhookEndpoint({ scope, url, events, environment: "production" }, { production }),
      );
    const refusal = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (e) => e,
      );
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).status).toBe(400);
      return error as DomainError;
    };
    expect((await refusal(create("ftp://example.org/hook", false))).message).toMatch(
      /http:\/\/ or https:\/\//,
    );
    expect((await refusal(create("file:///etc/passwd", false))).message).toMatch(/http:\/\/ or https:\/\//);
    expect((await refusal(create("not a url", false))).message).toMatch(/is not a URL/);
    expect((await refusal(create("http://user:pw@127.0.0.1/", false))).message).toMatch(
      /user name or password/,
    );
    expect((await refusal(create("http://127.0.0.1:9/hook", false, ["key.revoked"]))).message).toMatch(
      /unknown event "key.revoked"/,
    );
    expect((await refusal(create("http://127.0.0.1:9/hook", false, []))).message).toMatch(
      /at least one event/,
    );
    for (const url of [
      "http://127.0.0.1/hook",
      "http://localhost:3000/hook",
      "http://10.1.2.3/hook",
      "https://192.168.1.10/hook",
      "http://172.20.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://[fd00::1]/hook",
      "http://0.0.0.0/",
    ]) {
      const error = await refusal(create(url, true));
      expect(error.message, url).toMatch(/loopback, private or reserved address/);
      expect(error.problem).toEqual({ field: "url", reason: "private-address" });
    }
    expect(await db.webhookEndpoint.count({ where: { operatorId: live.operatorId } })).toBe(0);
    // A public address is accepted in production (an address literal: no DNS needed).
    const ok = await create("https://93.184.216.34/hook", true);
    await removeEndpoint(ok.id);
  });

  it("are checked again at delivery: a private address is not reached in production", async () => {
    const { live } = await callers();
    const r = await webhooks.receiver();
    const endpoint = await subscribe(live.operatorId, r.url.replace("127.0.0.1", "localhost"), [
      "memorial.created",
    ]);
    await plant(live);
    await dispatch([live.operatorId]);
    await sendAll({ production: true });
    const [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    expect(delivery.lastError).toMatch(/localhost is \(or resolves to\) .*private or reserved address/);
    expect(r.received).toHaveLength(0);
    // Outside production mode the same host name is resolved and connected to.
    await dueNow(endpoint.id);
    await sendAll({ production: false });
    expect(r.received).toHaveLength(1);
    expect((await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } })).status).toBe(
      "sent",
    );
    await removeEndpoint(endpoint.id);
  });

  it("are retried for more than 24 hours before a delivery is given up", () => {
    const base = 30_000;
    const delays = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, base));
    expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...delays)).toBe(6 * 3_600_000);
    expect(delays.reduce((a, b) => a + b, 0)).toBeGreaterThan(24 * 3_600_000);
  });
});
