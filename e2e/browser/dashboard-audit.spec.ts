// The audit log in the dashboard. An admin reads the operator's log (who acted in
// words: a team member by address, a former member by number, a key by name, the family, a
// visitor, the command line, a job), filters it, pages through it by keyset and downloads the
// CSV of the filters; a memorial's page shows that memorial's rows, for staff too. Another
// operator's rows never appear, in the page, the JSON or the CSV, whatever the query names.
import { actingAs } from "@memorial/lib/audit/actor";
import type { ChangeKind } from "@memorial/lib/changes/kinds";
import { recordChange } from "@memorial/lib/changes/record";
import { transaction } from "@memorial/lib/db/client";
import { BOM, parseCsv } from "@memorial/lib/exports/csv";
import type { Language } from "@memorial/lib/i18n/languages";
import { eraseSubject } from "@memorial/lib/privacy/subject-erase";
import { createUser } from "@memorial/lib/users/create-user";
import { expect, test } from "@playwright/test";
import { baseUrl, db, makeIsolatedOperator, TEST_FIXTURE, unique } from "../support/factories";
import { createMemorialByApi, makeUser, PASSWORD, signIn } from "./dashboard-support";

type Who = Parameters<typeof actingAs>[0];

// The rows the test expects, read from the table: creating the memorial through /v1 writes rows
// of its own (memorial.created, tree.planted) besides those the test writes.
const rowsOf = (operatorId: number, memorialId?: number, action?: string) =>
  db.auditLog.findMany({
    where: { operatorId, memorialId, action: action ? { startsWith: action } : undefined },
    orderBy: { id: "asc" },
  });

/** A row of the audit log as the recorder writes it, with no event (the rows are what is read). */
async function audit(actor: Who, entry: { kind: ChangeKind } & Record<string, unknown>) {
  const change = { ...entry, event: null } as Parameters<typeof recordChange>[1];
  await actingAs(actor, () => transaction((tx) => recordChange(tx, change)));
}

const FORMER = 2_000_000_000;

/** An operator with one memorial, an admin, a member of staff and one row of each kind of actor. */
async function operatorWithLog(language: Language) {
  const operator = await makeIsolatedOperator({ language });
  const memorial = await createMemorialByApi(operator.key, { Defunt: { Nom: "Peeters", Prenom: "Anna" } });
  const admin = await makeUser(operator.operatorId);
  const staffEmail = `${unique("staff")
    .replace(/[^a-z0-9-]/gi, "")
    .toLowerCase()}@example.org`;
  const staff = await actingAs(TEST_FIXTURE, () =>
    createUser({ operatorId: operator.operatorId, email: staffEmail, password: PASSWORD, role: "staff" }),
  );
  const operatorId = operator.operatorId;
  const memorialId = memorial.IdMemorial;
  const onMemorial = { target: { type: "memorial" as const, id: memorialId }, memorialId, operatorId };
  await audit(
    { kind: "key", id: 1, name: "ERP Lemaire", operatorId },
    {
      kind: "person.modified",
      target: { type: "person", id: memorial.IdDefunt },
      memorialId,
      before: { lastName: "Peters", deathDate: "2026-10-01" },
      after: { lastName: "Peeters", deathDate: "2026-10-02" },
    },
  );
  await audit(
    { kind: "user", id: admin.id, operatorId },
    {
      ...onMemorial,
      kind: "memorial.hidden",
      before: { hidden: false },
      after: { hidden: true },
    },
  );
  await audit({ kind: "user", id: FORMER, operatorId }, { ...onMemorial, kind: "memorial.shown" });
  // A colleague who acted, then was erased: a former member too, by number.
  const erased = await makeUser(operatorId);
  await audit({ kind: "user", id: erased.id, operatorId }, { ...onMemorial, kind: "memorial.restored" });
  await actingAs({ kind: "cli", account: "test" }, () =>
    eraseSubject({ email: erased.email, scope: { kind: "operator", operatorId, team: true } }),
  );
  await audit({ kind: "family", memorialId }, { ...onMemorial, kind: "memorial.taken_down" });
  await audit(
    { kind: "visitor" },
    { ...onMemorial, kind: "guestbook.posted", target: { type: "guestbook", id: 5 } },
  );
  await audit(
    { kind: "cli", account: "root" },
    { kind: "stock.added", target: { type: "operator", id: operatorId }, operatorId },
  );
  await audit(
    { kind: "system", name: "job family-erasure" },
    { ...onMemorial, kind: "memorial.erasure_requested" },
  );
  return { operator, memorialId, admin, staff: { email: staffEmail, password: PASSWORD, id: staff.id } };
}

test("in French: an admin reads the operator's log in words, filters it, pages it and downloads its CSV", async ({
  page,
}) => {
  const { operator, memorialId, admin } = await operatorWithLog("fr");
  // Another operator's rows on the same memorial number: never shown.
  const other = await makeIsolatedOperator();
  await audit(
    { kind: "key", id: 2, name: "Intrus", operatorId: other.operatorId },
    {
      kind: "memorial.hidden",
      target: { type: "memorial", id: memorialId },
      memorialId,
      operatorId: other.operatorId,
    },
  );

  await signIn(page, admin, "fr");
  await page
    .getByRole("navigation", { name: /rubriques/i })
    .getByRole("link", { name: "Journal" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Journal des modifications" })).toBeVisible();
  const rows = page.getByTestId("audit-rows").locator("tbody tr");
  const all = (await rowsOf(operator.operatorId)).length;
  expect(all).toBeGreaterThanOrEqual(8);
  await expect(rows).toHaveCount(all);
  await expect(page.getByTestId("audit-rows")).not.toContainText("Intrus");
  const row = (action: string) => page.locator(`tr[data-action="${action}"]`);
  await expect(row("person.modified")).toContainText("clé d’API « ERP Lemaire »");
  await expect(row("person.modified")).toContainText("Personne modifiée");
  await expect(row("person.modified")).toContainText(
    "lastName: (données personnelles, non conservées) → (données personnelles, non conservées)",
  );
  await expect(row("person.modified")).toContainText("deathDate: 2026-10-01 → 2026-10-02");
  await expect(row("memorial.hidden")).toContainText(admin.email);
  await expect(row("memorial.hidden")).toContainText("hidden: Non → Oui");
  await expect(row("memorial.shown")).toContainText(`ancien membre n° ${FORMER}`);
  await expect(row("memorial.restored").getByTestId("audit-actor")).toHaveText(/^ancien membre n° \d+$/);
  await expect(row("memorial.taken_down")).toContainText("la famille (lien de gestion)");
  await expect(row("guestbook.posted")).toContainText("un visiteur");
  await expect(row("stock.added")).toContainText("ligne de commande (root)");
  await expect(row("memorial.erasure_requested")).toContainText("système (job family-erasure)");
  // Newest first.
  await expect(rows.first()).toHaveAttribute("data-action", "memorial.erasure_requested");

  // Filters: the actor's kind, then an action's domain; they live in the address.
  await page.getByLabel("Qui a agi").selectOption("key");
  await page.getByRole("button", { name: "Afficher" }).click();
  // The key's rows: the memorial it created through the API, and the person it modified.
  const byKey = (await rowsOf(operator.operatorId)).filter((r) => r.actorKind === "key");
  expect(byKey.map((r) => r.action)).toEqual(["memorial.created", "person.modified"]);
  await expect(rows).toHaveCount(byKey.length);
  await expect(rows.first()).toHaveAttribute("data-action", "person.modified");
  expect(page.url()).toContain("actor=key");
  await page.getByLabel("Qui a agi").selectOption("");
  await page.getByLabel("Ce qui a été fait").selectOption("memorial");
  await page.getByRole("button", { name: "Afficher" }).click();
  await expect(rows).toHaveCount((await rowsOf(operator.operatorId, undefined, "memorial.")).length);
  await page.getByLabel("Du (jour)").fill("2000-01-01");
  await page.getByLabel("Au (jour)").fill("2000-01-02");
  await page.getByRole("button", { name: "Afficher" }).click();
  await expect(page.getByTestId("audit-none")).toHaveText("Rien n’est enregistré pour ces filtres.");

  // The CSV of the filters: the French separator, the words, none of the other operator's rows.
  await page.goto(`${baseUrl()}/dashboard/audit?action=memorial`);
  const href = await page.getByTestId("audit-csv").getAttribute("href");
  expect(href).toBe("/api/dashboard/audit/csv?action=memorial");
  const csv = await page.request.get(`${baseUrl()}${href}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = (await csv.body()).toString("utf8");
  expect(text.startsWith(BOM)).toBe(true);
  const lines = parseCsv(text.slice(BOM.length), ";");
  expect(lines[0]).toEqual([
    "Id",
    "Quand",
    "Type d’auteur",
    "Qui",
    "Code de l’action",
    "Quoi",
    "Cible",
    "Numéro de la cible",
    "Mémorial",
    "Modifications",
  ]);
  // Oldest first, every row of the filter.
  const expected = await rowsOf(operator.operatorId, undefined, "memorial.");
  expect(lines.slice(1).map((line) => line[0])).toEqual(expected.map((row) => row.id.toString()));
  const hidden = lines.find((line) => line[4] === "memorial.hidden")!;
  expect(hidden[3]).toBe(admin.email);
  expect(hidden[5]).toBe("Mémorial masqué");
  expect(hidden[9]).toBe("hidden: Non → Oui");
  expect(text).not.toContain("Intrus");

  // Keyset pages: 50 rows a page, the older ones after them.
  for (let i = 0; i < 50; i++) {
    await audit(
      { kind: "system", name: `job batch-${i}` },
      {
        kind: "tree.checked",
        target: { type: "tree", id: i },
        operatorId: operator.operatorId,
      },
    );
  }
  await page.goto(`${baseUrl()}/dashboard/audit`);
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("système (job batch-49)");
  await page.getByRole("button", { name: "Entrées plus anciennes" }).click();
  await expect(rows).toHaveCount(all);
  await expect(rows.first()).toHaveAttribute("data-action", "memorial.erasure_requested");
  expect(page.url()).toMatch(/after=\d+/);
  await expect(page.getByTestId("audit-more")).toHaveCount(0);
  await page.getByRole("button", { name: "Revenir aux plus récentes" }).click();
  await expect(rows).toHaveCount(50);

  // The memorial's page: its own rows, the link to the filtered log (an admin).
  await page.goto(`${baseUrl()}/dashboard/memorials/${memorialId}`);
  const section = page.getByTestId("memorial-audit");
  await expect(section.getByRole("heading", { name: "Historique des modifications" })).toBeVisible();
  await expect(section.locator("tbody tr")).toHaveCount(
    (await rowsOf(operator.operatorId, memorialId)).length,
  );
  await expect(section).not.toContainText("Intrus");
  await expect(section.getByRole("link", { name: "Filtrer et exporter dans le journal" })).toHaveAttribute(
    "href",
    `/dashboard/audit?memorial=${memorialId}`,
  );
  await section.getByLabel("Qui a agi").selectOption("family");
  await section.getByRole("button", { name: "Afficher" }).click();
  await expect(section.locator('tr[data-action="memorial.taken_down"]')).toContainText("Mémorial retiré");
  await expect(section.locator("tbody tr")).toHaveCount(
    (await rowsOf(operator.operatorId, memorialId)).filter((row) => row.actorKind === "family").length,
  );
});

test("staff read a memorial's history but not the operator's log; no operator reads another's rows", async ({
  page,
  browser,
}) => {
  const mine = await operatorWithLog("en");
  const theirs = await operatorWithLog("en");

  // Staff: the memorial's rows (page, JSON, CSV); the operator's log is the admins'.
  await signIn(page, mine.staff);
  await expect(
    page.getByRole("navigation", { name: /sections/i }).getByRole("link", { name: "Audit log" }),
  ).toHaveCount(0);
  await page.goto(`${baseUrl()}/dashboard/audit`);
  await expect(page.getByTestId("not-allowed")).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("ERP Lemaire");
  for (const route of ["/api/dashboard/audit", "/api/dashboard/audit/csv"]) {
    const refused = await page.request.get(`${baseUrl()}${route}`);
    expect(refused.status(), route).toBe(403);
  }
  const memorialRows = (await rowsOf(mine.operator.operatorId, mine.memorialId)).length;
  await page.goto(`${baseUrl()}/dashboard/memorials/${mine.memorialId}`);
  await expect(page.getByTestId("memorial-audit").locator("tbody tr")).toHaveCount(memorialRows);
  await expect(page.getByTestId("memorial-audit")).not.toContainText("Filter and export in the audit log");
  const json = await page.request.get(`${baseUrl()}/api/dashboard/memorials/${mine.memorialId}/audit`);
  expect(json.status()).toBe(200);
  expect((await json.json()).rows).toHaveLength(memorialRows);

  // Another operator's memorial: not found, its rows never read.
  for (const route of [
    `/api/dashboard/memorials/${theirs.memorialId}/audit`,
    `/api/dashboard/memorials/${theirs.memorialId}/audit/csv`,
  ]) {
    const refused = await page.request.get(`${baseUrl()}${route}`);
    expect(refused.status(), route).toBe(404);
    expect(await refused.text()).not.toContain("ERP Lemaire");
  }

  // An admin's CSV, whatever it asks for, holds its own operator's rows only.
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await signIn(adminPage, mine.admin);
  for (const query of ["", `memorial=${theirs.memorialId}`, `targetId=${theirs.memorialId}`]) {
    const csv = await adminPage.request.get(`${baseUrl()}/api/dashboard/audit/csv?${query}`);
    expect(csv.status(), query).toBe(200);
    const lines = parseCsv((await csv.body()).toString("utf8").slice(BOM.length), ",").slice(1);
    const memorials = new Set(lines.map((line) => line[8]).filter(Boolean));
    expect(
      [...memorials].every((id) => id === String(mine.memorialId)),
      query,
    ).toBe(true);
    expect(
      lines.some((line) => line[3] === theirs.admin.email),
      query,
    ).toBe(false);
    if (query === "") expect(lines).toHaveLength((await rowsOf(mine.operator.operatorId)).length);
  }
  const refused = await adminPage.request.get(`${baseUrl()}/api/dashboard/audit?from=2026-13-01`);
  expect(refused.status()).toBe(400);
  await context.close();
});
