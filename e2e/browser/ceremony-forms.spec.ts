// The ceremony set from the dashboard and changed by the family, in Chromium: the funeral home's
// user sets, moves and cancels it from the memorial's dashboard page (the memorial's page and its
// calendar file follow, SEQUENCE growing); a past start, an http:// livestream and a note too long
// are each refused beside their field, in the user's language, with nothing written; the family
// does the same from its management page with JavaScript off, a refusal named there too; the
// audit rows name the user and the family.
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { baseUrl, db, makeIsolatedOperator } from "../support/factories";
import { makeUser, signIn } from "./dashboard-support";
import { classic, create } from "./memorials";

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const LAST_YEAR = new Date().getUTCFullYear() - 1;
const LIVESTREAM = "https://stream.example.org/saint-martin";
const EVENTS = ["ceremony.scheduled", "ceremony.changed", "ceremony.cancelled"];

/** The calendar file's SEQUENCE, STATUS and DTSTART. */
async function calendar(memorialId: number) {
  const response = await fetch(`${baseUrl()}/memorial/${memorialId}/ceremony.ics`);
  expect(response.status).toBe(200);
  const text = await response.text();
  const value = (name: string) =>
    new RegExp(`^${name}[:;](?:[^:\\r\\n]*:)?([^\\r\\n]*)`, "m").exec(text)?.[1];
  return { sequence: value("SEQUENCE"), status: value("STATUS"), start: value("DTSTART") };
}

/** The memorial's public page, read as a visitor. */
async function publicWhen(page: Page, memorialId: number) {
  await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=en`);
  return page.getByTestId("ceremony");
}

/** A new operator's memorial, its dashboard page open for a user of the operator signed in in `lang`. */
async function signedInOnMemorial(page: Page, lang: string) {
  const op = await makeIsolatedOperator({ stock: 5 });
  const user = await makeUser(op.operatorId);
  const memorialId = await create(op, classic());
  await signIn(page, user, lang, `/dashboard/memorials/${memorialId}`);
  return { user, memorialId };
}

async function fill(form: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
}

const auditRows = (memorialId: number) =>
  db.auditLog.findMany({ where: { memorialId, action: { in: EVENTS } }, orderBy: { id: "asc" } });

test("the dashboard sets, moves and cancels a ceremony: the page and the calendar file follow, the audit rows name the user", async ({
  page,
}) => {
  const { user, memorialId } = await signedInOnMemorial(page, "en");
  const section = page.getByTestId("dashboard-ceremony");
  await expect(section.getByTestId("dashboard-ceremony-none")).toBeVisible();
  const form = section.getByTestId("dashboard-ceremony-form");
  await expect(form.getByLabel("Time zone", { exact: true })).toHaveValue("Europe/Brussels");
  // The form's fields are React's: filled before hydration, they would be emptied by it. Its
  // button is enabled once the form is hydrated.
  await expect(form.getByRole("button", { name: "Save the ceremony" })).toBeEnabled();
  await fill(form, {
    "Date and time": `${NEXT_YEAR}-06-15T14:30`,
    Place: "Église Saint-Martin",
    Address: "Place Saint-Martin 1, 1000 Bruxelles",
    "Livestream address (optional)": LIVESTREAM,
    "Note (optional)": "Ni fleurs ni couronnes.",
  });
  await form.getByRole("button", { name: "Save the ceremony" }).click();
  await expect(form.getByRole("status")).toHaveText("The ceremony has been saved.");
  const current = section.getByTestId("dashboard-ceremony-current");
  await expect(current).toHaveAttribute("data-state", "scheduled");
  await expect(section.getByTestId("dashboard-ceremony-when")).toContainText(
    `15 June ${NEXT_YEAR} at 14:30 Central European Summer Time`,
  );
  // The map link is made from the address, as on the memorial's page.
  await expect(current.getByRole("link", { name: "See on a map" })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/search?query=Place%20Saint-Martin%201%2C%201000%20Bruxelles",
  );
  const stored = await db.ceremony.findUniqueOrThrow({ where: { memorialId } });
  expect(stored).toMatchObject({
    startsAt: new Date(`${NEXT_YEAR}-06-15T12:30:00.000Z`),
    timeZone: "Europe/Brussels",
    livestreamUrl: LIVESTREAM,
    note: "Ni fleurs ni couronnes.",
    mapUrl: null,
  });
  expect(await calendar(memorialId)).toEqual({
    sequence: "0",
    status: "CONFIRMED",
    start: `${NEXT_YEAR}0615T123000Z`,
  });

  // Moved: the form shows the ceremony as it is; a new start.
  await expect(form.getByLabel("Date and time", { exact: true })).toHaveValue(`${NEXT_YEAR}-06-15T14:30`);
  await fill(form, { "Date and time": `${NEXT_YEAR}-06-16T10:00` });
  await form.getByRole("button", { name: "Save the ceremony" }).click();
  await expect(current).toHaveAttribute("data-state", "moved");
  await expect(section.getByTestId("dashboard-ceremony-when")).toContainText(`16 June ${NEXT_YEAR} at 10:00`);
  expect(await calendar(memorialId)).toEqual({
    sequence: "1",
    status: "CONFIRMED",
    start: `${NEXT_YEAR}0616T080000Z`,
  });
  const block = await publicWhen(page, memorialId);
  await expect(block.getByTestId("ceremony-when")).toContainText(`16 June ${NEXT_YEAR} at 10:00`);
  await expect(block.getByTestId("ceremony-moved")).toContainText(`15 June ${NEXT_YEAR} at 14:30`);

  // Cancelled: said on the dashboard, the page and the calendar file.
  await page.goto(`${baseUrl()}/dashboard/memorials/${memorialId}`);
  await section.getByRole("button", { name: "Cancel the ceremony" }).click();
  await expect(section.getByText("The ceremony has been cancelled.")).toBeVisible();
  await expect(current).toHaveAttribute("data-state", "cancelled");
  await expect(section.getByRole("button", { name: "Cancel the ceremony" })).toHaveCount(0);
  expect(await calendar(memorialId)).toMatchObject({ sequence: "2", status: "CANCELLED" });
  await expect(await publicWhen(page, memorialId)).toHaveAttribute("data-phase", "cancelled");

  const rows = await auditRows(memorialId);
  expect(rows.map((row) => [row.action, row.actorKind, row.actorId])).toEqual([
    ["ceremony.scheduled", "user", user.id],
    ["ceremony.changed", "user", user.id],
    ["ceremony.cancelled", "user", user.id],
  ]);
});

test("the dashboard refuses a past start, an http:// livestream and a note too long, each beside its field in the user's language, and writes nothing", async ({
  page,
}) => {
  const { memorialId } = await signedInOnMemorial(page, "fr");
  const form = page.getByTestId("dashboard-ceremony-form");
  const valid = {
    "Date et heure": `${NEXT_YEAR}-06-15T14:30`,
    Lieu: "Église Saint-Martin",
    Adresse: "Place Saint-Martin 1, 1000 Bruxelles",
    "Adresse de la diffusion en direct (facultatif)": LIVESTREAM,
    "Note (facultatif)": "Ni fleurs ni couronnes.",
  };
  const save = form.getByRole("button", { name: "Enregistrer la cérémonie" });
  const refused = [
    ["Date et heure", `${LAST_YEAR}-06-15T14:30`, "ceremony-start", "Le début doit être dans le futur."],
    [
      "Adresse de la diffusion en direct (facultatif)",
      "http://stream.example.org/saint-martin",
      "ceremony-livestreamUrl",
      "Saisissez une adresse commençant par https://.",
    ],
    ["Note (facultatif)", "n".repeat(501), "ceremony-note", "Ce texte est trop long."],
  ] as const;
  // Filled before hydration, React's fields would be emptied by it: the button says when it is done.
  await expect(save).toBeEnabled();
  for (const [label, value, id, words] of refused) {
    await fill(form, { ...valid, [label]: value });
    await save.click();
    await expect(form.getByTestId(`${id}-error`), label).toHaveText(words);
    await expect(form.getByLabel(label, { exact: true })).toHaveAttribute("aria-invalid", "true");
    // Only that field is named.
    await expect(form.locator("[aria-invalid]")).toHaveCount(1);
    await expect(form.getByRole("alert")).toHaveText(
      "Certains champs sont à corriger : voyez les messages à côté d'eux.",
    );
    expect(await db.ceremony.findUnique({ where: { memorialId } })).toBeNull();
  }
  expect(await auditRows(memorialId)).toEqual([]);
  // The same form, corrected, is saved.
  await fill(form, valid);
  await save.click();
  await expect(form.getByRole("status")).toHaveText("La cérémonie a été enregistrée.");
  await expect(form.locator("[aria-invalid]")).toHaveCount(0);
  expect(await db.ceremony.findUnique({ where: { memorialId } })).not.toBeNull();
});

test("the family sets, moves and cancels the ceremony from its management page without JavaScript; a refusal names its field; the audit rows name the family", async ({
  browser,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(op, classic());
  const { token } = await db.$transaction((tx) => issueManageToken(tx, memorialId));
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl()}/manage/${token}?lang=fr`);
    const section = page.getByTestId("manage-ceremony");
    await expect(section.getByTestId("manage-ceremony-none")).toHaveText(
      "Aucune cérémonie n’est encore fixée.",
    );
    const form = section.locator("form").filter({ has: page.getByTestId("manage-ceremony-set") });
    const valid = {
      "Date et heure": `${NEXT_YEAR}-06-15T14:30`,
      Lieu: "Église Saint-Martin",
      Adresse: "Place Saint-Martin 1, 1000 Bruxelles",
      "Adresse de la diffusion en direct (facultatif)": LIVESTREAM,
    };
    // A past start: the page again, the form as it was sent, the field named, nothing written.
    await fill(form, { ...valid, "Date et heure": `${LAST_YEAR}-06-15T14:30` });
    const [refusal] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      section.getByTestId("manage-ceremony-set").click(),
    ]);
    expect(refusal.status()).toBe(400);
    await expect(section.getByTestId("manage-ceremony-refused")).toBeVisible();
    await expect(section.getByTestId("manage-ceremony-start-error")).toHaveText(
      "Le début doit être dans le futur.",
    );
    await expect(form.getByLabel("Date et heure", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(form.locator("[aria-invalid]")).toHaveCount(1);
    await expect(form.getByLabel("Lieu", { exact: true })).toHaveValue("Église Saint-Martin");
    expect(await db.ceremony.findUnique({ where: { memorialId } })).toBeNull();

    // Corrected: set, then the page says when.
    await fill(form, { "Date et heure": `${NEXT_YEAR}-06-15T14:30` });
    await section.getByTestId("manage-ceremony-set").click();
    await expect(page).toHaveURL(/done=1/);
    await expect(page.getByTestId("manage-done")).toBeVisible();
    const current = section.getByTestId("manage-ceremony-current");
    await expect(current).toHaveAttribute("data-state", "scheduled");
    await expect(current).toContainText(`15 juin ${NEXT_YEAR} à 14:30`);

    // Moved.
    await expect(form.getByLabel("Date et heure", { exact: true })).toHaveValue(`${NEXT_YEAR}-06-15T14:30`);
    await fill(form, { "Date et heure": `${NEXT_YEAR}-06-16T10:00` });
    await section.getByTestId("manage-ceremony-set").click();
    await expect(current).toHaveAttribute("data-state", "moved");
    await expect(current).toContainText("Déplacée au");
    await expect(current).toContainText(`16 juin ${NEXT_YEAR} à 10:00`);
    expect(await calendar(memorialId)).toMatchObject({ sequence: "1", start: `${NEXT_YEAR}0616T080000Z` });

    // Cancelled.
    await section.getByTestId("manage-ceremony-cancel").click();
    await expect(current).toHaveAttribute("data-state", "cancelled");
    await expect(section.getByTestId("manage-ceremony-cancel")).toHaveCount(0);
    expect(await calendar(memorialId)).toMatchObject({ sequence: "2", status: "CANCELLED" });
  } finally {
    await context.close();
  }
  const rows = await auditRows(memorialId);
  expect(rows.map((row) => [row.action, row.actorKind, row.actorId])).toEqual([
    ["ceremony.scheduled", "family", memorialId],
    ["ceremony.changed", "family", memorialId],
    ["ceremony.cancelled", "family", memorialId],
  ]);
});
