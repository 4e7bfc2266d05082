// Moving trees in the dashboard, in Chromium: on a memorial's page the operator finds another of its
// memorials by name (the memorial list's search), moves one tree, then every tree, there; both
// memorials' pages list the moves, the transaction list shows the move beside the tree's
// transaction, and a target that cannot take trees is refused with a message, nothing moved.
import { translator } from "@memorial/lib/i18n/translate";
import { expect, test } from "@playwright/test";
import { baseUrl, db, makeIsolatedOperator } from "../support/factories";
import { createMemorialByApi, makeUser, signIn, signOutBrowser } from "./dashboard-support";

test("an operator moves one tree, then every tree, to another of its memorials found by name", async ({
  page,
}) => {
  const m = translator("en", "move");
  const t = translator("en", "dashboard");
  const operator = await makeIsolatedOperator({ language: "en", stock: 20 });
  const from = await createMemorialByApi(operator.key, { Defunt: { Nom: "Lambert", Prenom: "Odile" } });
  await createMemorialByApi(operator.key, { MemorialId: from.IdMemorial, DeLaPartDe: "The choir" });
  const to = await createMemorialByApi(operator.key, { Defunt: { Nom: "Verhaegen", Prenom: "Paul" } });
  // Awaiting its family, found by the same search, never offered.
  await createMemorialByApi(operator.key, {
    Defunt: { Nom: "Verhaegen", Prenom: "Pauline" },
    AConfirmer: true,
    Famille: { FamilleEmail: "famille.verhaegen@example.org" },
  });
  const trees = await db.tree.findMany({ where: { memorialId: from.IdMemorial }, orderBy: { id: "asc" } });
  expect(trees).toHaveLength(2);
  const user = await makeUser(operator.operatorId);
  await signIn(page, user, "en", `/dashboard/memorials/${from.IdMemorial}`);
  const section = page.getByTestId("move-trees");
  await expect(section.getByRole("heading", { name: m("heading") })).toBeVisible();
  await expect(section.getByText(m("noMoves"))).toBeVisible();
  await section.getByLabel(m("searchLabel")).fill("verhaegen");
  await section.getByRole("button", { name: m("searchButton") }).click();
  // The memorial awaiting its family cannot take trees: only the visible one is offered.
  const target = section.getByRole("radio", {
    name: m("targetOption", { title: "Paul Verhaegen", id: to.IdMemorial }),
  });
  await expect(target).toBeVisible();
  await expect(section.getByRole("radio")).toHaveCount(1);
  await target.check();
  await section.getByLabel(m("which")).selectOption(String(trees[1]!.id));
  await section.getByRole("button", { name: m("submit") }).click();

  await expect(page.getByTestId("move-done")).toContainText(m("done", { n: 1, to: to.IdMemorial }));
  expect((await db.tree.findUniqueOrThrow({ where: { id: trees[1]!.id } })).memorialId).toBe(to.IdMemorial);
  await expect(page.getByTestId("move-history").getByRole("listitem")).toHaveText([
    new RegExp(
      m("movedOut", { tree: trees[1]!.id, to: to.IdMemorial, by: user.email }).replace(/[.]/g, "\\."),
    ),
  ]);
  await expect(page.getByTestId("memorial-trees").locator("tbody tr")).toHaveCount(1);

  // Every tree left: the one that stayed.
  await section.getByLabel(m("searchLabel")).fill("Paul");
  await section.getByRole("button", { name: m("searchButton") }).click();
  await section.getByRole("radio", { name: new RegExp(`${to.IdMemorial}`) }).check();
  await expect(section.getByLabel(m("which"))).toHaveValue("all");
  await section.getByRole("button", { name: m("submit") }).click();
  await expect(page.getByTestId("move-done")).toContainText(m("done", { n: 1, to: to.IdMemorial }));
  await expect(section.getByText(m("noTrees"))).toBeVisible();
  expect(await db.tree.count({ where: { memorialId: from.IdMemorial } })).toBe(0);

  // The target's page lists both moves in; its trees table has the three.
  await page.goto(`${baseUrl()}/dashboard/memorials/${to.IdMemorial}`);
  await expect(page.getByTestId("move-history").getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("move-history")).toContainText(
    m("movedIn", { tree: trees[0]!.id, from: from.IdMemorial, by: user.email }),
  );
  await expect(page.getByTestId("memorial-trees").locator("tbody tr")).toHaveCount(3);

  // The tree's own page lists its move.
  await page.goto(`${baseUrl()}/dashboard/trees/${trees[1]!.id}`);
  await expect(page.getByTestId("tree-moves").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByTestId("tree-moves")).toContainText(
    m("movedOut", { tree: trees[1]!.id, to: to.IdMemorial, by: user.email }),
  );

  // The transactions keep the memorial paid for, and show the move beside each moved tree's one.
  await page.goto(`${baseUrl()}/dashboard/transactions`);
  const moved = page.getByTestId("transaction-rows").getByTestId("transaction-moved");
  await expect(moved).toHaveCount(2);
  await expect(moved.first()).toContainText(t("transactionMoved", { tree: trees[0]!.id, to: to.IdMemorial }));

  // A target that cannot take trees (the family hid it): refused with a message, nothing moved.
  await db.memorial.update({ where: { id: to.IdMemorial }, data: { hiddenAt: new Date() } });
  const back = await createMemorialByApi(operator.key, { Defunt: { Nom: "Lambert", Prenom: "Louis" } });
  await page.goto(`${baseUrl()}/dashboard/memorials/${back.IdMemorial}?moveSearch=Verhaegen`);
  await section.getByRole("radio", { name: new RegExp(`${to.IdMemorial}`) }).check();
  await section.getByRole("button", { name: m("submit") }).click();
  await expect(page.getByTestId("move-error")).toHaveText(m("error_closed"));
  expect(await db.tree.count({ where: { memorialId: back.IdMemorial } })).toBe(1);
  expect(await db.treeMove.count({ where: { fromMemorialId: back.IdMemorial } })).toBe(0);
});

test("the move section speaks the dashboard's language", async ({ page }) => {
  const operator = await makeIsolatedOperator({ language: "nl", stock: 5 });
  const memorial = await createMemorialByApi(operator.key, { Defunt: { Nom: "Peeters" } });
  const user = await makeUser(operator.operatorId);
  for (const lang of ["nl", "de", "fr"] as const) {
    const m = translator(lang, "move");
    await signOutBrowser(page);
    await signIn(page, user, lang, `/dashboard/memorials/${memorial.IdMemorial}`);
    const section = page.getByTestId("move-trees");
    await expect(section.getByRole("heading", { name: m("heading") })).toBeVisible();
    await expect(section.getByLabel(m("searchLabel"))).toBeVisible();
  }
});
