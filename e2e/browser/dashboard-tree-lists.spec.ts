// The operator's tree work, in Chromium: the lists of trees in the ground, due for a
// check and dead, filtered by site and by each list's day, paged, never listing another
// operator's trees; and the sheet of waiting trees, downloaded, filled in as a field team would and
// imported back by the unchanged import.
import { readFile } from "node:fs/promises";
import { actingAs } from "@memorial/lib/audit/actor";
import { createPlantation } from "@memorial/lib/catalogue/manage";
import { formatDate } from "@memorial/lib/dashboard/format";
import { BOM, CSV_FORMATS, csvLine, parseCsv } from "@memorial/lib/exports/csv";
import { translator } from "@memorial/lib/i18n/translate";
import { serviceAdminScope } from "@memorial/lib/scope";
import { expect, type Page, test } from "@playwright/test";
import { baseUrl, COMMAND_LINE, db, unique } from "../support/factories";
import { declareDeath, orderedTrees, plant, plantingOf, recordCheck, recordInGround } from "../support/trees";
import { makeUser, signIn } from "./dashboard-support";

/** A UTC day `n` days before today (negative: after). */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * An operator's trees in every state, through the use cases: at its first site, a tree in the
 * ground 800 days ago and checked 500 days ago (its check due 135 days ago), one in the ground 30
 * days ago (not due), one in the ground 400 days ago never checked (due 35 days ago), one dead 10
 * days ago (replaced: within REPLACEMENT_YEARS) and one still waiting; at a second site, one in
 * the ground 200 days ago (due in 165 days).
 */
async function treeWork() {
  const { op, person, memorial, ids } = await orderedTrees(5, {
    operator: { language: "en" },
    person: { lastName: unique("Work") },
    plantedAt: new Date(Date.now() - 900 * 86_400_000),
  });
  const [checked, recent, unchecked, dead, waiting] = ids;
  const second = await actingAs(COMMAND_LINE, () =>
    createPlantation({
      name: unique("Second site"),
      country: op.country,
      region: "Test region",
      latitude: 49.5,
      longitude: 5.5,
    }),
  );
  const elsewhere = await plant({
    ...plantingOf(op, memorial, person, null),
    plantationId: second.id,
    plantedAt: new Date(Date.now() - 900 * 86_400_000),
  });
  const admin = serviceAdminScope(op.operatorId);
  const recordedBy = "test";
  await recordInGround(admin, { treeIds: [checked, dead], on: daysAgo(800), recordedBy });
  await recordInGround(admin, { treeIds: [recent], on: daysAgo(30), recordedBy, plantedBy: "Team Ardennes" });
  await recordInGround(admin, { treeIds: [unchecked], on: daysAgo(400), recordedBy });
  await recordInGround(admin, { treeIds: [elsewhere.id], on: daysAgo(200), recordedBy });
  await recordCheck(admin, { treeId: checked, on: daysAgo(500), health: "sick", recordedBy });
  const { replacement } = await declareDeath(admin, {
    treeId: dead,
    on: daysAgo(10),
    reason: "drought",
    recordedBy,
  });
  const replacedBy = replacement && "treeId" in replacement ? replacement.treeId : null;
  expect(replacedBy).not.toBeNull();
  return {
    op,
    site: op.plantationId,
    second: second.id,
    trees: { checked, recent, unchecked, dead, waiting, elsewhere: elsewhere.id },
    replacedBy: replacedBy as number,
  };
}

/** The tree ids of the list on screen, in their order. */
async function listed(page: Page): Promise<number[]> {
  await expect(page.getByTestId("tree-list").or(page.getByTestId("tree-list-none"))).toBeVisible();
  const ids = await page
    .getByTestId("tree-list")
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-tree-id"))));
  return ids;
}

/** Opens a list with a query string and waits until its answer is on screen. */
async function openList(page: Page, list: string, query = "") {
  const answered = page.waitForResponse((r) => r.url().includes("/api/dashboard/trees/lists"));
  await page.goto(`${baseUrl()}/dashboard/trees/${list}${query ? `?${query}` : ""}`);
  expect((await answered).status()).toBe(200);
  return listed(page);
}

test("the lists of trees in the ground, due for a check and dead: filtered by site and day, paged", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const t = translator("en", "dashboard");
  const { op, site, second, trees, replacedBy } = await treeWork();
  const user = await makeUser(op.operatorId);
  await signIn(page, user);

  // From the Trees section's own navigation.
  await page.getByRole("link", { name: t("trees_nav"), exact: true }).click();
  const lists = page.getByRole("navigation", { name: t("trees_listsNav") });
  await lists.getByRole("link", { name: t("trees_tabInGround") }).click();
  await expect(page.getByRole("heading", { name: t("trees_inGround_title") })).toBeVisible();
  await expect(lists.getByRole("link", { name: t("trees_tabInGround") })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // Alive in the ground (checked or not), the latest first; neither the dead nor the waiting.
  expect(await listed(page)).toEqual([trees.recent, trees.elsewhere, trees.unchecked, trees.checked]);
  await expect(page.getByTestId("tree-list-count")).toHaveText("4 trees");
  const recent = page.locator(`tr[data-tree-id="${trees.recent}"]`);
  await expect(recent).toContainText("Team Ardennes");
  await expect(page.locator(`tr[data-tree-id="${trees.checked}"]`)).toContainText(t("trees_health_sick"));

  // Filtered by site and by the day in the ground, through the form (kept in the address).
  await page.getByLabel(t("trees_filterSite")).selectOption(String(site));
  await page.getByLabel(t("trees_inGround_from")).fill(daysAgo(450));
  await page.getByRole("button", { name: t("trees_filter") }).click();
  await expect(page).toHaveURL(new RegExp(`site=${site}`));
  await expect(page.getByTestId("tree-list-count")).toHaveText("2 trees");
  expect(await listed(page)).toEqual([trees.recent, trees.unchecked]);
  expect(await openList(page, "in-ground", `site=${second}`)).toEqual([trees.elsewhere]);
  expect(await openList(page, "in-ground", `to=${daysAgo(300)}`)).toEqual([trees.unchecked, trees.checked]);

  // Paged: two a page, the next page holds the rest.
  expect(await openList(page, "in-ground", "Limite=2")).toEqual([trees.recent, trees.elsewhere]);
  await expect(page.getByText(t("pageOf", { page: 1, pages: 2 }))).toBeVisible();
  await page.getByRole("button", { name: t("next") }).click();
  await expect(page).toHaveURL(/Page=2/);
  await expect(page.getByText(t("pageOf", { page: 2, pages: 2 }))).toBeVisible();
  expect(await listed(page)).toEqual([trees.unchecked, trees.checked]);

  // Due for a check: 365 days after the last check (or the day in the ground), the most overdue
  // first (TREE_CHECK_DAYS, 365 by default); without an end day, those due by today; a later end
  // day shows those coming.
  expect(await openList(page, "due")).toEqual([trees.checked, trees.unchecked]);
  await expect(page.locator(`tr[data-tree-id="${trees.checked}"]`)).toContainText(
    formatDate(daysAgo(135), "en"),
  );
  expect(await openList(page, "due", `to=${daysAgo(-200)}`)).toEqual([
    trees.checked,
    trees.unchecked,
    trees.elsewhere,
  ]);
  expect(await openList(page, "due", `site=${second}&to=${daysAgo(-200)}`)).toEqual([trees.elsewhere]);
  expect(await openList(page, "due", `from=${daysAgo(100)}`)).toEqual([trees.unchecked]);

  // Dead: the cause and the replacement tree, linked.
  expect(await openList(page, "dead")).toEqual([trees.dead]);
  const dead = page.locator(`tr[data-tree-id="${trees.dead}"]`);
  await expect(dead).toContainText(t("trees_reason_drought"));
  await expect(dead.getByRole("link", { name: t("trees_treeTitle", { id: replacedBy }) })).toHaveAttribute(
    "href",
    `/dashboard/trees/${replacedBy}`,
  );
  expect(await openList(page, "dead", `from=${daysAgo(5)}`)).toEqual([]);
  await expect(page.getByTestId("tree-list-none")).toHaveText(t("trees_listNone"));
  expect(await openList(page, "dead", `site=${second}`)).toEqual([]);

  // A bad filter is refused in words, not answered 500.
  const bad = await page.request.get(`${baseUrl()}/api/dashboard/trees/lists?list=due&from=yesterday`);
  expect(bad.status()).toBe(400);
  const unknown = await page.request.get(`${baseUrl()}/api/dashboard/trees/lists?list=alive`);
  expect(unknown.status()).toBe(400);
});

test("another operator's trees never appear in the lists, even filtered by its site", async ({ page }) => {
  test.setTimeout(120_000);
  const theirs = await treeWork();
  const mine = await treeWork();
  const user = await makeUser(mine.op.operatorId);
  await signIn(page, user);
  const theirIds = new Set([...Object.values(theirs.trees), theirs.replacedBy]);
  for (const list of ["in-ground", "due", "dead"]) {
    for (const query of ["", `to=${daysAgo(-400)}`, `site=${theirs.site}`, `site=${theirs.second}`]) {
      const response = await page.request.get(
        `${baseUrl()}/api/dashboard/trees/lists?list=${list}&${query}&Limite=1000`,
      );
      expect(response.status(), `${list} ${query}`).toBe(200);
      const body = (await response.json()) as { rows: { treeId: number }[]; sites: { id: number }[] };
      expect(
        body.rows.filter((row) => theirIds.has(row.treeId)),
        `${list} ${query}`,
      ).toEqual([]);
      expect(body.sites.map((s) => s.id)).not.toContain(theirs.site);
      if (query.startsWith("site=")) expect(body.rows, `${list} ${query}`).toEqual([]);
    }
  }
  // On screen as well: my lists are mine only.
  expect(await openList(page, "in-ground")).toEqual([
    mine.trees.recent,
    mine.trees.elsewhere,
    mine.trees.unchecked,
    mine.trees.checked,
  ]);
  expect(await openList(page, "due")).toEqual([mine.trees.checked, mine.trees.unchecked]);
  expect(await openList(page, "dead")).toEqual([mine.trees.dead]);
  // The waiting trees' sheet of their site is empty for me.
  const sheet = await page.request.get(`${baseUrl()}/api/dashboard/trees/sheet?site=${theirs.site}`);
  expect(sheet.status()).toBe(200);
  const [header, ...lines] = parseCsv(await sheet.text(), ",");
  expect(header).toEqual(["tree_id", "step", "date", "latitude", "longitude", "planted_by"]);
  expect(lines).toEqual([]);
});

test("the sheet of waiting trees is filled in by a field team and imported back unchanged (in French)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const t = translator("fr", "dashboard");
  const { op, ids } = await orderedTrees(3, {
    operator: { language: "fr" },
    person: { lastName: unique("Feuille") },
    plantedAt: new Date(Date.now() - 10 * 86_400_000),
  });
  const user = await makeUser(op.operatorId);
  await signIn(page, user, "fr", `/dashboard/trees?site=${op.plantationId}`);
  await expect(page.getByTestId("trees-count")).toHaveText(t("trees_count", { n: 3 }));

  // Downloaded: the import's own columns, in French CSV (semicolons), one in_ground line a tree.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: t("trees_sheetDownload") }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^trees-to-plant-site-${op.plantationId}-`));
  const text = await readFile((await download.path()) as string, "utf8");
  expect(text.startsWith(BOM)).toBe(true);
  const [header, ...lines] = parseCsv(text, ";");
  expect(header).toEqual(["tree_id", "step", "date", "latitude", "longitude", "planted_by"]);
  expect(lines).toEqual(ids.map((id) => [String(id), "in_ground", "", "", "", ""]));

  // Imported as it is, it is refused (no day filled in) and nothing is written.
  const importSheet = async (name: string, body: string) => {
    await page.goto(`${baseUrl()}/dashboard/trees/import`);
    // The file is kept by React's change handler: chosen before hydration, it would be lost.
    await expect(page.getByRole("button", { name: t("trees_importButton"), exact: true })).toBeEnabled();
    await page
      .getByLabel(t("trees_importFile"))
      .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(body) });
    await page.getByRole("button", { name: t("trees_importButton"), exact: true }).click();
  };
  await importSheet("vide.csv", text);
  await expect(page.getByTestId("import-refused")).toHaveText(t("trees_importRefused", { n: 3 }));
  expect((await db.tree.findMany({ where: { id: { in: ids } } })).map((tree) => tree.status)).toEqual([
    "ordered",
    "ordered",
    "ordered",
  ]);

  // Filled in as the team would: a day and who planted on the first line (a semicolon in the
  // name, so quoted), a day and a point on the second; the third tree was not planted: its line
  // is removed. The same separator, the same columns.
  const format = CSV_FORMATS.fr;
  const filled =
    BOM +
    csvLine(header, format) +
    csvLine([lines[0][0], "in_ground", daysAgo(2), "", "", "Équipe Namur; matin"], format) +
    csvLine([lines[1][0], "in_ground", daysAgo(1), "50.501", "4.502", ""], format);
  await importSheet("rempli.csv", filled);
  await expect(page.getByTestId("import-ok")).toHaveText(t("trees_importOk", { n: 2 }));
  const after = await db.tree.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
  expect(after.map((tree) => tree.status)).toEqual(["in_ground", "in_ground", "ordered"]);
  expect(after[0].plantedBy).toBe("Équipe Namur; matin");
  expect(after[1].latitude?.toString()).toBe("50.501");

  // The next sheet holds only the tree still waiting.
  const next = await page.request.get(`${baseUrl()}/api/dashboard/trees/sheet?site=${op.plantationId}`);
  expect(parseCsv(await next.text(), ";").slice(1)).toEqual([[String(ids[2]), "in_ground", "", "", "", ""]]);
});
