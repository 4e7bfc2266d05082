// The family hears when its trees are planted in the ground, by an e-mail in its own
// language sent through the outbox (the durable consumer of tree.in_ground) and caught by the real
// SMTP sink: one e-mail per record of the memorial however many trees it holds (the batch), with
// the trees, who planted them, the photo's address and the memorial page's link; none for a test
// key's trees or a family without an address.

import { formatCalendarDate } from "@memorial/lib/memorials/public-page";
import { serviceAdminScope } from "@memorial/lib/scope";
import { expect, test } from "@playwright/test";
import { api, db, mailDir, makeContext, makeIsolatedOperator, uniqueEmail } from "../support/factories";
import { mailParts, readMails, waitForMailAbout } from "../support/smtp";
import { storeTreePhoto, todayUtc, waitForDispatch } from "../support/tree-life";
import { recordInGround } from "../support/trees";

const familyAddress = () => uniqueEmail("family");

const mailTo = (address: string, subject: string) => waitForMailAbout(mailDir(), address, subject);

async function memorialWithTrees(
  key: string,
  trees: number,
  body: Record<string, unknown>,
): Promise<{ memorialId: number; treeIds: number[] }> {
  const created = await api("POST", "/Memorials/Creer", {
    key,
    body: { Defunt: { Nom: "Lambert", Prenom: "Anne", DateDeces: "2026-11-10T00:00:00" }, ...body },
  });
  expect(created.status, created.text).toBe(200);
  const memorialId = created.json.IdMemorial as number;
  for (let i = 1; i < trees; i++) {
    const more = await api("POST", "/Memorials/Creer", { key, body: { MemorialId: memorialId } });
    expect(more.status, more.text).toBe(200);
  }
  const rows = await db.tree.findMany({
    where: { memorialId },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  expect(rows).toHaveLength(trees);
  return { memorialId, treeIds: rows.map((r) => r.id) };
}

test("three trees of one memorial recorded at once: one e-mail in the family's language (nl) with the trees, the photo and the page", async () => {
  const op = await makeIsolatedOperator({ language: "fr" });
  const home = await makeContext(op.operatorId, "Epf");
  const email = familyAddress();
  const { memorialId, treeIds } = await memorialWithTrees(op.key, 3, {
    Famille: { FamilleEmail: email, FamilleNom: "Famille Lambert", Langue: "nl" },
    Contexte: { ContexteEpfId: home.id },
  });
  const site = await db.plantation.findUniqueOrThrow({ where: { id: op.plantationId } });
  const species = await db.species.findUniqueOrThrow({ where: { id: op.speciesId } });
  const { key } = await storeTreePhoto();
  const on = todayUtc();
  await recordInGround(serviceAdminScope(op.operatorId), {
    treeIds,
    on,
    photoKey: key,
    plantedBy: "Équipe Ardennes",
    recordedBy: "e2e",
  });

  const subject = "De bomen ter nagedachtenis aan Anne Lambert staan in de grond";
  const mail = mailParts(await mailTo(email, subject));
  expect(mail.text.startsWith("Beste Famille Lambert,\n\n"), mail.text).toBe(true);
  expect(mail.text).toContain(
    `De 3 bomen ter nagedachtenis aan Anne Lambert zijn op ${formatCalendarDate(new Date(on), "nl")} in de grond geplant.`,
  );
  expect(mail.text).toContain(`- 3 × ${species.name}, ${site.name}`);
  expect(mail.text).toContain("Geplant door Équipe Ardennes.");
  expect(mail.text).toContain(`${"Met oprechte deelneming,"}\n${home.name}\n`);
  // The photo by its address on the service (the outbox keeps no attachment), and the page in nl.
  const photo = new RegExp(`<img alt="Foto van de geplante boom" src="(http[^"]+/photos/${key}\\.jpg)"`).exec(
    mail.html,
  );
  expect(photo, mail.html).toBeTruthy();
  expect(mail.text).toContain(`/photos/${key}.jpg`);
  const pageLink = new RegExp(`(http\\S+/memorial/${memorialId}\\?lang=nl)`).exec(mail.text)?.[1];
  expect(pageLink, mail.text).toBeTruthy();
  expect(mail.html).toContain(`<html dir="ltr" lang="nl">`);

  // One e-mail for the record: every event of it dispatched, the outbox holds one.
  await waitForDispatch(memorialId, "tree.in_ground", 3);
  expect(await db.outgoingEmail.count({ where: { memorialId, subject } })).toBe(1);

  // A later record of the same memorial is another e-mail (one tree: the singular).
  const fourth = await api("POST", "/Memorials/Creer", { key: op.key, body: { MemorialId: memorialId } });
  expect(fourth.status, fourth.text).toBe(200);
  const last = await db.tree.findFirstOrThrow({ where: { memorialId }, orderBy: { id: "desc" } });
  await recordInGround(serviceAdminScope(op.operatorId), { treeIds: [last.id], on, recordedBy: "e2e" });
  const second = mailParts(
    await mailTo(email, "De boom ter nagedachtenis aan Anne Lambert staat in de grond"),
  );
  expect(second.text).toContain(`- ${species.name}, ${site.name}`);
  expect(second.html).not.toContain("<img");
  expect(
    readMails(mailDir()).filter((m) => m.to.includes(email) && mailParts(m).subject === subject),
  ).toHaveLength(1);
  // The photo of the e-mail is served by the service.
  const served = await fetch(photo![1]!);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/jpeg");
});

test("one tree in German, signed by the operator; none for a test key's trees or a family without an address", async () => {
  const op = await makeIsolatedOperator({ language: "fr" });
  const email = familyAddress();
  const { memorialId, treeIds } = await memorialWithTrees(op.key, 1, {
    Famille: { FamilleEmail: email, Langue: "de" },
  });
  const on = todayUtc();
  await recordInGround(serviceAdminScope(op.operatorId), { treeIds, on, recordedBy: "e2e" });
  const mail = mailParts(await mailTo(email, "Der Baum in Erinnerung an Anne Lambert ist eingepflanzt"));
  const operator = await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } });
  expect(mail.text.startsWith("Guten Tag,\n\n"), mail.text).toBe(true);
  expect(mail.text).toContain(
    `Der Baum in Erinnerung an Anne Lambert wurde am ${formatCalendarDate(new Date(on), "de")} eingepflanzt.`,
  );
  expect(mail.text).toContain(`\n${operator.name}\n`);
  expect(mail.text).not.toContain("Eingepflanzt von");
  expect(mail.text).toMatch(new RegExp(`Gedenkseite ansehen: http\\S+/memorial/${memorialId}\\?lang=de`));

  // A test key's memorial, with a family address: its trees in the ground write no e-mail.
  const testEmail = familyAddress();
  const testTrees = await memorialWithTrees(op.testKey, 2, {
    Famille: { FamilleEmail: testEmail, Langue: "de" },
  });
  await recordInGround(serviceAdminScope(op.operatorId, "test"), {
    treeIds: testTrees.treeIds,
    on,
    recordedBy: "e2e",
  });
  // No address: nothing to send.
  const silent = await memorialWithTrees(op.key, 1, {});
  await recordInGround(serviceAdminScope(op.operatorId), { treeIds: silent.treeIds, on, recordedBy: "e2e" });
  await waitForDispatch(testTrees.memorialId, "tree.in_ground", 2);
  await waitForDispatch(silent.memorialId, "tree.in_ground", 1);
  expect(await db.outgoingEmail.count({ where: { memorialId: testTrees.memorialId } })).toBe(0);
  expect(await db.outgoingEmail.count({ where: { memorialId: silent.memorialId } })).toBe(0);
  expect(await db.outgoingEmail.count({ where: { to: testEmail } })).toBe(0);
});
