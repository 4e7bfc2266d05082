// Saves docs/screenshots/ceremony-{before,during,after}-{phone,desktop}.png: the ceremony's block on
// a memorial's page days ahead (the livestream said to come), within the livestream's window (half
// an hour before the start, its link shown) and long after (past words); and the forms that set it:
// dashboard-ceremony.png (the memorial's dashboard page) and manage-ceremony-{phone,desktop}.png
// (the family's management page, a refusal shown beside its field). Needs `npx next build`; run with
// `npx playwright test -c e2e/screenshots/screens.config.ts ceremony`.
import path from "node:path";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { expect, type Page, test } from "@playwright/test";
import { makeUser, signIn } from "../browser/dashboard-support";
import { classic, create } from "../browser/memorials";
import { api, baseUrl, db, makeIsolatedOperator } from "../support/factories";

const out = (name: string) => path.resolve("docs/screenshots", `${name}.png`);
const DAY = 86_400_000;
const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const CEREMONY = {
  Debut: `${NEXT_YEAR}-06-15T14:30`,
  Lieu: { Nom: "Église Saint-Martin", Adresse: "Place Saint-Martin 1, 1000 Bruxelles" },
  Diffusion: "https://stream.example.org/saint-martin",
  Note: "Ni fleurs ni couronnes : un arbre sera planté en sa mémoire.",
};

/** A memorial whose ceremony starts at `startsAt` (set in the database: the API refuses the past). */
async function memorialWithCeremony(op: Awaited<ReturnType<typeof makeIsolatedOperator>>, startsAt: Date) {
  const id = await create(op, classic({ Nom: "Lambert", Prenom: "Anne" }));
  const r = await api("PUT", `/Memorial/${id}/Ceremonie`, { key: op.key, body: CEREMONY });
  expect(r.status, r.text).toBe(201);
  await db.ceremony.update({ where: { memorialId: id }, data: { startsAt } });
  return id;
}

async function shoot(page: Page, memorialId: number, phase: string, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.goto(`${baseUrl()}/memorial/${memorialId}?lang=en`);
    const block = page.getByTestId("ceremony");
    await expect(block).toHaveAttribute("data-phase", phase);
    await block.scrollIntoViewIfNeeded();
    await block.screenshot({ path: out(`ceremony-${name}-${size}`) });
  }
}

test("ceremony block screenshots", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  // Each memorial's page is first read after its ceremony is where the picture wants it.
  const before = await memorialWithCeremony(op, new Date(Date.now() + 5 * DAY));
  const during = await memorialWithCeremony(op, new Date(Date.now() + 30 * 60_000));
  const after = await memorialWithCeremony(op, new Date(Date.now() - 30 * DAY));
  await shoot(page, before, "upcoming", "before");
  await expect(page.getByTestId("ceremony-livestream-later")).toBeVisible();
  await shoot(page, during, "upcoming", "during");
  await expect(page.getByTestId("ceremony-livestream")).toBeVisible();
  await shoot(page, after, "past", "after");
});

test("ceremony forms screenshots", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5, name: "Pompes Funèbres Lambert", language: "en" });
  const id = await create(op, classic({ Nom: "Lambert", Prenom: "Anne" }));
  const r = await api("PUT", `/Memorial/${id}/Ceremonie`, { key: op.key, body: CEREMONY });
  expect(r.status, r.text).toBe(201);

  await page.setViewportSize(SIZES.desktop);
  await signIn(page, await makeUser(op.operatorId));
  await page.goto(`${baseUrl()}/dashboard/memorials/${id}`);
  const section = page.getByTestId("dashboard-ceremony");
  await expect(section.getByTestId("dashboard-ceremony-current")).toBeVisible();
  await section.screenshot({ path: out("dashboard-ceremony") });

  // The family's form with a refusal: a livestream address that is not https.
  const { token } = await db.$transaction((tx) => issueManageToken(tx, id));
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.goto(`${baseUrl()}/manage/${token}?lang=en`);
    const manage = page.locator("section#ceremony");
    await manage.getByLabel("Livestream address (optional)").fill("http://stream.example.org/saint-martin");
    await manage.getByTestId("manage-ceremony-set").click();
    await expect(manage.getByTestId("manage-ceremony-livestreamUrl-error")).toBeVisible();
    await manage.screenshot({ path: out(`manage-ceremony-${size}`) });
  }
});
