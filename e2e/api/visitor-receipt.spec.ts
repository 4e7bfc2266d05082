// The visitor's receipt through the real SMTP sink: a code redeemed, the tree planted,
// the visitor receives one e-mail in their own language (not the memorial's) with the tree, the
// memorial page, the certificate, and — while the family's approval is awaited — that their words
// will show once approved. Once per visitor planting: the event consumed again writes nothing.
import { transaction } from "@memorial/lib/db/client";
import type { StoredEvent } from "@memorial/lib/events/dispatcher";
import { visitorReceiptConsumer } from "@memorial/lib/visitors/receipt-consumer";
import { expect, test } from "@playwright/test";
import { classic, create } from "../browser/memorials";
import { baseUrl, db, mailDir, makeIsolatedOperator, unique, uniqueEmail } from "../support/factories";
import { mailParts, readMails, waitForMail } from "../support/smtp";
import { claimCodes, redeemAsVisitor, setVisitors } from "../support/visitors";

const address = () => uniqueEmail("visitor");

async function plantWithCode(memorialId: number, operatorId: number, email: string, language: "nl" | "de") {
  const code = (await claimCodes(operatorId, memorialId, 1, 1))[0]!;
  return redeemAsVisitor({
    code,
    memorialId,
    words: { planter: "Jan Peeters", message: "Veel sterkte", email, language },
    linkBase: baseUrl(),
    client: unique("client"),
  });
}

test("a redeemed code's visitor receives the receipt in their language, once", async () => {
  const op = await makeIsolatedOperator({ stock: 5, language: "fr" });
  const memorialId = await create(op, classic({ Nom: "Lambert", Prenom: "Anne" }));
  await setVisitors(op.operatorId, null, { enabled: true, payments: [], price: null });
  const email = address();
  const planted = await plantWithCode(memorialId, op.operatorId, email, "nl");
  expect(planted.kind).toBe("planted");

  const mail = mailParts(await waitForMail(mailDir(), email));
  expect(mail.subject).toBe("Uw boom ter nagedachtenis aan Anne Lambert");
  expect(mail.text).toContain("Beste Jan Peeters,");
  expect(mail.text).toContain(
    "Uw naam en bericht verschijnen op de gedenkpagina zodra de familie ze goedkeurt.",
  );
  expect(mail.text).toContain(`De gedenkpagina bekijken: ${baseUrl()}/memorial/${memorialId}?lang=nl`);
  expect(mail.text).toContain(
    `het certificaat (PDF): ${baseUrl()}/memorial/${memorialId}/certificate?lang=nl`,
  );
  const tree = await db.tree.findUniqueOrThrow({
    where: { id: planted.kind === "planted" ? planted.treeId : 0 },
    include: { plantation: true },
  });
  expect(mail.text).toContain(tree.plantation.name);
  // The certificate link works.
  const certificate = await fetch(`${baseUrl()}/memorial/${memorialId}/certificate?lang=nl`);
  expect(certificate.status).toBe(200);

  // The event consumed again (a replay): no second receipt.
  const row = await db.domainEvent.findFirstOrThrow({
    where: {
      type: "tree.planted",
      memorialId,
      payload: { path: ["visitorPlantingId"], equals: planted.visitorPlantingId },
    },
  });
  await transaction((tx) => visitorReceiptConsumer(tx, row as unknown as StoredEvent));
  expect(await db.outgoingEmail.count({ where: { to: email } })).toBe(1);
  expect(readMails(mailDir()).filter((m) => m.to.includes(email))).toHaveLength(1);
});

test("in an open guestbook the receipt does not say the words wait", async () => {
  const op = await makeIsolatedOperator({ stock: 5, language: "fr" });
  const memorialId = await create(op, classic());
  await db.memorial.update({ where: { id: memorialId }, data: { guestbookMode: "open" } });
  await setVisitors(op.operatorId, null, { enabled: true, payments: [], price: null });
  const email = address();
  await plantWithCode(memorialId, op.operatorId, email, "de");
  const mail = mailParts(await waitForMail(mailDir(), email));
  expect(mail.subject).toBe("Ihr Baum zum Gedenken an Marie Dupont");
  expect(mail.text).not.toContain("sobald die Familie sie freigibt");
});
