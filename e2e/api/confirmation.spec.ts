// The confirmation operation (part 3), reached through the e-mail really sent over SMTP.

import { actingAs } from "@memorial/lib/audit/actor";
import { confirmMemorial, lookupConfirmation } from "@memorial/lib/memorials/confirm-memorial";
import { resendConfirmation } from "@memorial/lib/memorials/resend-confirmation";
import { serviceAdminScope } from "@memorial/lib/scope";
import { expect, test } from "@playwright/test";
import { awaitingFamily, confirmAsFamily } from "../support/confirmation";
import { signInRequest } from "../support/dashboard-session";
import {
  addStockAsCommandLine,
  api,
  baseUrl,
  db,
  mailDir,
  makeContext,
  makeIsolatedOperator,
  uniqueEmail,
} from "../support/factories";
import { mailText, readMails, waitForMail } from "../support/smtp";

async function awaitingMemorial(options: { stock?: number; language?: "fr" | "nl" | "en" | "de" } = {}) {
  const op = await makeIsolatedOperator({ stock: options.stock ?? 5, language: options.language ?? "fr" });
  const home = await makeContext(op.operatorId, "Epf");
  const awaiting = await awaitingFamily(op.key, "Lambert", {
    Defunt: { Nom: "Lambert", Prenom: "Anne", DateDeces: "2026-11-10T00:00:00" },
    DeLaPartDe: "Ses enfants",
    Message: "Pour maman",
    ExternalId: 321,
    Contexte: { ContexteEpfId: home.id },
  });
  return { op, home, ...awaiting };
}

test("the e-mail goes through SMTP in the memorial's language, with a link", async () => {
  const { mail, token } = await awaitingMemorial({ language: "de" });
  expect(mailText(mail)).toContain("Gedenkseite");
  // The service runs with APP_URL unset: the link goes to the host the API request came to,
  // never to the address the server is bound to.
  expect(mailText(mail)).toContain(`${baseUrl()}/confirm/${token}`);
  expect(mailText(mail)).not.toContain("0.0.0.0");
});

test("confirming makes the memorial visible and plants its first tree for the request's context", async () => {
  const { op, home, memorialId, token } = await awaitingMemorial();
  expect(await lookupConfirmation(token)).toMatchObject({
    state: "pending",
    memorialId,
    title: "Anne Lambert",
  });
  // Looking the link up confirms nothing.
  expect((await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).status).toBe(
    "awaiting_confirmation",
  );

  expect(await confirmAsFamily(token, memorialId)).toEqual({ outcome: "confirmed", memorialId });
  const memorial = await db.memorial.findUniqueOrThrow({
    where: { id: memorialId },
    include: { trees: true },
  });
  expect(memorial.status).toBe("visible");
  expect(memorial.trees).toHaveLength(1);
  expect(memorial.trees[0]).toMatchObject({
    contextId: home.id,
    epfId: home.id,
    planter: "Ses enfants",
    message: "Pour maman",
  });
  const planting = await db.transaction.findUniqueOrThrow({ where: { id: memorial.trees[0].transactionId } });
  expect(planting).toMatchObject({ type: "Plantation", operatorId: op.operatorId, externalId: 321n });

  // Works once.
  expect(await confirmAsFamily(token, memorialId)).toEqual({ outcome: "already-confirmed", memorialId });
  expect(await db.tree.count({ where: { memorialId } })).toBe(1);
  expect(await lookupConfirmation(token)).toMatchObject({ state: "used", memorialId });
});

test("simultaneous confirmations plant one tree", async () => {
  const { memorialId, token } = await awaitingMemorial();
  const outcomes = await Promise.all(Array.from({ length: 10 }, () => confirmAsFamily(token, memorialId)));
  expect(outcomes.filter((o) => o.outcome === "confirmed")).toHaveLength(1);
  expect(outcomes.filter((o) => o.outcome === "already-confirmed")).toHaveLength(9);
  expect(await db.tree.count({ where: { memorialId } })).toBe(1);
});

test("an expired or unknown link confirms nothing", async () => {
  const { memorialId, token } = await awaitingMemorial();
  await db.confirmationToken.updateMany({
    where: { memorialId },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  expect(await lookupConfirmation(token)).toMatchObject({ state: "expired" });
  expect(await confirmAsFamily(token, memorialId)).toEqual({ outcome: "expired" });
  expect(await confirmMemorial("A".repeat(43))).toEqual({ outcome: "unknown" });
  expect(await confirmMemorial("<script>")).toEqual({ outcome: "unknown" });
  expect(await db.tree.count({ where: { memorialId } })).toBe(0);
});

test("a test key's confirmation e-mail is never sent", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const email = uniqueEmail("testkey");
  const r = await api("POST", "/Memorials/Creer", {
    key: op.testKey,
    body: {
      Defunt: { Nom: "T", DateDeces: "2026-11-10" },
      Famille: { FamilleEmail: email },
      AConfirmer: true,
    },
  });
  expect(r.status).toBe(200);
  await expect
    .poll(
      async () => (await db.outgoingEmail.findFirst({ where: { memorialId: r.json.IdMemorial } }))?.status,
      { timeout: 10_000 },
    )
    .toBe("held");
  await expect(waitForMail(mailDir(), email, 1500)).rejects.toThrow();
});

test("sending the confirmation again replaces the old link", async () => {
  const { op, memorialId, token, mail } = await awaitingMemorial();
  // As the command line sends it: its scope's actor acts (the audit row names it).
  const scope = serviceAdminScope(op.operatorId);
  await actingAs(scope.actor, () => resendConfirmation({ scope, memorialId, linkBase: "http://localhost" }));
  expect(await lookupConfirmation(token)).toMatchObject({ state: "expired" });
  expect(await confirmAsFamily(token, memorialId)).toEqual({ outcome: "expired" });
  // The new link and its e-mail follow from the confirmation.resent event (the service's dispatcher).
  // The link is read from the e-mail as the family receives it: once sent, the outbox keeps the
  // e-mail without its link (lib/mail/outbox-sender.ts).
  const family = mail.to[0] ?? "";
  const linksSent = () =>
    readMails(mailDir())
      .filter((caught) => caught.to.includes(family))
      .map((caught) => /\/confirm\/([A-Za-z0-9_-]+)/.exec(mailText(caught))?.[1]);
  await expect.poll(() => linksSent().length, { timeout: 15_000 }).toBe(2);
  const fresh = linksSent().find((link) => link !== token);
  expect(await db.outgoingEmail.count({ where: { memorialId } })).toBe(2);
  expect(await confirmAsFamily(fresh ?? "", memorialId)).toEqual({ outcome: "confirmed", memorialId });
  expect(await db.tree.count({ where: { memorialId } })).toBe(1);
});

test("with no stock, the confirmation still shows the memorial, whose tree is planted once stock returns", async ({
  request,
}) => {
  const { op, home, memorialId, token } = await awaitingMemorial({ stock: 0 });
  const confirm = await fetch(`${baseUrl()}/confirm/${token}`, { method: "POST", redirect: "manual" });
  expect(confirm.status).toBe(303);
  // The memorial opens with the family's thanks (?confirmed=1).
  expect(confirm.headers.get("location")).toBe(`/memorial/${memorialId}?confirmed=1`);
  const page = await fetch(`${baseUrl()}/memorial/${memorialId}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('data-testid="trees-on-their-way"');
  expect(html).toContain("Un arbre est en route");
  expect(await db.tree.count({ where: { memorialId } })).toBe(0);
  // The link was used: pressing again says so and queues nothing more.
  const again = await fetch(`${baseUrl()}/confirm/${token}`, { method: "POST", redirect: "manual" });
  expect(again.status).toBe(303);
  expect(await db.queuedPlanting.count({ where: { memorialId } })).toBe(1);
  // The operator sees the waiting tree on the memorial's dashboard page.
  await signInRequest(request, op.operatorId);
  const dashboard = await request.get(`${baseUrl()}/dashboard/memorials/${memorialId}`);
  expect(dashboard.status()).toBe(200);
  expect(await dashboard.text()).toContain('data-testid="trees-waiting"');

  // Stock comes back (as `stock add` does it): the running service's queue plants the tree.
  await addStockAsCommandLine(op.plantationId, op.speciesId, 3);
  await expect.poll(() => db.tree.count({ where: { memorialId } }), { timeout: 15_000 }).toBe(1);
  const tree = await db.tree.findFirstOrThrow({ where: { memorialId } });
  expect(tree).toMatchObject({ contextId: home.id, planter: "Ses enfants", message: "Pour maman" });
  expect(await db.transaction.findUniqueOrThrow({ where: { id: tree.transactionId } })).toMatchObject({
    type: "Plantation",
    externalId: 321n,
  });
  await expect
    .poll(
      async () => (await (await fetch(`${baseUrl()}/memorial/${memorialId}`)).text()).includes("en route"),
      {
        timeout: 10_000,
      },
    )
    .toBe(false);
  expect(await db.tree.count({ where: { memorialId } })).toBe(1);
});
