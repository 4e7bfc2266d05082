// In Chromium: the dashboard lists the signed-in operator's possible duplicates (never
// another operator's) with what matches; "Not the same person" removes a pair for good; "Merge,
// keep no. N" merges (the other memorial's address then answers 301) and "Undo the merge" undoes it.
import { translator } from "@memorial/lib/i18n/translate";
import { expect, test } from "@playwright/test";
import { baseUrl, db, makeIsolatedOperator } from "../support/factories";
import { createMemorialByApi, makeUser, seriousViolations, signIn } from "./dashboard-support";

test("the possible duplicates: listed with what matches, not the same person, merge and undo", async ({
  page,
}) => {
  const t = translator("en", "duplicates");
  const operator = await makeIsolatedOperator({ language: "en" });
  const other = await makeIsolatedOperator({ language: "en" });
  const marie = { Defunt: { Nom: "Dupont", Prenom: "Marie", DateDeces: "2026-10-01" } };
  const a = await createMemorialByApi(operator.key, marie);
  await createMemorialByApi(operator.key, {
    Defunt: { Nom: "Dupond", Prenom: "Marie", DateDeces: "2026-10-02" },
  });
  const c = await createMemorialByApi(operator.key, { Defunt: { Nom: "Martin", Prenom: "Paul" } });
  const d = await createMemorialByApi(operator.key, { Defunt: { Nom: "Martin", Prenom: "Paul" } });
  // The same person at another operator: never listed here.
  const theirs = await createMemorialByApi(other.key, marie);
  const [typo, same] = await Promise.all([
    db.memorialDuplicate.findFirstOrThrow({ where: { firstMemorialId: a.IdMemorial } }),
    db.memorialDuplicate.findFirstOrThrow({ where: { firstMemorialId: c.IdMemorial } }),
  ]);

  const user = await makeUser(operator.operatorId);
  await signIn(page, user, "en", "/dashboard/memorials");
  await page.getByTestId("duplicates-link").click();
  await expect(page).toHaveURL(/\/dashboard\/duplicates$/);
  await expect(page.getByRole("heading", { level: 1, name: t("title") })).toBeVisible();
  const first = page.getByTestId(`duplicate-${typo.id}`);
  const second = page.getByTestId(`duplicate-${same.id}`);
  await expect(first).toContainText(t("nameAlike", { percent: Math.round(typo.nameSimilarity * 100) }));
  await expect(first).toContainText(t("dayApart"));
  await expect(second).toContainText(t("nameAlike", { percent: 100 }));
  await expect(second).toContainText(t("sameDay"));
  await expect(page.getByTestId(`side-${theirs.IdMemorial}`)).toHaveCount(0);
  await expect(page.locator('[data-testid^="duplicate-"]')).toHaveCount(2);
  // The page with its pairs passes the dashboard's accessibility scan (dashboard-a11y.spec.ts).
  expect(await seriousViolations(page)).toEqual([]);

  // Not the same person: the pair is gone, for good.
  await first.getByRole("button", { name: t("notSame") }).click();
  await expect(first).toHaveCount(0);
  expect((await db.memorialDuplicate.findUniqueOrThrow({ where: { id: typo.id } })).state).toBe("not_same");

  // Merge, keeping the second memorial of the pair: asked first, naming both and what moves.
  await second.getByRole("button", { name: t("keep", { id: d.IdMemorial }) }).click();
  const confirm = second.getByTestId("merge-confirm");
  await expect(confirm).toContainText(new RegExp(`no\\. ${c.IdMemorial} \\(Paul Martin\\)`, "i"));
  await expect(confirm).toContainText(new RegExp(`no\\. ${d.IdMemorial} \\(Paul Martin\\)`, "i"));
  await expect(confirm).toContainText("1 tree");
  await confirm.getByRole("button", { name: t("cancel") }).click();
  await expect(confirm).toHaveCount(0);
  expect((await db.memorial.findUniqueOrThrow({ where: { id: c.IdMemorial } })).mergedIntoId).toBeNull();
  // A double click on the merge button only opens the question; its "Yes" merges once, and the
  // undo appears elsewhere: the "Yes" button's place, clicked again, undoes nothing.
  await second.getByRole("button", { name: t("keep", { id: d.IdMemorial }) }).dblclick();
  await expect(confirm).toBeVisible();
  expect((await db.memorial.findUniqueOrThrow({ where: { id: c.IdMemorial } })).mergedIntoId).toBeNull();
  const yes = confirm.getByRole("button", { name: t("confirmMerge", { kept: d.IdMemorial }) });
  const where = await yes.boundingBox();
  await yes.click();
  await expect(second.getByRole("button", { name: t("undo") })).toBeVisible();
  const undoBox = await second.getByRole("button", { name: t("undo") }).boundingBox();
  expect(
    where &&
      undoBox &&
      (Math.abs(where.x - undoBox.x) > where.width || Math.abs(where.y - undoBox.y) > where.height),
  ).toBe(true);
  await page.mouse.click((where?.x ?? 0) + 5, (where?.y ?? 0) + 5);
  await expect(
    second
      .getByRole("status")
      .filter({ hasText: `no. ${d.IdMemorial}` })
      .first(),
  ).toBeVisible();
  expect((await db.memorial.findUniqueOrThrow({ where: { id: c.IdMemorial } })).mergedIntoId).toBe(
    d.IdMemorial,
  );
  await expect(async () => {
    const moved = await fetch(`${baseUrl()}/memorial/${c.IdMemorial}`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`/memorial/${d.IdMemorial}`);
  }).toPass({ timeout: 10_000 });
  expect(await db.tree.count({ where: { memorialId: d.IdMemorial } })).toBe(2);
  // The merged memorial's page in the dashboard says where it went.
  await page.goto(`${baseUrl()}/dashboard/memorials/${c.IdMemorial}`);
  await expect(page.getByTestId("merged-into")).toContainText(t("mergedInto", { id: d.IdMemorial }));
  await page.goto(`${baseUrl()}/dashboard/duplicates`);

  // Undo: the 301 stops, the tree is back, the pair is listed again.
  await second.getByRole("button", { name: t("undo") }).click();
  await expect(second).toContainText(t("unmerged"));
  expect((await db.memorial.findUniqueOrThrow({ where: { id: c.IdMemorial } })).mergedIntoId).toBeNull();
  expect(await db.tree.count({ where: { memorialId: c.IdMemorial } })).toBe(1);
  await expect(async () => {
    expect((await fetch(`${baseUrl()}/memorial/${c.IdMemorial}`, { redirect: "manual" })).status).toBe(200);
  }).toPass({ timeout: 10_000 });
});
