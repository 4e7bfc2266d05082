// Through HTTP, to real receivers on the loopback: an operator's admin erases a person
// on the dashboard's privacy page (the server action eraseSubjectAction, posted as the page posts
// it) and the operator's receiver of memorial.personal_data_erased gets exactly one message for
// each memorial where something was erased, in the documented shape, signed, without the
// person's address, name or words; a memorial of the operator without them gets none, and another
// operator's receiver (whose memorial holds the same person) gets nothing until that operator
// erases them itself. test/subject-rights.test.ts checks the domain events; this, their delivery.
import { readFileSync } from "node:fs";
import path from "node:path";
import { actingAs } from "@memorial/lib/audit/actor";
import { webhookMessageSchema } from "@memorial/lib/webhooks/schemas";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { signInRequest } from "../support/dashboard-session";
import {
  api,
  baseUrl,
  db,
  makeIsolatedOperator,
  TEST_FIXTURE,
  unique,
  uniqueEmail,
} from "../support/factories";
import { type ReceivedWebhook, verifySignature, webhookFixture } from "../support/webhook-receiver";

// Deliveries go through the service's background loops: room for a loaded machine.
test.describe.configure({ timeout: 180_000 });

const webhooks = webhookFixture(test.afterAll);

const EVENT = "memorial.personal_data_erased";

/** The id of eraseSubjectAction in the build's manifest (as the privacy page posts it). */
function eraseActionId(): string {
  const manifest = JSON.parse(
    readFileSync(path.resolve(".next/server/server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { filename?: string; exportedName?: string }> };
  const found = Object.entries(manifest.node).find(
    ([, entry]) =>
      entry.filename === "web/dashboard/privacy-actions.ts" && entry.exportedName === "eraseSubjectAction",
  );
  if (!found) throw new Error("no server action eraseSubjectAction in the build");
  return found[0];
}

/** The session cookie of a new admin of the operator, signed in over HTTP. */
async function adminCookie(operatorId: number): Promise<string> {
  const context = await playwrightRequest.newContext();
  try {
    await signInRequest(context, operatorId);
    const { cookies } = await context.storageState();
    return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  } finally {
    await context.dispose();
  }
}

/** The admin's erasure of the person, from the dashboard's privacy page. */
async function erase(cookie: string, email: string, name: string) {
  const response = await fetch(`${baseUrl()}/dashboard/privacy`, {
    method: "POST",
    headers: {
      "next-action": eraseActionId(),
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: baseUrl(),
      cookie,
    },
    body: JSON.stringify([email, name]),
  });
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(200);
  expect(text, text.slice(0, 300)).toContain('"ok":true');
  return text;
}

async function memorial(key: string, body: Record<string, unknown>) {
  const made = await api("POST", "/Memorials/Creer", {
    key,
    body: { Defunt: { Nom: "Durand", Prenom: "Lucie", DateDeces: "2026-10-01" }, ...body },
  });
  expect(made.status, made.text).toBe(200);
  return made.json.IdMemorial as number;
}

/**
 * Every event of these operators handed to the webhook consumer: the deliveries it writes in the
 * same transaction are then all there (a missing event, or an extra one, shows in their count).
 */
async function dispatched(operatorIds: number[]) {
  await expect
    .poll(() => db.domainEvent.count({ where: { operatorId: { in: operatorIds }, dispatchedAt: null } }), {
      timeout: 90_000,
    })
    .toBe(0);
}

const memorialIds = (received: ReceivedWebhook[]) =>
  received.map((m) => m.json.data.memorialId as number).sort((a, b) => a - b);

test("an admin's erasure of a person reaches the operator's receiver once per memorial concerned, without the person's data; another operator's receiver gets nothing", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const other = await makeIsolatedOperator({ stock: 5 });
  const email = uniqueEmail("subject");
  const planter = `Anne ${unique("Planteuse").replace(/\W+/g, "")}`;
  const familyName = `Famille ${unique("Sujet").replace(/\W+/g, "")}`;
  const words = `Pour toujours ${unique("mots").replace(/\W+/g, "")}`;
  const person = {
    Famille: { FamilleEmail: email, FamilleNom: familyName },
    DeLaPartDe: planter,
    Message: words,
  };

  // The person is the family of one memorial and planted its tree (two sources, one memorial), and
  // planted in a second; a third memorial of the operator has none of their data. The other
  // operator's memorial holds the same person.
  const both = await memorial(op.key, person);
  const planted = await memorial(op.key, { DeLaPartDe: planter, Message: words });
  const untouched = await memorial(op.key, { DeLaPartDe: "Quelqu'un d'autre" });
  const theirs = await memorial(other.key, person);

  // Each operator's receiver of the event (registered by the test: the audit log names it).
  const subscribed = (operatorId: number) =>
    actingAs(TEST_FIXTURE, () => webhooks.receiving(operatorId, [EVENT]));
  const { receiver, endpoint } = await subscribed(op.operatorId);
  const { receiver: outsider, endpoint: outsiderEndpoint } = await subscribed(other.operatorId);

  const report = await erase(await adminCookie(op.operatorId), email, planter);
  expect(report).toContain("family.email");
  expect(report).toContain("tree.planter");
  expect(await db.family.findUnique({ where: { memorialId: both } })).toMatchObject({
    email: null,
    name: null,
  });

  // One delivery per memorial where something was erased, none to the other operator.
  await dispatched([op.operatorId, other.operatorId]);
  const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
  expect(deliveries.map((d) => d.eventType)).toEqual([EVENT, EVENT]);
  expect(await db.webhookDelivery.count({ where: { endpointId: outsiderEndpoint.id } })).toBe(0);

  const received = await receiver.waitFor(2, 90_000);
  expect(received).toHaveLength(2);
  expect(memorialIds(received)).toEqual([both, planted].sort((a, b) => a - b));
  expect(memorialIds(received)).not.toContain(untouched);
  expect(new Set(received.map((m) => m.headers["webhook-id"])).size).toBe(2);
  for (const hook of received) {
    expect(verifySignature(endpoint.secret, hook)).toBe(true);
    expect(() => webhookMessageSchema(EVENT).parse(hook.json), hook.body).not.toThrow();
    const { memorialId } = hook.json.data;
    expect(hook.json).toMatchObject({
      type: EVENT,
      data: { memorialId, memorialUrl: `${baseUrl()}/memorial/${memorialId}`, environment: "production" },
    });
    // Nothing of the person: a partner reads the memorial again, it is not told what went.
    for (const personal of [email, planter, familyName, words]) {
      expect(hook.body.toLowerCase()).not.toContain(personal.toLowerCase());
    }
  }
  expect(outsider.received).toHaveLength(0);

  // The other operator's receiver works: its own admin's erasure reaches it, once, for its memorial,
  // and the first operator's receiver hears nothing more.
  await erase(await adminCookie(other.operatorId), email, planter);
  const [theirsHook] = await outsider.waitFor(1, 90_000);
  await dispatched([op.operatorId, other.operatorId]);
  expect(await db.webhookDelivery.count({ where: { endpointId: outsiderEndpoint.id } })).toBe(1);
  expect(theirsHook.json).toMatchObject({ type: EVENT, data: { memorialId: theirs } });
  expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(2);
  expect(receiver.received).toHaveLength(2);
});
