// The family declines the memorial from its confirmation page, over HTTP to the running
// service: POST /confirm/{token}/decline (a form, same-origin check) closes it at once with the
// operator's outcome, answers a kind page in the family's language, and nothing follows it.
import { actingAs } from "@memorial/lib/audit/actor";
import { setUnconfirmedOutcome } from "@memorial/lib/operators/create-operator";
import { webhookMessageSchema } from "@memorial/lib/webhooks/schemas";
import { expect, test } from "@playwright/test";
import { awaitingFamily } from "../support/confirmation";
import { api, baseUrl, db, makeIsolatedOperator, TEST_FIXTURE } from "../support/factories";
import { webhookFixture } from "../support/webhook-receiver";

const webhooks = webhookFixture(test.afterAll);

async function awaitingMemorial() {
  const op = await makeIsolatedOperator({ stock: 5, language: "de" });
  const { memorialId, token } = await awaitingFamily(op.key, "Weber", {
    Defunt: { Nom: "Weber", Prenom: "Anna", DateDeces: "2026-11-10T00:00:00" },
    DeLaPartDe: "Ihre Kinder",
    Message: "Für Mama",
  });
  return { op, memorialId, token };
}

const decline = (token: string, headers: Record<string, string> = { Origin: baseUrl() }) =>
  fetch(`${baseUrl()}/confirm/${token}/decline`, { method: "POST", redirect: "manual", headers });

test("declining closes the memorial at once with the operator's outcome, kindly, and for good", async () => {
  const { op, memorialId, token } = await awaitingMemorial();
  await actingAs(TEST_FIXTURE, () => setUnconfirmedOutcome(op.operatorId, "global"));
  const { receiver } = await webhooks.receiving(op.operatorId, ["memorial.expired"]);

  // Another site's form cannot decline for the family.
  const forged = await decline(token, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
  expect(forged.status).toBe(403);
  expect((await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).status).toBe(
    "awaiting_confirmation",
  );

  const declined = await decline(token);
  expect(declined.status).toBe(200);
  expect(declined.headers.get("cache-control")).toBe("no-store");
  const html = await declined.text();
  expect(html).toContain('lang="de"');
  expect(html).toContain("Ihr Wunsch wird respektiert");
  const memorial = await db.memorial.findUniqueOrThrow({ where: { id: memorialId } });
  expect(memorial).toMatchObject({ status: "expired", closedReason: "declined" });
  // The operator chose the global memorial: the waiting tree is planted there, not in this one.
  const global = await db.memorial.findFirstOrThrow({
    where: { operatorId: op.operatorId, kind: "global", isTest: false },
  });
  expect(await db.tree.count({ where: { memorialId: global.id, planter: "Ihre Kinder" } })).toBe(1);
  expect(await db.tree.count({ where: { memorialId } })).toBe(0);
  const event = await db.domainEvent.findFirstOrThrow({ where: { memorialId, type: "memorial.expired" } });
  expect(event.payload).toMatchObject({ reason: "declined", outcome: "global", globalMemorialId: global.id });

  // The partner is told, with the documented message.
  const [message] = await receiver.waitFor(1, 90_000);
  expect(() => webhookMessageSchema("memorial.expired").parse(message!.json), message!.body).not.toThrow();
  expect(message!.json.data).toMatchObject({
    memorialId,
    reason: "declined",
    outcome: "global",
    globalMemorialId: global.id,
    memorialUrl: null,
    environment: "production",
  });

  // Again, or the confirmation's button after: 410 with the kind page, nothing planted.
  const again = await decline(token);
  expect(again.status).toBe(410);
  expect(await again.text()).toContain("nicht wünschen");
  const confirm = await fetch(`${baseUrl()}/confirm/${token}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl() },
  });
  expect(confirm.status).toBe(410);
  expect(await confirm.text()).toContain("Diese Gedenkseite wurde nicht veröffentlicht");
  expect(await db.tree.count({ where: { memorialId } })).toBe(0);
  expect((await fetch(`${baseUrl()}/confirm/${token}`)).status).toBe(410);
  // Infos says expired; the public page does not exist.
  const infos = await api("GET", `/Memorial/${memorialId}/Infos`, { key: op.key });
  expect(infos.status).toBe(200);
  expect(infos.json.Etat).toBe("expired");
  expect((await fetch(`${baseUrl()}/memorial/${memorialId}`)).status).toBe(404);
  // Only the confirmation e-mail was ever written.
  expect(await db.outgoingEmail.count({ where: { memorialId } })).toBe(1);
  // Its operator cannot plant in it any more: a tree there would be paid for and seen nowhere.
  const transactions = await db.transaction.count({ where: { operatorId: op.operatorId } });
  const planted = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { MemorialId: memorialId, DeLaPartDe: "Ihre Kinder" },
  });
  expect(planted.status).toBe(400);
  expect(planted.json.Message).toContain(`memorial ${memorialId} is closed (never confirmed by its family)`);
  expect(await db.tree.count({ where: { memorialId } })).toBe(0);
  expect(await db.transaction.count({ where: { operatorId: op.operatorId } })).toBe(transactions);
});

test("an unknown link cannot decline anything", async () => {
  const response = await decline("x".repeat(43));
  expect(response.status).toBe(404);
});
