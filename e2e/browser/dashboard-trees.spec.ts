// A tree's life in the dashboard, in Chromium: the trees waiting to be planted, the
// batch "planted in the ground" by site and date, one tree's check and death (and its
// replacement), a refusal shown beside its field in the user's language, and the import of a field
// team's sheet, good or with a bad line (then nothing is written).

import { translator } from "@memorial/lib/i18n/translate";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { baseUrl, db } from "../support/factories";
import { orderedTrees } from "../support/trees";
import { makeUser, settled, signIn, signOutBrowser } from "./dashboard-support";

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** An operator with `count` trees ordered `age` days ago at its own site, and a signed-in user. */
async function operatorWithTrees(page: Page, count: number, lang = "en", age = 10) {
  const { op, ids, memorial } = await orderedTrees(count, {
    operator: { language: "fr" },
    person: { lastName: "Lambert" },
    plantedAt: new Date(Date.now() - age * 86_400_000),
  });
  const user = await makeUser(op.operatorId);
  await signIn(page, user, lang);
  return { op, ids, memorialId: memorial.id, user };
}

const statuses = async (ids: number[]) =>
  (await db.tree.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } })).map((t) => t.status);

test("trees waiting at a site are recorded planted in the ground together, on one day", async ({ page }) => {
  const t = translator("en", "dashboard");
  const { op, ids } = await operatorWithTrees(page, 3);
  // A tree ordered at another site of another operator is not listed.
  await page.getByRole("link", { name: t("trees_nav"), exact: true }).click();
  await expect(page.getByRole("heading", { name: t("trees_title") })).toBeVisible();
  const site = await db.plantation.findUniqueOrThrow({ where: { id: op.plantationId } });
  await page.getByLabel(t("trees_filterSite")).selectOption(String(site.id));
  await page.getByLabel(t("trees_orderedFrom")).fill(daysAgo(11));
  await page.getByLabel(t("trees_orderedTo")).fill(daysAgo(9));
  await page.getByRole("button", { name: t("trees_filter") }).click();
  await expect(page).toHaveURL(new RegExp(`site=${site.id}`));
  // The three rows on screen may still be the unfiltered list's, kept while the filtered one is
  // fetched: a box checked in them can be unchecked again by React. Wait for the filtered list.
  const list = page.getByTestId("trees-waiting");
  await settled(list);
  await expect(page.getByTestId("trees-count")).toHaveText("3 trees waiting");
  const rows = list.locator("tbody tr");
  await expect(rows).toHaveCount(3);

  // Two of the three: the third stays waiting.
  await page.getByLabel(t("trees_select", { id: ids[0] })).check();
  await page.getByLabel(t("trees_select", { id: ids[1] })).check();
  await expect(page.getByTestId("trees-selected")).toHaveText("2 trees selected");
  const batch = page.getByTestId("batch-form");
  await batch.getByLabel(t("trees_inGroundDate")).fill(daysAgo(2));
  await batch.getByLabel(t("trees_plantedBy")).fill("Team Ardennes");
  await batch.getByLabel(t("trees_latitude")).fill("50.51");
  await batch.getByLabel(t("trees_longitude")).fill("4.49");
  await batch.getByRole("button", { name: t("trees_recordInGround") }).click();
  await expect(batch.getByRole("status")).toHaveText(t("trees_inGroundDone", { n: 2 }));
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId("trees-count")).toHaveText("1 tree waiting");
  await settled(list);

  expect(await statuses(ids)).toEqual(["in_ground", "in_ground", "ordered"]);
  const planted = await db.tree.findUniqueOrThrow({ where: { id: ids[0] } });
  expect(planted.inGroundOn?.toISOString().slice(0, 10)).toBe(daysAgo(2));
  expect(planted.plantedBy).toBe("Team Ardennes");
  expect(Number(planted.latitude)).toBe(50.51);
  const history = await db.treeHistory.findFirstOrThrow({ where: { treeId: ids[1] } });
  expect(history.step).toBe("in_ground");

  // Then all that is left: "select all listed".
  await page.getByLabel(t("trees_selectAll")).first().check();
  await batch.getByRole("button", { name: t("trees_recordInGround") }).click();
  await expect(page.getByTestId("trees-none")).toBeVisible();
  expect(await statuses(ids)).toEqual(["in_ground", "in_ground", "in_ground"]);
});

test("a tree's page records a check and a death, and shows its replacement", async ({ page }) => {
  const t = translator("en", "dashboard");
  const { ids, memorialId } = await operatorWithTrees(page, 1);
  const [id] = ids;
  // From the memorial's page to the tree's.
  await page.goto(`${baseUrl()}/dashboard/memorials/${memorialId}`);
  await page.getByTestId("tree-link").click();
  await expect(page.getByRole("heading", { name: t("trees_treeTitle", { id }) })).toBeVisible();
  await expect(page.getByTestId("tree-status")).toHaveText(t("trees_status_ordered"));
  // The link may have loaded the page afresh: filled before hydration, React's fields would be
  // emptied by it. The form's button is enabled once it is hydrated.
  await expect(page.getByRole("button", { name: t("trees_recordInGround") })).toBeEnabled();

  await page.getByLabel(t("trees_inGroundDate")).fill(daysAgo(5));
  await page.getByRole("button", { name: t("trees_recordInGround") }).click();
  await expect(page.getByTestId("tree-status")).toHaveText(t("trees_status_in_ground"));

  const check = page.getByTestId("check-form");
  await check.getByLabel(t("trees_date")).fill(daysAgo(3));
  await check.getByLabel(t("trees_health")).selectOption("sick");
  await check.getByLabel(t("trees_height")).fill("42");
  await check.getByLabel(t("trees_note")).fill("leaves yellowing");
  // A photo from the field: kept by lib/photos, its key on the tree.
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7d44" } })
    .jpeg()
    .toBuffer();
  await check
    .getByLabel(t("trees_photo"))
    .setInputFiles({ name: "tree.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await check.getByRole("button", { name: t("trees_recordCheck") }).click();
  await expect(page.getByTestId("tree-status")).toHaveText(t("trees_status_monitored"));
  const checked = await db.tree.findUniqueOrThrow({ where: { id } });
  expect(checked.photoKey).toMatch(/^[A-Za-z0-9_-]/);
  await expect(page.getByTestId("tree-photo")).toHaveAttribute("src", `/photos/${checked.photoKey}.jpg`);
  // Served by /photos (lib/photos): the browser decodes it.
  await expect
    .poll(() => page.getByTestId("tree-photo").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(64);
  await expect(page.getByTestId("tree-last-check")).toContainText("Sick · 42 cm");

  const death = page.getByTestId("death-form");
  await death.getByLabel(t("trees_date")).fill(daysAgo(1));
  await death.getByLabel(t("trees_reason")).selectOption("disease");
  await death.getByRole("button", { name: t("trees_declareDeath") }).click();
  await expect(page.getByTestId("tree-status")).toHaveText(t("trees_status_replaced"));
  await expect(page.getByTestId("tree-died")).toContainText("Disease");
  const replacement = await db.tree.findUniqueOrThrow({ where: { replacesTreeId: id } });
  await expect(page.getByTestId("tree-replaced-by")).toHaveText(t("trees_treeTitle", { id: replacement.id }));
  await expect(page.getByTestId("tree-history").locator("li")).toHaveCount(4);
  // A dead tree has no form left.
  await expect(page.getByTestId("death-form")).toHaveCount(0);

  await page.getByTestId("tree-replaced-by").getByRole("link").click();
  await expect(page.getByTestId("tree-status")).toHaveText(t("trees_status_ordered"));
  await expect(page.getByTestId("tree-replaces")).toHaveText(t("trees_treeTitle", { id }));
});

test("in French: a refusal of the rules is shown beside its field, and nothing is written", async ({
  page,
}) => {
  const t = translator("fr", "dashboard");
  const { ids } = await operatorWithTrees(page, 1, "fr", 3);
  const [id] = ids;
  await page.goto(`${baseUrl()}/dashboard/trees/${id}`);
  // Filled before hydration, React's fields would be emptied by it: its button says when it is done.
  await expect(page.getByRole("button", { name: t("trees_recordInGround") })).toBeEnabled();
  // Before the order (3 days ago): refused beside the date.
  await page.getByLabel(t("trees_inGroundDate")).fill(daysAgo(6));
  await page.getByRole("button", { name: t("trees_recordInGround") }).click();
  await expect(page.getByTestId("on-error")).toHaveText(t("trees_err_beforeOrder"));
  await expect(page.getByTestId("in-ground-form").getByRole("alert")).toHaveText(t("fieldsSummary"));
  // A point 50 km away: refused beside the latitude.
  await page.getByLabel(t("trees_inGroundDate")).fill(daysAgo(1));
  await page.getByLabel(t("trees_latitude")).fill("50.95");
  await page.getByLabel(t("trees_longitude")).fill("4.5");
  await page.getByRole("button", { name: t("trees_recordInGround") }).click();
  await expect(page.getByTestId("latitude-error")).toHaveText(t("trees_err_outsideSite"));
  await expect(page.getByTestId("on-error")).toHaveCount(0);
  // A file that is not a photo: refused beside the photo input, before the step is sent.
  await page.getByLabel(t("trees_latitude")).fill("");
  await page.getByLabel(t("trees_longitude")).fill("");
  await page
    .getByLabel(t("trees_photo"))
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") });
  await page.getByRole("button", { name: t("trees_recordInGround") }).click();
  await expect(page.getByTestId("photo-error")).toHaveText(t("trees_err_notAnImage"));
  expect(await statuses(ids)).toEqual(["ordered"]);
  expect(await db.treeHistory.count({ where: { treeId: id } })).toBe(0);
});

async function importSheet(page: Page, name: string, text: string) {
  await page.goto(`${baseUrl()}/dashboard/trees/import`);
  // The file is kept by React's change handler: chosen before hydration, it would be lost.
  await expect(page.getByRole("button", { name: "Import", exact: true })).toBeEnabled();
  await page.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
}

test("a good sheet is imported line by line; a sheet with a bad line writes nothing", async ({ page }) => {
  const t = translator("en", "dashboard");
  const { ids } = await operatorWithTrees(page, 2);
  const [a, b] = ids;
  const header = "tree_id,step,date,latitude,longitude,planted_by,health,height_cm,reason,note";

  // A bad line (line 3: a check of a tree the sheet has not put in the ground): nothing written.
  await importSheet(
    page,
    "bad.csv",
    [header, `${a},in_ground,${daysAgo(4)},,,Team,,,,`, `${b},check,${daysAgo(2)},,,,alive,,,`].join("\n"),
  );
  await expect(page.getByTestId("import-refused")).toHaveText(t("trees_importRefused", { n: 1 }));
  const report = page.getByTestId("import-report");
  await expect(report.locator("tr[data-line='2']")).toContainText(t("trees_lineOk"));
  await expect(report.locator("tr[data-line='3']")).toContainText(
    t("trees_lineError", { column: "step", error: t("trees_err_notInGround") }),
  );
  expect(await statuses(ids)).toEqual(["ordered", "ordered"]);

  // The corrected sheet: every line recorded.
  await importSheet(
    page,
    "good.csv",
    [
      header,
      `${a},in_ground,${daysAgo(4)},,,Team,,,,`,
      `${b},in_ground,${daysAgo(4)},,,Team,,,,`,
      `${b},check,${daysAgo(2)},,,,alive,30,,`,
    ].join("\n"),
  );
  await expect(page.getByTestId("import-ok")).toHaveText(t("trees_importOk", { n: 3 }));
  await expect(page.getByTestId("import-report").locator("tr[data-ok='true']")).toHaveCount(3);
  expect(await statuses(ids)).toEqual(["in_ground", "monitored"]);
  const history = await db.treeHistory.findFirstOrThrow({ where: { treeId: a } });
  expect(history.recordedBy).toMatch(/^import good\.csv \(user/);

  // A file that is not a sheet at all: refused as a whole, in the user's words.
  await importSheet(page, "notes.csv", "hello,world\n1,2\n");
  await expect(page.getByTestId("import-refused")).toHaveText(t("trees_sheet_columns"));
});

test("another operator's tree is not found: not listed, no page, a sheet naming it refused", async ({
  page,
}) => {
  const t = translator("en", "dashboard");
  const { ids: theirs } = await operatorWithTrees(page, 1);
  // Signed in as a user of another operator, with a tree of its own.
  await signOutBrowser(page);
  const { ids: mine } = await operatorWithTrees(page, 1);
  const other = await page.goto(`${baseUrl()}/dashboard/trees/${theirs[0]}`);
  expect(other?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  const list = await page.request.get(`${baseUrl()}/api/dashboard/trees`);
  expect((await list.json()).rows.map((row: { id: number }) => row.id)).toEqual(mine);
  // A sheet naming it: the line is refused, nothing written.
  await importSheet(page, "theirs.csv", `tree_id,step,date\n${theirs[0]},in_ground,${daysAgo(1)}\n`);
  await expect(page.getByTestId("import-report").locator("tr[data-line='2']")).toContainText(
    t("trees_err_notFound"),
  );
  expect(await statuses(theirs)).toEqual(["ordered"]);
});
