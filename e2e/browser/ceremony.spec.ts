// The ceremony on the memorial's page, in Chromium without JavaScript (the block is links and
// text), in two languages: before the livestream's window (moved, with its former date), inside it
// (the livestream link), long past (set in the database: the API refuses a start in the past) and
// cancelled. Starts are chosen relative to now, so that each memorial is where the test says.
import { expect, test } from "@playwright/test";
import { api, baseUrl, db, makeIsolatedOperator } from "../support/factories";
import { classic, create, type Operator } from "./memorials";

// The block needs no client JavaScript: the page is read as a browser without it reads it.
test.use({ javaScriptEnabled: false });

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const PLACE = { Nom: "Église Saint-Martin", Adresse: "Place Saint-Martin 1, 1000 Bruxelles" };
const LIVESTREAM = "https://stream.example.org/saint-martin";

async function withCeremony(op: Operator, body: Record<string, unknown>) {
  const id = await create(op, classic());
  const r = await api("PUT", `/Memorial/${id}/Ceremonie`, {
    key: op.key,
    body: { Lieu: PLACE, Diffusion: LIVESTREAM, ...body },
  });
  expect(r.status, r.text).toBe(201);
  return id;
}

/** A local date-time in UTC, `minutes` from now (whole minutes, so still after now). */
const utcIn = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);

test("before the livestream's window, moved: the date where it takes place with its zone, the map, the calendar, in two languages", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await withCeremony(op, { Debut: `${NEXT_YEAR}-06-14T10:00`, Note: "Ni fleurs ni couronnes." });
  const moved = await api("PUT", `/Memorial/${id}/Ceremonie`, {
    key: op.key,
    body: {
      Lieu: PLACE,
      Diffusion: LIVESTREAM,
      Debut: `${NEXT_YEAR}-06-15T14:30`,
      Note: "Ni fleurs ni couronnes.",
    },
  });
  expect(moved.status, moved.text).toBe(200);

  await page.goto(`${baseUrl()}/memorial/${id}?lang=en`);
  const block = page.getByTestId("ceremony");
  await expect(block).toHaveAttribute("data-phase", "upcoming");
  await expect(block.getByRole("heading", { name: "Ceremony" })).toBeVisible();
  const when = block.getByTestId("ceremony-when");
  await expect(when).toContainText("The ceremony takes place on");
  await expect(when).toContainText(`15 June ${NEXT_YEAR} at 14:30 Central European Summer Time`);
  await expect(block.getByTestId("ceremony-moved")).toContainText(
    `The ceremony has been moved. It was first planned for`,
  );
  await expect(block.getByTestId("ceremony-moved")).toContainText(`14 June ${NEXT_YEAR} at 10:00`);
  await expect(block.getByTestId("ceremony-place")).toContainText(PLACE.Nom);
  await expect(block.getByTestId("ceremony-place")).toContainText(PLACE.Adresse);
  await expect(block.getByRole("link", { name: "See the place on a map" })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/search?query=Place%20Saint-Martin%201%2C%201000%20Bruxelles",
  );
  await expect(block.getByTestId("ceremony-note")).toHaveText("Ni fleurs ni couronnes.");
  // The livestream is said to come; its link is not there yet.
  await expect(block.getByTestId("ceremony-livestream-later")).toBeVisible();
  await expect(block.getByTestId("ceremony-livestream")).toHaveCount(0);
  const calendar = block.getByRole("link", { name: "Add to my calendar" });
  await expect(calendar).toHaveAttribute("href", `/memorial/${id}/ceremony.ics?lang=en`);
  const file = await page.request.get(`${baseUrl()}/memorial/${id}/ceremony.ics?lang=en`);
  expect(file.status()).toBe(200);
  expect(await file.text()).toContain("SEQUENCE:1");

  await page.goto(`${baseUrl()}/memorial/${id}?lang=fr`);
  await expect(block.getByRole("heading", { name: "Cérémonie" })).toBeVisible();
  await expect(when).toContainText("La cérémonie aura lieu le");
  await expect(when).toContainText(`15 juin ${NEXT_YEAR} à 14:30 heure d’été d’Europe centrale`);
  await expect(block.getByTestId("ceremony-moved")).toContainText("La cérémonie a été déplacée.");
  await expect(block.getByRole("link", { name: "Ajouter à mon agenda" })).toBeVisible();
  await expect(block.getByRole("link", { name: "Voir le lieu sur une carte" })).toBeVisible();
});

test("inside the livestream's window, before the start: the livestream link", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await withCeremony(op, { Debut: utcIn(30), FuseauHoraire: "UTC" });
  await page.goto(`${baseUrl()}/memorial/${id}?lang=en`);
  const block = page.getByTestId("ceremony");
  await expect(block).toHaveAttribute("data-phase", "upcoming");
  await expect(block.getByTestId("ceremony-when")).toContainText("Coordinated Universal Time");
  await expect(block.getByRole("link", { name: "Follow the ceremony online" })).toHaveAttribute(
    "href",
    LIVESTREAM,
  );
  await expect(block.getByTestId("ceremony-livestream-later")).toHaveCount(0);

  await page.goto(`${baseUrl()}/memorial/${id}?lang=fr`);
  await expect(block.getByRole("link", { name: "Suivre la cérémonie en ligne" })).toHaveAttribute(
    "href",
    LIVESTREAM,
  );
});

test("long past: in the past tense, no livestream, no calendar; cancelled: said plainly", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  // Set through the API a year ahead, then moved into the past in the database (the API refuses
  // a past start), before the page is ever read.
  const past = await withCeremony(op, { Debut: `${NEXT_YEAR}-06-15T14:30` });
  const longAgo = new Date(Date.now() - 30 * 86_400_000);
  await db.ceremony.update({ where: { memorialId: past }, data: { startsAt: longAgo } });
  await page.goto(`${baseUrl()}/memorial/${past}?lang=en`);
  const block = page.getByTestId("ceremony");
  await expect(block).toHaveAttribute("data-phase", "past");
  await expect(block.getByTestId("ceremony-when")).toContainText("The ceremony took place on");
  await expect(block.getByTestId("ceremony-livestream")).toHaveCount(0);
  await expect(block.getByTestId("ceremony-livestream-later")).toHaveCount(0);
  await expect(block.getByTestId("ceremony-calendar")).toHaveCount(0);
  await page.goto(`${baseUrl()}/memorial/${past}?lang=fr`);
  await expect(block.getByTestId("ceremony-when")).toContainText("La cérémonie a eu lieu le");

  const cancelled = await withCeremony(op, { Debut: utcIn(30), FuseauHoraire: "UTC" });
  const r = await api("POST", `/Memorial/${cancelled}/Ceremonie/Annuler`, { key: op.key });
  expect(r.status, r.text).toBe(200);
  await page.goto(`${baseUrl()}/memorial/${cancelled}?lang=en`);
  await expect(block).toHaveAttribute("data-phase", "cancelled");
  await expect(block.getByTestId("ceremony-when")).toContainText("The ceremony planned for");
  await expect(block.getByTestId("ceremony-when")).toContainText("is cancelled.");
  await expect(block.getByRole("link")).toHaveCount(0);
  await page.goto(`${baseUrl()}/memorial/${cancelled}?lang=fr`);
  await expect(block.getByTestId("ceremony-when")).toContainText("est annulée.");

  // A memorial without a ceremony shows no block.
  const none = await create(op, classic());
  await page.goto(`${baseUrl()}/memorial/${none}?lang=en`);
  await expect(page.getByTestId("total-trees")).toBeVisible();
  await expect(page.getByTestId("ceremony")).toHaveCount(0);
});

test("a page kept by the cache shows the change of its ceremony at once", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await withCeremony(op, { Debut: `${NEXT_YEAR}-06-15T14:30` });
  await page.goto(`${baseUrl()}/memorial/${id}?lang=en`);
  await expect(page.getByTestId("ceremony")).toHaveAttribute("data-phase", "upcoming");
  await page.goto(`${baseUrl()}/memorial/${id}?lang=en`);
  const r = await api("POST", `/Memorial/${id}/Ceremonie/Annuler`, { key: op.key });
  expect(r.status, r.text).toBe(200);
  await page.goto(`${baseUrl()}/memorial/${id}?lang=en`);
  await expect(page.getByTestId("ceremony")).toHaveAttribute("data-phase", "cancelled");
});
