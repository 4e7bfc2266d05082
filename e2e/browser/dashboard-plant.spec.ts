// Planting through the dashboard's form: the same validation and domain operation as the API,
// the result shown, the memorial followed, its person edited, a tree added, a confirmation resent.
import { expect, type Page, test } from "@playwright/test";
import { baseUrl, db, makeContext, makeIsolatedOperator } from "../support/factories";
import { makeUser, signedInOperator, signIn } from "./dashboard-support";

// A field by its whole label; a required field's label may end with a hidden asterisk.
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));

async function openPlantForm(page: Page) {
  await page.getByRole("link", { name: "Plant a tree" }).click();
  await expect(page.getByRole("heading", { name: "Plant a tree" })).toBeVisible();
  // The link may have loaded the page afresh (clicked before the dashboard's home was hydrated):
  // filled before hydration, the form's controlled fields would be emptied by React. Its button is
  // enabled once it is hydrated.
  await expect(page.getByRole("button", { name: "Plant the tree" })).toBeEnabled();
}

test("a tree planted through the form is on its memorial, which can then be followed and edited", async ({
  page,
}) => {
  const operator = await makeIsolatedOperator({ language: "en", price: 20, co2: 100 });
  const epf = await makeContext(operator.operatorId, "Epf");
  const user = await makeUser(operator.operatorId);
  // The dashboard runs under the Content-Security-Policy of proxy.ts without breaking it.
  const cspErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  await signIn(page, user);
  await openPlantForm(page);

  await field(page, "Family name").fill("Dupont");
  await field(page, "Given name").fill("Marie");
  await field(page, "Title").fill("Mme");
  await field(page, "Date of death").fill("2026-11-01");
  await field(page, "Date of birth").fill("1940-05-17");
  await field(page, "Your page about the deceased (URL, linked during 14 days)").fill(
    "https://example.org/avis",
  );
  await field(page, "Family e-mail address").fill("famille.dupont@example.org");
  await field(page, "Family name to address").fill("Famille Dupont");
  await field(page, "Planted on behalf of").fill("Les voisins");
  await field(page, "Message on the tree page").fill("Repose en paix");
  await field(page, "Acting for").selectOption(String(epf.id));
  await field(page, "Language of the memorial").selectOption("fr");
  await page.getByRole("button", { name: "Plant the tree" }).click();

  const result = page.getByTestId("plant-result");
  const species = await db.species.findUniqueOrThrow({ where: { id: operator.speciesId } });
  const site = await db.plantation.findUniqueOrThrow({ where: { id: operator.plantationId } });
  await expect(result).toContainText(`A tree was planted: ${species.name} at ${site.name}`);
  await expect(result).toContainText("Paid tree.");
  const link = await result.getByTestId("public-link").getAttribute("href");
  const memorialId = Number(/\/memorial\/(\d+)$/.exec(link ?? "")?.[1]);
  // The result names the person, not only a number.
  await expect(result.getByRole("link", { name: `Marie Dupont (memorial ${memorialId})` })).toBeVisible();

  // Written exactly as POST /v1/Memorials/Creer writes it.
  const memorial = await db.memorial.findUniqueOrThrow({
    where: { id: memorialId },
    include: { person: true, trees: true, family: true, transactions: true },
  });
  expect(memorial).toMatchObject({
    operatorId: operator.operatorId,
    contextId: epf.id,
    kind: "classic",
    status: "visible",
    title: "Marie Dupont",
    language: "fr",
    deceasedUrl: "https://example.org/avis",
    isTest: false,
  });
  expect(memorial.person).toMatchObject({
    lastName: "Dupont",
    firstName: "Marie",
    civility: "Mme",
    epfId: epf.id,
  });
  expect(memorial.person?.birthDate?.toISOString()).toBe("1940-05-17T00:00:00.000Z");
  expect(memorial.family).toMatchObject({ email: "famille.dupont@example.org", name: "Famille Dupont" });
  expect(memorial.trees).toHaveLength(1);
  expect(memorial.trees[0]).toMatchObject({
    speciesId: operator.speciesId,
    plantationId: operator.plantationId,
    planter: "Les voisins",
    message: "Repose en paix",
    epfId: epf.id,
    free: false,
  });
  expect(memorial.transactions.map((t) => [t.type, Number(t.amount)]).sort()).toEqual([
    ["CreationMemorial", 0],
    ["Plantation", 20],
  ]);

  // The public page shows it, with its tree.
  await result.getByTestId("public-link").click();
  await expect(page).toHaveURL(new RegExp(`/memorial/${memorialId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marie Dupont");
  const card = page.getByTestId("tree-card");
  await expect(card).toHaveCount(1);
  await expect(card.first()).toContainText(species.name);
  await expect(card.first().getByTestId("planter")).toHaveText("Les voisins");
  await expect(card.first().getByTestId("planter-message")).toHaveText("Repose en paix");

  // The memorial list shows it, visible, with its tree and its public page.
  await page.goto(`${baseUrl()}/dashboard/memorials`);
  const row = page.locator(`tr[data-memorial-id="${memorialId}"]`);
  await expect(row).toContainText("Marie Dupont");
  await expect(row).toContainText("Visible");
  await expect(row.locator("td").nth(2)).toHaveText("1");
  await expect(row.getByRole("link", { name: `/memorial/${memorialId}` })).toHaveAttribute(
    "href",
    `/memorial/${memorialId}`,
  );
  await page.getByLabel("Search by name").fill("durand");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(0);
  // Either order of the names is found.
  await page.getByLabel("Search by name").fill("dupont mar");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(1);

  // Detail: one more tree from the memorial's page.
  await row.getByRole("link", { name: "Marie Dupont" }).click();
  await expect(page.getByRole("heading", { name: "Marie Dupont" })).toBeVisible();
  await field(page, "Planted on behalf of").fill("Ses collègues");
  await page.getByRole("button", { name: "Plant the tree" }).click();
  await expect(page.getByTestId("plant-result")).toContainText("A tree was planted");
  await expect(page.getByRole("heading", { name: /^Trees/ })).toHaveText("Trees (2)");
  expect(await db.tree.count({ where: { memorialId } })).toBe(2);

  // Edit the person (PUT /Personne/Modifier rules): a blank field is left unchanged.
  await field(page, "Given name").fill("Marie-Claire");
  await field(page, "Title").fill("");
  await field(page, "Place of death").fill("Namur");
  await page.getByLabel("Also update the titles of this person's memorials").check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "saved" })).toHaveText(
    "The person has been saved.",
  );
  const person = await db.person.findUniqueOrThrow({ where: { id: memorial.personId! } });
  expect(person).toMatchObject({ firstName: "Marie-Claire", civility: "Mme", placeOfDeath: "Namur" });
  expect((await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).title).toBe(
    "Marie-Claire Dupont",
  );
  await expect(page.getByRole("heading", { name: "Marie-Claire Dupont" })).toBeVisible();
  expect(cspErrors).toEqual([]);
});

test("the form names each refused field in the user's language, and writes nothing", async ({ page }) => {
  const { operator } = await signedInOperator(page);
  await openPlantForm(page);
  await field(page, "Family name").fill("Martin");
  await field(page, "Date of death").fill("2026-11-01");
  await field(page, "Your page about the deceased (URL, linked during 14 days)").fill("not a link");
  await page.getByRole("button", { name: "Plant the tree" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Some fields need your attention");
  await expect(field(page, "Your page about the deceased (URL, linked during 14 days)")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByText("Enter an address starting with http:// or https://.")).toBeVisible();
  // No wire name, no English sentence of the API.
  await expect(page.getByRole("main")).not.toContainText("Defunt.");

  await field(page, "Your page about the deceased (URL, linked during 14 days)").fill("");
  await field(page, "Date of death").fill("");
  await page.getByRole("button", { name: "Plant the tree" }).click();
  await expect(field(page, "Date of death")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("This field is required.")).toBeVisible();
  // The use case's own refusal (a classic memorial needs a name) is shown beside its field too.
  await field(page, "Date of death").fill("2026-11-01");
  await field(page, "Family name").fill("");
  await page.getByRole("button", { name: "Plant the tree" }).click();
  await expect(field(page, "Family name")).toHaveAttribute("aria-invalid", "true");
  // A date of death in the future is refused beside its field.
  await field(page, "Family name").fill("Martin");
  await field(page, "Date of death").fill("2031-05-01");
  await page.getByRole("button", { name: "Plant the tree" }).click();
  await expect(field(page, "Date of death")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The date of death cannot be in the future.")).toBeVisible();
  expect(await db.memorial.count({ where: { operatorId: operator.operatorId } })).toBe(0);
  expect(await db.transaction.count({ where: { operatorId: operator.operatorId } })).toBe(0);
});

test("the form counts a name's length as the API does: 200 emoji fit, 201 are too long", async ({ page }) => {
  const { operator } = await signedInOperator(page);
  await openPlantForm(page);
  // 201 characters (402 UTF-16 units): refused beside the field, in the user's language.
  await field(page, "Family name").fill("🌳".repeat(201));
  await field(page, "Date of death").fill("2026-11-01");
  await page.getByRole("button", { name: "Plant the tree" }).click();
  await expect(field(page, "Family name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("This text is too long.")).toBeVisible();
  expect(await db.memorial.count({ where: { operatorId: operator.operatorId } })).toBe(0);
  // 200 characters, the API's limit as well: planted, the name stored whole.
  await field(page, "Family name").fill("🌳".repeat(200));
  await page.getByRole("button", { name: "Plant the tree" }).click();
  await expect(page.getByTestId("plant-result")).toContainText("A tree was planted");
  const person = await db.person.findFirstOrThrow({ where: { operatorId: operator.operatorId } });
  expect(person.lastName).toBe("🌳".repeat(200));
});

test("the form takes a place of death, stored on the person as PUT /Personne/Modifier stores it", async ({
  page,
}) => {
  const { operator } = await signedInOperator(page);
  await openPlantForm(page);
  await field(page, "Family name").fill("Lieu");
  await field(page, "Date of death").fill("2026-11-01");
  // The API's limit for LieuDeces (200 characters): 201 are refused beside the field, nothing written.
  await field(page, "Place of death").fill("x".repeat(201));
  await page.getByRole("button", { name: "Plant the tree" }).click();
  await expect(field(page, "Place of death")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("This text is too long.")).toBeVisible();
  expect(await db.person.count({ where: { operatorId: operator.operatorId } })).toBe(0);

  // Trimmed, as the Modifier trims it.
  await field(page, "Place of death").fill("  Namur  ");
  await page.getByRole("button", { name: "Plant the tree" }).click();
  await expect(page.getByTestId("plant-result")).toContainText("A tree was planted");
  const person = await db.person.findFirstOrThrow({ where: { operatorId: operator.operatorId } });
  expect(person).toMatchObject({ lastName: "Lieu", placeOfDeath: "Namur" });

  // The memorial's page shows it in the person's form.
  const memorial = await db.memorial.findFirstOrThrow({ where: { personId: person.id } });
  await page.goto(`${baseUrl()}/dashboard/memorials/${memorial.id}`);
  await expect(field(page, "Place of death")).toHaveValue("Namur");
});

test("an orphan tree goes to the global memorial and uses a prepaid tree", async ({ page }) => {
  const { operator } = await signedInOperator(page, { operator: { language: "en", prepaidTrees: 1 } });
  await openPlantForm(page);
  await page.getByLabel("Orphan tree: plant in the operator's global memorial").check();
  await page.getByRole("button", { name: "Plant the tree" }).click();
  await expect(page.getByTestId("plant-result")).toContainText("Free tree");
  const memorial = await db.memorial.findFirstOrThrow({ where: { operatorId: operator.operatorId } });
  expect(memorial.kind).toBe("global");
  expect((await db.operator.findUniqueOrThrow({ where: { id: operator.operatorId } })).prepaidTrees).toBe(0);
});

test("a memorial awaiting confirmation can have its e-mail sent again", async ({ page }) => {
  const { operator } = await signedInOperator(page);
  await openPlantForm(page);
  await field(page, "Family name").fill("Lambert");
  await field(page, "Given name").fill("Paul");
  await field(page, "Date of death").fill("2026-11-10");
  await page.getByLabel("Ask the family to confirm before the memorial becomes visible").check();
  await page.getByRole("button", { name: "Plant the tree" }).click();
  await expect(field(page, "Family e-mail address")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("This field is required.")).toBeVisible();
  await field(page, "Family e-mail address").fill("lambert@example.org");
  await page.getByRole("button", { name: "Plant the tree" }).click();
  const result = page.getByTestId("plant-result");
  await expect(result).toContainText("awaits the family's confirmation");
  await expect(result.getByTestId("public-link")).toHaveCount(0);
  const memorial = await db.memorial.findFirstOrThrow({ where: { operatorId: operator.operatorId } });
  expect(memorial.status).toBe("awaiting_confirmation");

  await result.getByRole("link", { name: `Memorial ${memorial.id}` }).click();
  await expect(page.getByTestId("memorial-state")).toHaveText("Awaiting confirmation");
  await page.getByRole("button", { name: "Send the confirmation e-mail again" }).click();
  await expect(page.getByText("A new confirmation e-mail is on its way")).toBeVisible();
  await expect
    .poll(() => db.outgoingEmail.count({ where: { memorialId: memorial.id } }), { timeout: 10_000 })
    .toBe(2);
  expect(await db.confirmationToken.count({ where: { memorialId: memorial.id } })).toBe(2);
  expect(await db.tree.count({ where: { memorialId: memorial.id } })).toBe(0);
  // Not public yet: no link to a public page.
  await expect(page.locator(`a[href="/memorial/${memorial.id}"]`)).toHaveCount(0);
  expect((await page.request.get(`${baseUrl()}/api/dashboard/memorials`)).status()).toBe(200);
});
