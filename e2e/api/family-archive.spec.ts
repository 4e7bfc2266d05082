// Through HTTP to the running service: the family asks for everything about its memorial
// from its management page; the job family-archive builds the archive in the background and the
// e-mail with its link arrives at the real SMTP sink; the link (through the management link)
// downloads one ZIP holding memorial.json (the memorial, the deceased, the family), trees.csv and
// tree-history.csv (each tree and its life), guestbook.csv, the trees' photos and the e-mails sent
// to the family. Past its validity the link answers 410 and the daily job deletes the archive.
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { removeExpiredArchives } from "@memorial/lib/privacy/archive";
import { serviceAdminScope } from "@memorial/lib/scope";
import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { api, baseUrl, db, mailDir, makeIsolatedOperator, postForm, uniqueEmail } from "../support/factories";
import { mailParts, readMails } from "../support/smtp";
import { storeTreePhoto, todayUtc } from "../support/tree-life";
import { recordInGround } from "../support/trees";

test.describe.configure({ timeout: 180_000 });

/** The e-mail to `to` whose subject starts with `subject`, waited for. */
async function mailTo(to: string, subject: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const mail = readMails(mailDir())
      .map((m) => ({ m, parts: mailParts(m) }))
      .find(({ m, parts }) => m.to.includes(to) && parts.subject.startsWith(subject));
    if (mail) return mail.parts;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail "${subject}" to ${to}`);
}

/** Splits a CSV of simple cells (the archive's own: no quoted separators in this test's data). */
const rows = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));

test("the family's archive is built in the background, e-mailed, and holds the memorial, trees, guestbook, photos and e-mails", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const email = uniqueEmail("archive");
  const made = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      Defunt: {
        Nom: "Archivée",
        Prenom: "Rose",
        DateDeces: "2026-10-30T00:00:00",
        DateNaissance: "1941-05-06T00:00:00",
      },
      Famille: { FamilleEmail: email, FamilleNom: "Famille Archivée", Langue: "en" },
      DeLaPartDe: "Jean Planteur",
      Message: "Pour Rose",
    },
  });
  expect(made.status, made.text).toBe(200);
  const memorialId = made.json.IdMemorial as number;
  const tree = await db.tree.findFirstOrThrow({ where: { memorialId } });
  // The tree's life, with a photo: the in-ground step (and its e-mail to the family).
  const { key } = await storeTreePhoto();
  await recordInGround(serviceAdminScope(op.operatorId), {
    treeIds: [tree.id],
    on: todayUtc(),
    photoKey: key,
    plantedBy: "Équipe Ardennes",
    recordedBy: "e2e",
  });
  const inGround = await mailTo(email, "The tree planted in memory of");
  await db.guestbookEntry.create({
    data: { memorialId, authorName: "Paul Auteur", message: "Pensées pour Rose", status: "published" },
  });
  const { token } = await db.$transaction((tx) => issueManageToken(tx, memorialId));
  const manage = `${baseUrl()}/manage/${token}`;

  // Asked from the management page's form (that asking again while it is prepared changes nothing is
  // test/family-archive.test.ts's, with no job runner: here the job may build it between two asks).
  const asked = await postForm(manage, { action: "archive" });
  expect(asked.status).toBe(303);

  // The job builds it; the e-mail brings its link, valid 7 days.
  const mail = await mailTo(email, "The archive of the memorial");
  const link = /(http\S+\/manage\/[A-Za-z0-9_-]+\/archive\/\d+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  expect(link?.startsWith(manage)).toBe(true);
  expect(await db.memorialArchive.count({ where: { memorialId } })).toBe(1);
  const page = await (await fetch(`${manage}?lang=en`)).text();
  expect(page).toContain('data-testid="manage-archive-ready"');

  const response = await fetch(link as string);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  expect(response.headers.get("content-disposition")).toContain(`memorial-${memorialId}-archive.zip`);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const names = Object.keys(files).sort();
  expect(names).toEqual(
    expect.arrayContaining([
      "memorial.json",
      "trees.csv",
      "tree-history.csv",
      "guestbook.csv",
      `photos/${key}.jpg`,
      "emails/001.txt",
    ]),
  );

  const json = JSON.parse(strFromU8(files["memorial.json"] as Uint8Array));
  expect(json.memorial).toMatchObject({
    id: memorialId,
    title: "Rose Archivée",
    kind: "classic",
    language: "fr",
  });
  expect(json.person).toMatchObject({
    firstName: "Rose",
    lastName: "Archivée",
    birthDate: "1941-05-06",
    deathDate: "2026-10-30",
  });
  expect(json.family).toEqual({ name: "Famille Archivée", email, language: "en" });

  const trees = rows(strFromU8(files["trees.csv"] as Uint8Array));
  expect(trees[0]?.slice(0, 7)).toEqual([
    "tree",
    "planted_at",
    "species",
    "site",
    "planter",
    "message",
    "status",
  ]);
  const line = trees.find((r) => r[0] === String(tree.id));
  expect(line?.[4]).toBe("Jean Planteur");
  expect(line?.[5]).toBe("Pour Rose");
  expect(line?.[6]).toBe("in_ground");
  expect(line?.[7]).toBe(todayUtc());
  expect(line?.[13]).toBe(`photos/${key}.jpg`);
  const history = rows(strFromU8(files["tree-history.csv"] as Uint8Array));
  expect(history.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
    [String(tree.id), "in_ground", todayUtc()],
  ]);
  const guestbook = rows(strFromU8(files["guestbook.csv"] as Uint8Array));
  expect(guestbook[0]).toEqual(["entry", "written_at", "author", "message", "status"]);
  expect(guestbook.slice(1).map((r) => [r[2], r[3], r[4]])).toEqual([
    ["Paul Auteur", "Pensées pour Rose", "published"],
  ]);
  // The photo, byte for byte as served.
  const served = new Uint8Array(await (await fetch(`${baseUrl()}/photos/${key}.jpg`)).arrayBuffer());
  expect(Buffer.from(files[`photos/${key}.jpg`] as Uint8Array).equals(Buffer.from(served))).toBe(true);
  // The e-mails sent to the family: the in-ground letter, with its subject and text.
  const sent = Object.entries(files)
    .filter(([name]) => name.startsWith("emails/"))
    .map(([, body]) => strFromU8(body));
  const letter = sent.find((body) => body.includes(`Subject: ${inGround.subject}`));
  expect(letter, sent.join("\n---\n")).toBeTruthy();
  expect(letter).toContain(`To: ${email}`);
  expect(letter).toContain("Équipe Ardennes");

  // Another memorial's link cannot fetch it; past its validity it answers 410, then is deleted.
  const other = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Autre", DateDeces: "2026-10-30T00:00:00" } },
  });
  const otherToken = (await db.$transaction((tx) => issueManageToken(tx, other.json.IdMemorial as number)))
    .token;
  const archiveId = (link as string).split("/").pop();
  expect((await fetch(`${baseUrl()}/manage/${otherToken}/archive/${archiveId}`)).status).toBe(410);
  await db.memorialArchive.updateMany({
    where: { memorialId },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  const expired = await fetch(link as string);
  expect(expired.status).toBe(410);
  expect(await expired.text()).toContain("This archive is no longer available");
  await removeExpiredArchives();
  expect(await db.memorialArchive.count({ where: { memorialId } })).toBe(0);
});
