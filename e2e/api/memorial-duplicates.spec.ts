// Over HTTP to the running service: two memorials created for the same person through
// POST /v1/Memorials/Creer (as the specification says) both succeed with the usual answer, and the
// pair is recorded; merged (from this process: its events reach the service through PostgreSQL, as
// another instance's would), the old address answers 301 to the kept one (the page and the
// addresses under it), the kept page shows both memorials' trees and guestbook, the partner gets
// memorial.merged, both families an e-mail; the undo puts everything back and the 301 stops.
import { actingAs } from "@memorial/lib/audit/actor";
import { mergeMemorials, undoMerge } from "@memorial/lib/duplicates/merge-memorials";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { webhookMessageSchema } from "@memorial/lib/webhooks/schemas";
import { expect, test } from "@playwright/test";
import {
  api,
  baseUrl,
  db,
  mailDir,
  makeIsolatedOperator,
  postForm,
  TEST_FIXTURE,
  uniqueEmail,
} from "../support/factories";
import { mailText, waitForMail } from "../support/smtp";
import { webhookFixture } from "../support/webhook-receiver";

const webhooks = webhookFixture(test.afterAll);

const address = (prefix: string) => uniqueEmail(prefix);

const creer = (key: string, body: Record<string, unknown>) => api("POST", "/Memorials/Creer", { key, body });

const page = (id: number | string, rest = "") =>
  fetch(`${baseUrl()}/memorial/${id}${rest}`, { redirect: "manual" });

test("a person created twice is a possible duplicate; merged, its address answers 301; unmerged, it is back", async () => {
  const op = await makeIsolatedOperator({ stock: 10, language: "fr" });
  const { receiver } = await webhooks.receiving(op.operatorId, ["memorial.merged", "memorial.unmerged"]);
  const keptFamily = address("kept");
  const mergedFamily = address("merged");
  const first = await creer(op.key, {
    Defunt: { Nom: "Dubois", Prenom: "Emile", DateDeces: "2026-11-02T00:00:00" },
    Famille: { FamilleEmail: keptFamily, FamilleNom: "Dubois" },
    DeLaPartDe: "Les pompes funèbres",
  });
  expect(first.status).toBe(200);
  const second = await creer(op.key, {
    Defunt: { Nom: "DUBOIS", Prenom: "Émile", DateDeces: "2026-11-03T00:00:00" },
    Famille: { FamilleEmail: mergedFamily, FamilleNom: "Dubois", Langue: "nl" },
    DeLaPartDe: "De krant",
  });
  // The second creation answers as the first: the same fields, nothing about the duplicate.
  expect(second.status).toBe(200);
  expect(Object.keys(second.json).sort()).toEqual(Object.keys(first.json).sort());
  expect(JSON.stringify(second.json)).not.toMatch(/duplicate|doublon/i);
  const keptId = first.json.IdMemorial as number;
  const mergedId = second.json.IdMemorial as number;

  const pair = await db.memorialDuplicate.findFirstOrThrow({
    where: { firstMemorialId: keptId, secondMemorialId: mergedId },
  });
  expect(pair).toMatchObject({
    operatorId: op.operatorId,
    nameSimilarity: 1,
    deathDaysApart: 1,
    state: "open",
  });

  // Both pages are read (and kept in the service's caches) before the merge.
  expect((await page(mergedId)).status).toBe(200);
  expect((await page(keptId)).status).toBe(200);
  const { token: manageToken } = await db.$transaction((tx) => issueManageToken(tx, mergedId));
  expect((await fetch(`${baseUrl()}/manage/${manageToken}`, { redirect: "manual" })).status).toBe(200);
  const entry = await db.guestbookEntry.create({
    data: { memorialId: mergedId, authorName: "Jan", message: "Veel sterkte", status: "published" },
  });

  // The staff's merge and its undoing (the dashboard's actions), made by the test itself.
  const merge = await actingAs(TEST_FIXTURE, () =>
    mergeMemorials({
      operatorId: op.operatorId,
      duplicateId: pair.id,
      keepMemorialId: keptId,
      by: "staff@example.org",
      linkBase: baseUrl(),
    }),
  );

  // The old address, and those under it, answer 301 to the kept memorial's (query kept).
  await expect(async () => {
    const moved = await page(mergedId, "?lang=nl");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`/memorial/${keptId}?lang=nl`);
    expect(moved.headers.get("cache-control")).toBe("no-store");
  }).toPass({ timeout: 10_000 });
  const qr = await page(mergedId, "/qr.svg");
  expect(qr.status).toBe(301);
  expect(qr.headers.get("location")).toBe(`/memorial/${keptId}/qr.svg`);
  const followed = await fetch(`${baseUrl()}/memorial/${mergedId}`);
  expect(followed.url).toBe(`${baseUrl()}/memorial/${keptId}`);
  // The kept page shows both trees and the guestbook's message.
  await expect(async () => {
    const html = await (await page(keptId)).text();
    expect(html).toContain("Les pompes funèbres");
    expect(html).toContain("De krant");
    expect(html).toContain("Veel sterkte");
  }).toPass({ timeout: 10_000 });
  const infos = await api("GET", `/Memorial/${keptId}/Infos`, { key: op.key });
  expect(infos.status).toBe(200);
  expect((infos.json.Arbres as { Planteur: string }[]).map((t) => t.Planteur).sort()).toEqual([
    "De krant",
    "Les pompes funèbres",
  ]);
  expect(merge.treeIds).toHaveLength(1);
  // The memorial merged away says so in its Infos.
  expect((await api("GET", `/Memorial/${mergedId}/Infos`, { key: op.key })).json.Etat).toBe("merged");
  expect((await db.guestbookEntry.findUniqueOrThrow({ where: { id: entry.id } })).memorialId).toBe(keptId);
  // The family's management link of the merged memorial leads to the kept page, changing nothing.
  const manage = await fetch(`${baseUrl()}/manage/${manageToken}`, { redirect: "manual" });
  expect(manage.status).toBe(303);
  expect(manage.headers.get("location")).toBe(`/memorial/${keptId}`);
  const hide = await postForm(`${baseUrl()}/manage/${manageToken}`, { action: "hide" });
  expect(hide.status).toBe(303);
  expect((await db.memorial.findUniqueOrThrow({ where: { id: mergedId } })).hiddenAt).toBeNull();
  // Both families are told, each in its language, with the kept page.
  const toKept = await waitForMail(mailDir(), keptFamily, 60_000);
  const toMerged = await waitForMail(mailDir(), mergedFamily, 60_000);
  expect(mailText(toKept)).toContain(`/memorial/${keptId}`);
  expect(mailText(toMerged)).toContain(`/memorial/${keptId}?lang=nl`);
  expect(mailText(toMerged)).toContain("samengevoegd");

  const [merged] = await receiver.waitFor(1, 90_000);
  expect(() => webhookMessageSchema("memorial.merged").parse(merged!.json), merged!.body).not.toThrow();
  expect(merged!.json.data).toMatchObject({
    memorialId: keptId,
    mergeId: merge.mergeId,
    keptMemorialId: keptId,
    mergedMemorialId: mergedId,
    treeIds: merge.treeIds,
    memorialUrl: `${baseUrl()}/memorial/${keptId}`,
    environment: "production",
  });

  await actingAs(TEST_FIXTURE, () =>
    undoMerge({ operatorId: op.operatorId, mergeId: merge.mergeId, by: "staff@example.org" }),
  );
  // The management link is the family's own again.
  await expect(async () => {
    expect((await fetch(`${baseUrl()}/manage/${manageToken}`, { redirect: "manual" })).status).toBe(200);
  }).toPass({ timeout: 10_000 });
  await expect(async () => {
    expect((await page(mergedId)).status).toBe(200);
  }).toPass({ timeout: 10_000 });
  await expect(async () => {
    const html = await (await page(keptId)).text();
    expect(html).not.toContain("De krant");
    expect(html).not.toContain("Veel sterkte");
  }).toPass({ timeout: 10_000 });
  const back = await api("GET", `/Memorial/${mergedId}/Infos`, { key: op.key });
  expect((back.json.Arbres as { Planteur: string }[]).map((t) => t.Planteur)).toEqual(["De krant"]);
  expect(back.json.Etat).toBe("public");
  const messages = await receiver.waitFor(2, 90_000);
  const unmerged = messages.find((m) => m.json.type === "memorial.unmerged")!;
  expect(() => webhookMessageSchema("memorial.unmerged").parse(unmerged.json), unmerged.body).not.toThrow();
  expect(unmerged.json.data).toMatchObject({ memorialId: mergedId, treeIds: merge.treeIds });
});

test("another operator's memorial of the same person is never paired, and its page never redirected", async () => {
  const funeralHome = await makeIsolatedOperator({ stock: 5 });
  const newspaper = await makeIsolatedOperator({ stock: 5 });
  const body = { Defunt: { Nom: "Lambert", Prenom: "Anne", DateDeces: "2026-11-05T00:00:00" } };
  const a = await creer(funeralHome.key, body);
  const b = await creer(newspaper.key, body);
  expect([a.status, b.status]).toEqual([200, 200]);
  expect(
    await db.memorialDuplicate.count({
      where: { OR: [{ firstMemorialId: a.json.IdMemorial }, { secondMemorialId: b.json.IdMemorial }] },
    }),
  ).toBe(0);
  expect((await page(a.json.IdMemorial)).status).toBe(200);
  expect((await page(b.json.IdMemorial)).status).toBe(200);
});
